"""The new-match form offers the catalogue's words and a match with no fixed end; at the
table, "Finish after this hand" ends it after the hand, and the counter says "Hand 1"."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import play_until_finished, sign_up

pytestmark = pytest.mark.browser


def test_an_open_ended_match_against_bots_ends_after_the_hand_its_player_agreed(open_phone):
    page = open_phone()
    page.goto("/")
    page.get_by_test_id("to-signup").click()
    sign_up(page)
    page.get_by_test_id("new-match").click()

    preset = page.get_by_test_id("nm-preset")
    expect(preset.locator("option")).to_have_text(["Standard (Nepal)", "Free follow", "Casual"])
    # With three bots the form starts at a live pace; an open seat makes it a day per move.
    turn = page.get_by_test_id("nm-turn_seconds")
    expect(turn).to_have_value("30")
    page.get_by_test_id("nm-opponent-2").select_option("open")
    expect(turn).to_have_value("86400")
    page.get_by_test_id("nm-opponent-2").select_option("bot:easy")
    expect(turn).to_have_value("30")

    page.get_by_test_id("nm-rules-toggle").click()
    expect(page.get_by_test_id("nm-tie_break").locator("option")).to_have_text(
        ["Share it", "Play it off"])
    page.get_by_test_id("nm-hands").select_option("open")
    expect(page.locator("#nm-hands-hint")).to_contain_text("at most 50 hands")
    page.get_by_test_id("nm-submit").click()
    page.get_by_test_id("table-screen").wait_for()

    expect(page.get_by_test_id("hand-number")).to_have_text("Hand 1")
    agree = page.get_by_test_id("finish-after-hand")
    expect(agree).to_be_visible(timeout=20_000)
    agree.click()
    expect(page.get_by_test_id("finish-votes")).to_have_text(
        re.compile("Everyone has agreed"), timeout=20_000)
    expect(agree).to_have_count(0)

    play_until_finished(page)
    expect(page.get_by_test_id("standings")).to_be_visible()
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    record = page.evaluate(f"fetch('/api/matches/{match_id}/record/').then(r => r.json())")
    assert len(record["hands"]) == 1 and record["hands"][0]["finish_agreed"] is True
