"""What the table tells a player that the seats alone would change quietly: a move the clock
made for them, and who came to or left a waiting table, or started it."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import TurnClock
from games.services.deadlines import deadlines_sweep

from .conftest import (
    LEGAL_CARDS,
    act_if_my_turn,
    api_in_page,
    match_through_api,
    sign_up,
    until_kept,
    with_database,
)

pytestmark = pytest.mark.browser

TOLD = "Your time ran out: a bot made that move for you."
# What the table shows once it waits for this player: the call picker or a playable card.
MY_MOVE = f"[data-testid=call-picker], {LEGAL_CARDS}"


def my_turn(page, match_id: int, timeout: float = 60) -> dict:
    """The match's view once it waits for this player (the bots move on their own)."""
    deadline = time.monotonic() + timeout
    while True:
        current = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
        if current["turn"] == current["my_seat"] and current["legal"]:
            return current
        assert time.monotonic() < deadline, "the player never came on turn"
        page.wait_for_timeout(200)


def test_a_move_the_clock_made_is_told(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = match_through_api(page, ["bot:easy"] * 3, turn_seconds=30)["id"]
    page.goto(f"/m/{match_id}")
    mine = my_turn(page, match_id)
    expect(page.locator(MY_MOVE).first).to_be_visible(timeout=10_000)

    def overdue():
        TurnClock.objects.filter(match_id=match_id).update(
            deadline=timezone.now() - timedelta(seconds=1))
        deadlines_sweep()

    with_database(overdue)
    expect(page.get_by_test_id("toast").filter(has_text=TOLD)).to_have_count(1, timeout=15_000)
    after = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
    assert after["seq"] > mine["seq"]
    # A move of the player's own says nothing of the kind.
    page.get_by_test_id("toast").first.click()
    my_turn(page, match_id)
    expect(page.locator(MY_MOVE).first).to_be_visible(timeout=10_000)
    assert act_if_my_turn(page, timeout=10_000)
    page.wait_for_timeout(1500)
    expect(page.get_by_test_id("toast").filter(has_text=TOLD)).to_have_count(0)
    assert page.errors == []


def test_the_host_hears_who_joins_and_leaves_and_that_the_match_started(open_phone):
    host, guest = open_phone(), open_phone()
    sign_up(host)
    guest_name = sign_up(guest)
    made = match_through_api(host, ["open", "open", "bot:easy"], turn_seconds=86400)
    match_id, code = made["id"], made["invite_code"]
    host.goto(f"/m/{match_id}")
    until_kept(host, match_id, lambda k: k["seq"] is not None)
    toasts = host.get_by_test_id("toast")
    assert api_in_page(guest, "POST", "/api/matches/join/", {"invite_code": code})["status"] == 200
    expect(toasts.filter(has_text=f"{guest_name} joined the table.")).to_have_count(
        1, timeout=10_000)
    assert api_in_page(guest, "POST", f"/api/matches/{match_id}/leave/", {})["status"] == 204
    expect(toasts.filter(has_text=f"{guest_name} left the table.")).to_have_count(
        1, timeout=10_000)
    assert api_in_page(guest, "POST", "/api/matches/join/", {"invite_code": code})["status"] == 200
    assert api_in_page(guest, "POST", f"/api/matches/{match_id}/fill/", {})["status"] == 200
    expect(toasts.filter(has_text="The match has started.")).to_have_count(1, timeout=10_000)
    assert host.errors == [] and guest.errors == []


def turn_again(match_id: int) -> None:
    """Tell the player again that the match waits for them (as a new turn does)."""
    from games.models import Match
    from notifications.services.matches import notify_turn

    match = Match.objects.get(pk=match_id)
    notify_turn(match_id=match_id, seq=match.seq, user_id=match.created_by_id)


def test_a_turn_that_begins_while_the_app_is_on_another_screen_is_told_there(open_phone):
    page = open_phone()
    sign_up(page)
    page.goto("/history")
    # The turn is told over the socket: it is open before the turn begins.
    expect(page.locator("body[data-live=on]")).to_have_count(1, timeout=10_000)
    match_id = match_through_api(page, ["bot:easy"] * 3, turn_seconds=86400)["id"]
    told = page.get_by_test_id("turn-toast")
    expect(told).to_have_text(f"Your turn in match #{match_id}.", timeout=20_000)
    told.click()
    page.wait_for_url(f"**/m/{match_id}")
    expect(page.locator(MY_MOVE).first).to_be_visible(timeout=10_000)
    # Told on the lobby, the message goes once the match's table opens by another way.
    page.get_by_test_id("nav-lobby").click()
    with_database(lambda: turn_again(match_id))
    expect(told).to_be_visible(timeout=20_000)
    page.locator(f"[data-testid=match-list] a[href='/m/{match_id}']").click()
    page.wait_for_url(f"**/m/{match_id}")
    expect(told).to_have_count(0)
    assert page.errors == []
