"""The social screens in a real browser: a friend request sent, accepted and answered with a
one-tap invite, then a block; a reaction at the table (and muted), the rating change on the
match-end sheet, in history, on the profile and the leaderboard, and reactions in the replay."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import api_in_page, finish_through_api, screenshot, sign_up

pytestmark = pytest.mark.browser


def test_a_request_accepted_a_friend_invited_in_one_tap_and_then_blocked(open_phone):
    asker, friend = open_phone(), open_phone()
    asker_name, friend_name = sign_up(asker), sign_up(friend)

    asker.get_by_test_id("open-friends").click()  # from the lobby
    asker.get_by_test_id("friend-name").fill(friend_name)
    asker.get_by_test_id("add-friend").locator("[type=submit]").click()
    expect(asker.get_by_test_id("outgoing")).to_contain_text(friend_name)

    # The lobby says a request is waiting, and one tap shows it.
    friend.goto("/")
    waiting = friend.get_by_test_id("friend-requests")
    expect(waiting).to_contain_text("1 friend request is waiting for you.")
    waiting.get_by_test_id("see-friend-requests").click()
    friend.wait_for_url("**/friends")
    request = friend.get_by_test_id("incoming-request")
    expect(request).to_contain_text(asker_name)
    request.get_by_test_id("accept").click()
    row = friend.get_by_test_id("friend")
    expect(row).to_contain_text(asker_name)
    expect(row.locator(".presence.is-online")).to_have_count(1)  # the asker has the app open
    expect(row.get_by_test_id("friend-rating")).to_have_text("unrated")
    screenshot(friend, "20-friends")

    asker.goto("/new")
    first = asker.get_by_test_id("nm-opponent-0").locator("option").first
    expect(first).to_have_attribute("value", f"user:{friend_name}")  # friends come first

    row.get_by_test_id("invite-friend").click()
    friend.get_by_test_id("choose-pace").get_by_test_id("pace-slow").click()
    friend.wait_for_url("**/m/*")
    expect(friend.get_by_test_id("invite")).to_be_visible()  # waiting for the invited friend
    match_id = int(friend.url.rstrip("/").rsplit("/", 1)[1])
    match = api_in_page(friend, "GET", f"/api/matches/{match_id}/")["body"]
    assert match["turn_seconds"] == 24 * 3600
    seats = match["seats"]
    assert seats[1]["kind"] == "reserved" and asker_name in seats[1]["name"]
    # The invited player's seat reads their name whole, "invited" being its avatar's badge.
    invited = friend.locator("[data-testid=table-screen] .seat[data-seat='1']")
    expect(invited.locator(".seat-name")).to_have_text(asker_name)
    assert invited.locator(".avatar .level").text_content() == "invited"

    friend.goto("/friends")
    friend.get_by_test_id("friend").get_by_test_id("block-friend").click()
    expect(friend.get_by_test_id("blocked")).to_contain_text(asker_name)
    asker.goto("/friends")
    expect(asker.get_by_test_id("friend")).to_have_count(0)
    asker.get_by_test_id("friend-name").fill(friend_name)
    asker.get_by_test_id("add-friend").locator("[type=submit]").click()
    # The same refusal whichever side blocked.
    expect(asker.locator(".toast, [data-testid=toast]").first).to_contain_text(
        "cannot send")
    assert asker.errors == [] and friend.errors == []


def test_reactions_at_the_table_and_in_the_replay_and_the_rating_everywhere(open_phone):
    page = open_phone()
    username = sign_up(page)
    page.get_by_test_id("new-match").click()
    page.get_by_test_id("nm-hands").select_option("3")  # the shortest rated match
    page.get_by_test_id("nm-submit").click()
    page.wait_for_url("**/m/*")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])

    page.get_by_test_id("reactions-toggle").click()
    page.get_by_test_id("react-clap").click()
    bubble = page.locator(".seat.is-me [data-testid=reaction-bubble][data-reaction=clap]")
    expect(bubble).to_be_visible()
    screenshot(page, "21-reaction")
    expect(bubble).to_have_count(0, timeout=5000)  # shown briefly
    page.get_by_test_id("reactions-toggle").click()
    page.get_by_test_id("mute-reactions").click()
    expect(page.get_by_test_id("mute-reactions")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("react-wow").click()
    page.wait_for_timeout(1200)
    expect(page.get_by_test_id("reaction-bubble")).to_have_count(0)  # muted at this table

    finish_through_api(page, match_id)
    # Three hands played from outside the page: it draws the finished match from the server.
    page.reload()
    expect(page.get_by_test_id("standings")).to_be_visible(timeout=30_000)
    # What the match did and where the rating stands now: "Rating: +18, now 1,018 (…)".
    expect(page.get_by_test_id("rating-change")).to_have_text(re.compile(
        r"^Rating: [+−±][\d,]+, now [\d,]+ \(provisional, 1 of 10 matches\)$"), timeout=15_000)
    expect(page.get_by_test_id("rating-change")).to_have_attribute(
        "title", "Your rating was 1,000 before this match.")
    screenshot(page, "22-rating-change")

    page.get_by_test_id("nav-history").click()
    expect(page.get_by_test_id("history-rating-change").first).to_be_visible()

    page.goto(f"/replay/{match_id}")
    toggle = page.get_by_test_id("replay-show-reactions")
    expect(toggle).not_to_be_checked()  # the table's mute is the replay's default
    toggle.check()
    shown = page.get_by_test_id("replay-reactions").get_by_test_id("reaction-bubble")
    expect(shown).to_have_count(2)
    toggle.uncheck()
    expect(shown).to_have_count(0)

    page.goto(f"/u/{username}")
    expect(page.get_by_test_id("profile-rating")).to_contain_text("(provisional, 1 of 10 matches)")
    expect(page.get_by_test_id("recent-match")).to_have_attribute("href", f"/replay/{match_id}")
    page.goto("/leaderboard?scope=friends")
    expect(page.get_by_test_id("board-row")).to_contain_text(username)
    # The note speaks of the board shown; the two rows of choices do not touch.
    note = page.get_by_test_id("board-note")
    expect(note).to_have_text("Friends show here once a rated match has given them a rating.")
    page.get_by_test_id("board-global").click()
    expect(note).to_contain_text("The global board lists players")
    rows = [page.get_by_test_id(t).bounding_box() for t in ("board-global", "board-all")]
    assert rows[1]["y"] >= rows[0]["y"] + rows[0]["height"] + 4, rows

    page.goto("/settings")
    switch = page.get_by_test_id("setting-global-leaderboard")
    expect(switch).to_be_checked()
    switch.uncheck()
    page.wait_for_timeout(500)
    assert api_in_page(page, "GET", "/api/ratings/me/")["body"]["on_global_leaderboard"] is False
    assert page.errors == []
