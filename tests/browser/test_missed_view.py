"""A view lost between the server and the phone is made good by the answer to the page's
``watch`` or by the next heartbeat, each of which carries the match's latest seq."""

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import LEGAL_CARDS, act_if_my_turn, api_in_page, new_match, sign_up

pytestmark = pytest.mark.browser


def server_view_when(page, match_id: int, holds, failure: str, timeout: float = 20) -> dict:
    """The server's view of the match (asked from the page) once ``holds(view)``."""
    deadline = time.monotonic() + timeout
    while True:
        server = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
        if holds(server):
            return server
        assert time.monotonic() < deadline, failure
        page.wait_for_timeout(200)


def call_and_wait_for_the_bots(page, match_id: int) -> None:
    """Call (the answer comes over HTTP), then wait until the bots after this player have
    moved and the server has it to play, while the page, told nothing, does not know it."""
    assert act_if_my_turn(page, call=2)
    server_view_when(page, match_id, lambda v: v["status"] == "playing"
                     and v["turn"] == v["my_seat"], "the bots did not move")
    page.wait_for_timeout(1500)
    assert page.locator(LEGAL_CARDS).count() == 0, "the page should not know it is its turn yet"


def test_the_table_catches_up_at_the_next_heartbeat_after_views_were_lost(open_phone):
    page = open_phone()
    lost = {"dropping": False, "views": 0}

    def relay(ws):
        """Between the page and the server: match views vanish while ``dropping`` is on, as
        when a server's link to Redis drops for a moment; the socket itself stays up."""
        server = ws.connect_to_server()

        def to_page(message):
            if lost["dropping"] and '"match.view"' in str(message):
                lost["views"] += 1
                return
            ws.send(message)

        server.on_message(to_page)

    page.route_web_socket("**/ws/", relay)
    page.clock.install()  # the page's clock runs as usual until the test moves it on
    sign_up(page)
    match_id = new_match(page)
    expect(page.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(13,
                                                                                 timeout=20_000)
    expect(page.locator("body[data-live=on]")).to_have_count(1)
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=20_000)

    # After this call only bots move until it is this player's turn again, and every view of
    # their moves is lost on the way; the answer to the call itself comes over HTTP.
    lost["dropping"] = True
    call_and_wait_for_the_bots(page, match_id)
    assert lost["views"] >= 1

    # The app pings every 25 s; the answer carries the match's latest seq.
    page.clock.fast_forward(26_000)
    expect(page.locator(LEGAL_CARDS).first).to_be_visible(timeout=10_000)
    assert page.errors == []


def test_a_table_whose_socket_joins_after_the_bots_moved_catches_up_without_a_heartbeat(
        open_phone):
    """The page's socket reaches the server only after the bots have moved: their views were
    published before it joined, so none comes. The server answers the page's ``watch`` with
    the match's latest seq, and the table catches up at once, with no heartbeat sent."""
    page = open_phone()
    held = {"socket": None, "sent": [], "server": None}

    def hold(ws):
        """The page's socket opens, but what it sends waits here until the test lets it on."""
        if held["socket"] is not None:  # a later socket: straight through
            ws.connect_to_server()
            return
        held["socket"] = ws

        def from_page(message):
            held["sent"].append(message)
            if held["server"] is not None:
                held["server"].send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/", hold)
    sign_up(page)
    match_id = new_match(page)
    server = server_view_when(page, match_id, lambda v: v["turn"] == v["my_seat"],
                              "the bots did not call", timeout=30)
    assert held["socket"] is not None
    # The seats the page shows as having called, once it has drawn the view it fetched.
    called = page.get_by_role("group", name=re.compile(r"called \d+, won"))
    expect(page.get_by_role("group", name=re.compile(r"(called \d+|no call yet), won"))
           ).to_have_count(4)
    page.wait_for_timeout(1000)
    if called.count() < sum(call is not None for call in server["calls"]):
        # The bots called first, after the page fetched its view: it has missed their calls.
        yours = page.get_by_test_id("call-picker")
        assert yours.count() == 0, "the page should not know it is its turn yet"
    else:
        # The page saw every call so far: after its own call (answered over HTTP) the bots'
        # calls are what it misses.
        expect(page.get_by_test_id("call-picker")).to_be_visible()
        call_and_wait_for_the_bots(page, match_id)
        yours = page.locator(LEGAL_CARDS)

    sent_before = list(held["sent"])
    held["server"] = held["socket"].connect_to_server()
    for message in sent_before:
        held["server"].send(message)
    expect(yours.first).to_be_visible(timeout=10_000)
    assert not [m for m in held["sent"] if '"ping"' in str(m)], held["sent"]
    assert page.errors == []


def test_a_latest_seq_that_comes_before_the_first_answer_asks_for_the_view_only_once(open_phone):
    """The answer to the page's ``watch`` often arrives before the view the page asked for on
    opening. That view is at least as new as the seq it announces, so the table waits for it
    instead of asking the server a second time."""
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=30_000)

    fresh = open_phone()  # signed in, with no copy of the table kept
    fresh.context.add_cookies(page.context.cookies())
    announced: list = []

    def relay(ws):
        server = ws.connect_to_server()

        def to_page(message):
            if '"watching"' in str(message):
                announced.append(message)
            ws.send(message)

        server.on_message(to_page)

    asked: list = []
    fresh.route_web_socket("**/ws/", relay)
    fresh.context.route(f"**/api/matches/{match_id}/", lambda route: asked.append(route))
    fresh.goto(f"/m/{match_id}")
    for _ in range(100):
        if announced and asked:
            break
        fresh.wait_for_timeout(100)
    assert announced and len(asked) == 1, (announced, asked)
    for route in asked:
        route.continue_()
    expect(fresh.get_by_test_id("call-picker")).to_be_visible()
    fresh.wait_for_timeout(1000)
    assert len(asked) == 1, [route.request.url for route in asked]
    assert fresh.errors == []
