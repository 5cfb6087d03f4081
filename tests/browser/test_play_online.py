"""Play online: four players who search at one pace sit at one table; two players whose bots
come after 10 s sit with two bots within 15 s; a guest searches casual only from the welcome
screen, and leaving the screen keeps a slow search (listed in the lobby) but ends a live one;
a live search that ended without the player (the server's, when they were away) is told."""

from __future__ import annotations

import re
import time
from datetime import datetime

import pytest
from playwright.sync_api import expect

from .conftest import api_in_page, screenshot, sign_up

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r".*/m/(\d+)$")


def match_id_of(page) -> int:
    return int(MATCH_URL.match(page.url)[1])


def test_four_players_who_press_play_online_at_one_pace_land_at_one_table(open_phone):
    pages = [open_phone() for _ in range(4)]
    names = [sign_up(page) for page in pages]
    for page in pages:
        # The first search asks for a pace; a day a turn brings no bots, so only people sit.
        page.get_by_test_id("play-online").click()
        page.get_by_test_id("pace-1d").click()
        page.get_by_test_id("seek-start").click()
        if page is not pages[-1]:
            expect(page.get_by_test_id("seek-status")).to_contain_text(" of 4")
        if page is pages[1]:
            # Found together at a pace with no bots: starting with bots would seat one alone.
            expect(page.get_by_test_id("seek-bots")).to_contain_text(
                "The others found so far wait for people: starting now with bots seats only you.")
    screenshot(pages[0], "60-finding-players")
    for page in pages:
        page.wait_for_url(MATCH_URL, timeout=20_000)
    tables = {match_id_of(page) for page in pages}
    assert len(tables) == 1, tables
    view = api_in_page(pages[0], "GET", f"/api/matches/{tables.pop()}/")["body"]
    assert sorted(seat["name"] for seat in view["seats"]) == sorted(names)
    assert view["turn_seconds"] == 86400 and view["hands"] == 5
    expect(pages[0].get_by_test_id("table-screen")).to_be_visible()

    # The next search is one tap from the lobby, at the pace used last.
    page = pages[0]
    page.goto("/")
    expect(page.get_by_test_id("play-online-pace")).to_have_text("1 day a turn · rated")
    page.get_by_test_id("play-online").click()
    expect(page.get_by_test_id("seek-pace")).to_have_text("1 day a turn · rated")
    expect(page.get_by_test_id("seek-status")).to_have_text("Finding players… 1 of 4")
    page.get_by_test_id("seek-cancel").click()
    expect(page.get_by_test_id("seek-wait")).to_have_count(0)
    expect(page.locator("[data-testid=pace-1d] input")).to_be_checked()
    assert api_in_page(page, "GET", "/api/seeks/")["body"][0]["status"] == "matched"
    assert all(p.errors == [] for p in pages)


def test_two_players_whose_bots_come_after_ten_seconds_sit_with_two_bots_within_fifteen(open_phone):
    away, waiting = open_phone(), open_phone()
    for page in (away, waiting):
        sign_up(page)
    started = time.time()  # the server's clock too: it runs on this machine
    for page in (away, waiting):
        made = api_in_page(page, "POST", "/api/seeks/",
                           {"pace": "15s", "rated": True, "bots_after_seconds": 10})
        assert made["status"] == 201, made
    # One waits on the Play online screen, the other stays in the lobby, which lists the search.
    cancels: list[str] = []
    waiting.on("request", lambda r: cancels.append(r.url) if r.method == "DELETE" else None)
    waiting.goto("/play")
    away.goto("/")
    expect(away.get_by_test_id("open-seek")).to_contain_text("15 seconds a turn · rated")
    expect(waiting.get_by_test_id("seek-status")).to_have_text("Finding players… 2 of 4")
    expect(waiting.get_by_test_id("seek-bots")).to_contain_text(
        re.compile(r"Bots join in \d+ seconds?\."))
    screenshot(waiting, "61-bots-join-soon")

    waiting.wait_for_url(MATCH_URL, timeout=30_000)
    expect(waiting.get_by_test_id("table-screen")).to_be_visible()
    assert cancels == [], "the screen cancelled the search that had just found its table"
    found = away.get_by_test_id("match-found")
    expect(found).to_be_visible()
    found.click()
    away.wait_for_url(f"**/m/{match_id_of(waiting)}")
    view = api_in_page(away, "GET", f"/api/matches/{match_id_of(away)}/")["body"]
    kinds = sorted(seat["kind"].split(":")[0] for seat in view["seats"])
    assert kinds == ["bot", "bot", "human", "human"], view["seats"]
    assert view["turn_seconds"] == 15
    # Seated when the bots' ten seconds were up, within fifteen: the server's record (how soon
    # each page shows it depends on how busy this machine's browser is).
    seated = datetime.fromisoformat(view["created_at"]).timestamp() - started
    assert 9 <= seated <= 15, seated
    assert away.errors == [] and waiting.errors == []


