"""An invitation reaches the friend: the invitee sees it at the top of the lobby, accepts it,
lands at the table and plays a move."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import (
    KEPT_VIEW,
    act_if_my_turn,
    api_in_page,
    match_through_api,
    new_match,
    screenshot,
    sign_up,
    until_kept,
)

pytestmark = pytest.mark.browser


def invite(host, friend_name: str, *, hands: int = 1, turn_seconds: int = 3600,
           others=("bot:easy", "bot:easy")) -> int:
    """The host's match with ``friend_name`` invited, made through the API; its id."""
    return match_through_api(host, [f"user:{friend_name}", *others], hands=hands,
                             turn_seconds=turn_seconds)["id"]


def test_an_invitee_accepts_from_the_lobby_and_plays(open_phone):
    host, friend = open_phone(), open_phone()
    host_name = sign_up(host)
    friend_name = sign_up(friend)
    match_id = invite(host, friend_name)

    friend.goto("/")
    row = friend.get_by_test_id("invitation")
    expect(row).to_have_count(1, timeout=10_000)
    # It says who invited, in full, and what is asked: the hands and the time a turn.
    expect(row.locator("strong")).to_have_text(f"{host_name} invited you")
    assert row.locator("strong").evaluate("e => e.scrollWidth <= e.clientWidth")
    # The words are never squeezed into a column beside the answers: they go above them.
    assert row.locator("strong").bounding_box()["width"] >= 140
    screenshot(friend, "68-invitation-in-the-lobby")
    expect(row.get_by_test_id("invitation-about")).to_have_text("1 hand, 1 hour a turn")
    row.get_by_test_id("invitation-accept").click()
    friend.wait_for_url(f"**/m/{match_id}")
    expect(friend.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(
        13, timeout=20_000)
    host.goto(f"/m/{match_id}")
    acted = False
    for _ in range(90):
        act_if_my_turn(host)  # the host may be to call before the invitee
        if act_if_my_turn(friend):
            acted = True
            break
        friend.wait_for_timeout(500)
    assert acted, "the invitee never got a turn to play"
    moves = api_in_page(friend, "GET", f"/api/matches/{match_id}/")["body"]
    assert moves["my_seat"] == 1 and moves["seq"] > 1


def test_requests_answers_and_invitations_reach_an_open_app_without_a_reload(open_phone):
    host, friend = open_phone(), open_phone()
    host_name = sign_up(host)
    friend_name = sign_up(friend)  # both now on their lobby
    waiting = friend.get_by_test_id("friend-requests")
    expect(friend.get_by_test_id("match-list")).to_be_visible()
    expect(waiting).to_be_hidden()  # nobody has asked yet: no "0 requests" line

    asked = api_in_page(host, "POST", "/api/friends/requests/", {"username": friend_name})
    assert asked["status"] == 201, asked
    expect(waiting).to_contain_text("1 friend request is waiting for you.", timeout=10_000)

    waiting.get_by_test_id("see-friend-requests").click()
    friend.get_by_test_id("incoming-request").get_by_test_id("accept").click()
    told = host.get_by_test_id("friends-toast")
    expect(told).to_have_text(f"{friend_name} accepted your friend request.", timeout=10_000)
    friend.get_by_test_id("nav-lobby").click()
    expect(friend.get_by_test_id("match-list")).to_be_visible()
    expect(waiting).to_be_hidden()

    match_id = invite(host, friend_name)
    row = friend.get_by_test_id("invitation")
    expect(row).to_have_count(1, timeout=10_000)
    expect(row.locator("strong")).to_have_text(f"{host_name} invited you")
    row.get_by_test_id("invitation-decline").click()
    declined = host.get_by_test_id("declined-toast")
    expect(declined).to_have_text(
        f"{friend_name} declined your invitation: the seat is open.", timeout=10_000)
    declined.click()
    host.wait_for_url(f"**/m/{match_id}")
    assert host.errors == [] and friend.errors == []


def test_a_refusal_repeated_shows_once(open_phone):
    page = open_phone()
    sign_up(page)
    page.goto("/friends")
    for _ in range(3):
        page.get_by_test_id("friend-name").fill("nobody-by-this-name")
        page.get_by_test_id("add-friend").locator("[type=submit]").click()
        expect(page.get_by_test_id("toast")).to_have_text(
            "No player with an account is called nobody-by-this-name. A guest can be added as a "
            "friend once they keep their account.")
    expect(page.get_by_test_id("toast")).to_have_count(1)


def test_a_waiting_table_nobody_joined_is_called_off_in_two_taps(open_phone):
    host, friend = open_phone(), open_phone()
    sign_up(host)
    friend_name = sign_up(friend)
    match_id = invite(host, friend_name, hands=5, turn_seconds=86400,
                      others=("open", "bot:easy"))
    host.goto(f"/m/{match_id}")
    until_kept(host, match_id, lambda k: k["seq"] is not None)
    cancel = host.get_by_test_id("cancel-match")
    expect(cancel).to_have_text("Call off this match")
    cancel.click()  # the first tap only says what the second does, for a few seconds
    expect(cancel).to_have_text("Tap again to call it off: the invitations are withdrawn")
    expect(cancel).to_have_text("Call off this match", timeout=10_000)
    cancel.click()
    expect(cancel).to_have_text("Tap again to call it off: the invitations are withdrawn")
    assert api_in_page(host, "GET", f"/api/matches/{match_id}/")["status"] == 200
    cancel.click()
    host.wait_for_url("**/")
    expect(host.get_by_test_id("toast")).to_have_text("The match was called off.")
    expect(host.get_by_test_id("match-list")).not_to_contain_text(friend_name)
    assert api_in_page(host, "GET", f"/api/matches/{match_id}/")["status"] == 404
    assert host.evaluate(KEPT_VIEW, match_id)["seq"] is None  # its copy is gone
    # One called off elsewhere (another tab) while this phone kept it: opened again, the
    # table says it is gone, one tap from the lobby, and the copy goes.
    other = invite(host, friend_name, hands=5, turn_seconds=86400, others=("open", "bot:easy"))
    host.goto(f"/m/{other}")
    until_kept(host, other, lambda k: k["seq"] is not None)
    assert api_in_page(host, "POST", f"/api/matches/{other}/cancel/", {})["status"] == 204
    host.goto(f"/m/{other}")
    expect(host.get_by_test_id("match-unavailable")).to_contain_text("No such match.")
    expect(host.get_by_test_id("cancel-match")).to_have_count(0)
    assert host.evaluate(KEPT_VIEW, other)["seq"] is None
    friend.goto("/")
    expect(friend.get_by_test_id("match-list")).to_be_visible()
    expect(friend.get_by_test_id("invitation")).to_have_count(0)
    assert host.errors == [] and friend.errors == []


def test_a_player_who_joined_a_waiting_table_leaves_it_and_the_host_sees_the_seat_open(open_phone):
    host, friend = open_phone(), open_phone()
    sign_up(host)
    sign_up(friend)
    new_match(host, opponents=("open", "open", "bot:easy"))
    code = host.get_by_test_id("invite-code").inner_text()
    friend.goto(f"/join/{code}")
    friend.wait_for_url("**/m/*")
    # Another player is seated: neither may call the table off, either may leave it.
    for page in (host, friend):
        expect(page.get_by_test_id("leave-table")).to_be_visible()
        expect(page.get_by_test_id("cancel-match")).to_have_count(0)
    expect(host.get_by_test_id("invite").locator("h2")).to_have_text("Waiting for 1 player")
    friend.get_by_test_id("leave-table").click()
    friend.wait_for_url("**/")
    expect(friend.get_by_test_id("toast")).to_have_text("You left the table.")
    # The host's table says so at once: the seat is open, and alone again it may be called off.
    expect(host.get_by_test_id("invite").locator("h2")).to_have_text("Waiting for 2 players")
    expect(host.get_by_test_id("cancel-match")).to_be_visible()
    expect(host.get_by_test_id("leave-table")).to_have_count(0)
    assert host.errors == [] and friend.errors == []


def test_an_invitation_opened_at_its_table_is_answered_there(open_phone):
    """The invitation's message leads to its table: the invitee reads the terms there and
    accepts or declines it at once. At a table, such a message is brief, and only its
    "Open" leaves the table: a tap on its words just clears it."""
    host, friend = open_phone(), open_phone()
    sign_up(host)
    friend_name = sign_up(friend)
    match_id = invite(host, friend_name, turn_seconds=86400)
    friend.goto(f"/m/{match_id}")
    invited = friend.get_by_test_id("invited")
    expect(invited).to_contain_text("You are invited to this match", timeout=10_000)
    expect(invited.get_by_test_id("table-terms")).to_have_text("1 hand, 1 day a turn")
    expect(friend.get_by_test_id("share-invite")).to_have_count(0)
    screenshot(friend, "69-invited-at-the-table")
    # Not seated, the invitee is never told it is their turn.
    expect(friend.get_by_test_id("turn-status")).not_to_have_class(re.compile("status-mine"))
    assert not friend.title().startswith("●")
    invited.get_by_test_id("invited-accept").click()
    expect(friend.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(
        13, timeout=20_000)
    expect(friend.get_by_test_id("invited")).to_have_count(0)
    assert api_in_page(friend, "GET", f"/api/matches/{match_id}/")["body"]["my_seat"] == 1

    # At that table, a second invitation arrives: its words clear it, its "Open" follows it.
    second = invite(host, friend_name, others=("open", "bot:easy"))
    told = friend.get_by_test_id("toast").filter(has=friend.get_by_test_id("invitation-toast"))
    expect(told).to_contain_text("invited you to a match.", timeout=10_000)
    told.locator("span").first.click(position={"x": 4, "y": 4})
    expect(told).to_have_count(0)
    assert f"/m/{match_id}" in friend.url
    api_in_page(host, "POST", f"/api/matches/{second}/cancel/", {})
    third = invite(host, friend_name, others=("open", "bot:easy"))
    friend.get_by_test_id("invitation-toast").click(timeout=10_000)
    friend.wait_for_url(f"**/m/{third}")
    friend.get_by_test_id("invited-decline").click()
    friend.wait_for_url("**/")
    expect(friend.get_by_test_id("toast").filter(has_text="Invitation declined.")).to_have_count(1)
    seats = api_in_page(host, "GET", f"/api/matches/{third}/")["body"]["seats"]
    assert seats[1]["kind"] == "open"
    assert host.errors == [] and friend.errors == []


def test_a_waiting_table_says_its_pace(open_phone):
    host = open_phone()
    sign_up(host)
    made = match_through_api(host, ["open", "bot:easy", "bot:easy"], hands=5, turn_seconds=30)
    host.goto(f"/m/{made['id']}")
    expect(host.get_by_test_id("invite").get_by_test_id("table-terms")).to_have_text(
        "5 hands, 30 seconds a turn", timeout=10_000)


def test_invite_friends_reaches_a_friend_from_the_waiting_table(open_phone):
    """The lobby's "Invite friends" makes a table with open seats; from there one of the
    player's friends is invited in two taps, and the friend finds it in their lobby."""
    host, friend = open_phone(), open_phone()
    sign_up(host)
    friend_name = sign_up(friend)
    assert api_in_page(host, "POST", "/api/friends/requests/",
                       {"username": friend_name})["status"] == 201
    host_name = api_in_page(host, "GET", "/api/auth/me/")["body"]["username"]
    accepted = api_in_page(friend, "POST", f"/api/friends/requests/{host_name}/accept/", {})
    assert accepted["status"] in (200, 201, 204), accepted
    host.goto("/")
    host.get_by_test_id("invite-friends").click()
    host.get_by_test_id("pace-live").click()
    host.wait_for_url("**/m/*")
    match_id = int(host.url.rstrip("/").rsplit("/", 1)[1])
    expect(host.get_by_test_id("table-terms")).to_have_text("5 hands, 30 seconds a turn")
    host.get_by_test_id("invite-a-friend").click()
    picker = host.get_by_test_id("invite-friend-dialog")
    expect(picker.get_by_test_id("friend-to-invite")).to_have_count(1)
    expect(picker.get_by_test_id("friend-to-invite")).to_contain_text(friend_name)
    screenshot(host, "71-invite-a-friend")
    picker.get_by_test_id("invite-this-friend").click()
    expect(host.get_by_test_id("toast").filter(has_text=f"{friend_name} is invited")
           ).to_have_count(1)
    seats = api_in_page(host, "GET", f"/api/matches/{match_id}/")["body"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "reserved", "open", "open"]

    friend.goto("/")
    row = friend.get_by_test_id("invitation")
    expect(row).to_have_count(1, timeout=10_000)
    row.get_by_test_id("invitation-accept").click()
    friend.wait_for_url(f"**/m/{match_id}")
    expect(host.get_by_test_id("toast").filter(has_text=f"{friend_name} joined the table.")
           ).to_have_count(1, timeout=10_000)
    # Every friend is at the table now: the sheet says so, and where friends are added.
    host.get_by_test_id("invite-a-friend").click()
    expect(host.get_by_test_id("no-friend-to-invite")).to_be_visible()
    assert host.errors == [] and friend.errors == []


def test_inviting_a_friend_again_goes_to_the_table_that_waits_for_them(open_phone):
    host, friend = open_phone(), open_phone()
    host_name = sign_up(host)
    friend_name = sign_up(friend)
    assert api_in_page(host, "POST", "/api/friends/requests/",
                       {"username": friend_name})["status"] == 201
    api_in_page(friend, "POST", f"/api/friends/requests/{host_name}/accept/", {})
    tables = []
    for _ in range(2):
        host.goto("/friends")
        host.get_by_test_id("invite-friend").click()
        host.get_by_test_id("pace-slow").click()
        host.wait_for_url("**/m/*")
        tables.append(int(host.url.rstrip("/").rsplit("/", 1)[1]))
    assert tables[0] == tables[1]
    expect(host.get_by_test_id("toast").filter(
        has_text=f"You have already invited {friend_name} to a table that is still waiting "
                 "for them.")).to_have_count(1)
    expect(friend.get_by_test_id("invitation")).to_have_count(1, timeout=10_000)
    assert host.errors == [] and friend.errors == []
