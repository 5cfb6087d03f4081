"""No dead ends: a guest's "Profile and rating →" opens their own profile, with their stats and
"Keep this account", never "No such player"; "Older matches" shows only when there are older
matches; a page opened directly at a name in any script finds its player. (The flow of a
match: no dead ends.)"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_guest_reaches_their_profile_and_the_offer_to_keep_it(open_phone):
    page = open_phone()
    page.goto("/")
    page.get_by_test_id("play-vs-computer").click()
    page.get_by_test_id("call-picker").wait_for(timeout=20_000)
    page.goto("/stats")
    page.get_by_test_id("open-profile").click()
    profile = page.get_by_test_id("profile")
    expect(profile.get_by_test_id("keep-account")).to_be_visible()
    expect(profile.get_by_test_id("stat-played")).to_be_visible()
    expect(profile).not_to_contain_text("No such player")
    expect(profile.get_by_test_id("profile-rating")).to_have_text("Not rated yet")
    profile.get_by_test_id("keep-account").click()
    expect(page.get_by_test_id("claim-form")).to_be_visible()

    page.goto("/history")
    expect(page.get_by_test_id("history-list")).to_contain_text("No finished matches yet.")
    expect(page.get_by_test_id("history-more")).to_be_hidden()
    assert page.errors == []


def test_stats_and_profile_open_at_a_devanagari_name(open_phone):
    page = open_phone()
    name = "राम_थापा"
    page.goto("/signup")
    page.get_by_test_id("auth-username").fill(name)
    page.get_by_test_id("auth-password").fill("a-Long-pass-phrase-7")
    page.get_by_test_id("auth-submit").click()
    page.get_by_test_id("match-list").wait_for()
    answer = page.goto(f"/stats/{quote(name)}")
    assert answer.status == 200
    expect(page.get_by_test_id("stats")).to_contain_text("Your statistics")
    answer = page.goto(f"/u/{quote(name)}")
    assert answer.status == 200
    expect(page.get_by_test_id("profile").locator("h1")).to_have_text(name)
    assert page.errors == []


def test_a_visitor_signed_out_finds_the_way_back_from_online_and_offline_play(open_phone):
    page = open_phone()
    for path in ("/play", "/offline"):
        page.goto(path)
        back = page.get_by_test_id("back-home")
        expect(back).to_have_text("← Back")
        back.click()
        expect(page.get_by_test_id("welcome")).to_be_visible()
    assert page.errors == []