def test_a_guest_searches_casual_only_and_leaving_ends_a_live_search_but_not_a_slow_one(open_phone):
    page = open_phone(viewport={"width": 360, "height": 640})
    page.goto("/")
    page.get_by_test_id("play-online").click()
    expect(page.get_by_test_id("seek-guest-note")).to_be_visible()
    expect(page.locator("[data-testid=rated-rated] input")).to_be_disabled()
    expect(page.locator("[data-testid=rated-casual] input")).to_be_checked()
    screenshot(page, "62-play-online-360")

    page.get_by_test_id("pace-3d").click()
    page.get_by_test_id("seek-start").click()
    expect(page.get_by_test_id("seek-pace")).to_have_text("3 days a turn · casual")
    expect(page.get_by_test_id("seek-bots")).to_have_text(
        "You can leave this screen: the search goes on, and the lobby lists it.")
    assert api_in_page(page, "GET", "/api/auth/me/")["body"]["is_guest"] is True

    # A live search beside it: the form stays until then, and is hidden while it waits.
    page.get_by_test_id("pace-30s").click()
    page.get_by_test_id("seek-start").click()
    expect(page.get_by_test_id("seek-wait")).to_have_count(2)
    expect(page.get_by_test_id("seek-form")).to_be_hidden()
    screenshot(page, "63-two-searches-360")

    page.get_by_test_id("nav-lobby").click()
    expect(page.locator(".toast", has_text="Live search cancelled")).to_be_visible()
    row = page.get_by_test_id("open-seek")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("3 days a turn · casual")
    screenshot(page, "64-lobby-lists-the-slow-search-360")
    open_seeks = [s["pace"] for s in api_in_page(page, "GET", "/api/seeks/")["body"]
                  if s["status"] == "open"]
    assert open_seeks == ["3d"]

    row.get_by_test_id("open-seek-cancel").click()
    expect(page.get_by_test_id("open-seek")).to_have_count(0)
    seeks = api_in_page(page, "GET", "/api/seeks/")["body"]
    assert [seek for seek in seeks if seek["status"] == "open"] == []
    assert page.errors == []


def test_a_live_search_ended_without_the_player_is_told_but_their_own_cancel_is_not(open_phone):
    page = open_phone()
    sign_up(page)
    page.goto("/play")
    page.get_by_test_id("pace-60s").click()
    page.get_by_test_id("seek-start").click()
    expect(page.get_by_test_id("seek-wait")).to_have_count(1)
    seek = [s for s in api_in_page(page, "GET", "/api/seeks/")["body"] if s["status"] == "open"]
    assert len(seek) == 1 and seek[0]["pace"] == "60s", seek
    # Ended elsewhere, as the server ends a search whose screen stopped asking for it.
    assert api_in_page(page, "DELETE", f"/api/seeks/{seek[0]['id']}/")["status"] == 204
    toast = page.locator(".toast", has_text="Your live search ended while you were away.")
    expect(toast).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("seek-form")).to_be_visible()

    # The player's own cancel ends a search without that sentence.
    page.get_by_test_id("seek-start").click()
    expect(page.get_by_test_id("seek-wait")).to_have_count(1)
    expect(toast).to_have_count(0, timeout=15_000)
    page.get_by_test_id("seek-cancel").click()
    expect(page.get_by_test_id("seek-form")).to_be_visible()
    page.wait_for_timeout(2500)  # a poll or two after it
    expect(toast).to_have_count(0)
    assert page.errors == []
