"""Open a notification, see the table at once: the table is drawn from the last view this
phone kept of the match (with its seq) before the network answers, marked as updating, and
nothing can be played from it until the server's view has arrived; the service worker puts
a still, inert copy of that table in the page's HTML, there before any script runs; an older
view never replaces a newer one; sign-out forgets the kept views and copies; a notification
tap opens the table without passing through the lobby. The API is held back in the test
(``route``) so the order of events shows."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from .conftest import (
    KEPT_VIEW,
    RECORD_VIOLATIONS,
    api_in_page,
    new_match,
    sign_up,
    until_kept,
)

pytestmark = pytest.mark.browser

# Whether the still copy of a table was ever in the page since it loaded.
SNAPSHOT_WATCH = """
window.__snapshotSeen = false;
new MutationObserver(() => {
  if (document.querySelector('[data-testid=table-snapshot]')) window.__snapshotSeen = true;
}).observe(document, {childList: true, subtree: true});
"""
# Whether the call picker was ever in the page since it loaded.
PICKER_WATCH = """
window.__pickerSeen = false;
new MutationObserver(() => {
  if (document.querySelector('[data-testid=call-picker]')) window.__pickerSeen = true;
}).observe(document, {childList: true, subtree: true});
"""


def kept(page, match_id: int) -> dict:
    return page.evaluate(KEPT_VIEW, match_id)



def my_call_turn(page) -> int:
    """A new one-hand match against bots, waiting at the player's call; its id, once the view
    at that moment is kept on the phone."""
    sign_up(page)
    match_id = new_match(page)
    page.get_by_test_id("call-picker").wait_for(timeout=30_000)
    seq = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]["seq"]
    until_kept(page, match_id, lambda k: k["seq"] == seq)
    return match_id


def hold(page, match_id: int) -> list:
    """Hold every request for the match view until released."""
    held: list = []
    page.context.route(f"**/api/matches/{match_id}/", lambda route: held.append(route))
    return held


def test_the_kept_view_is_drawn_before_the_api_answers_and_no_move_is_sent_from_it(open_phone):
    """The table paints from the last view it saw, marked as updating, before the network
    answers; no call can be sent until the fresh view and its seq have arrived."""
    page = open_phone()
    match_id = my_call_turn(page)
    held = hold(page, match_id)
    moves: list[str] = []
    page.on("request",
            lambda r: moves.append(r.url) if r.method == "POST" and "/call/" in r.url else None)

    page.reload()
    expect(page.get_by_test_id("hand-card")).to_have_count(13)
    expect(page.get_by_test_id("table-updating")).to_be_visible()
    assert held, "the match view was not asked for"
    # Drawn from the copy, the cards and the call picker are there but cannot act. (The
    # worker's still copy goes first: taps go to the table drawn by the page's own script.)
    expect(page.locator(".table-snapshot")).to_have_count(0)
    expect(page.locator("[data-testid=hand-card]:disabled")).to_have_count(13)
    option = page.locator("[data-testid^=call-option-]").first
    expect(option).to_be_disabled()
    option.click(force=True)
    page.get_by_test_id("call-confirm").click(force=True)
    page.wait_for_timeout(300)
    assert moves == []

    for route in held:
        route.continue_()
    page.context.unroute(f"**/api/matches/{match_id}/")
    expect(page.get_by_test_id("table-updating")).to_be_hidden()
    expect(page.locator("[data-testid=hand-card]:disabled")).to_have_count(0)
    page.locator("[data-testid^=call-option-]").first.click()
    page.get_by_test_id("call-confirm").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=call-picker]')")
    assert len(moves) == 1, moves
    assert not page.errors


def test_an_older_view_never_replaces_a_newer_one(open_phone):
    """A view whose seq is older than the kept one is neither drawn over it nor kept."""
    page = open_phone()
    match_id = my_call_turn(page)
    older = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
    called = api_in_page(page, "POST", f"/api/matches/{match_id}/call/",
                         {"call": older["legal"][0], "seq": older["seq"]})["body"]
    until_kept(page, match_id, lambda k: (k["seq"] or 0) >= called["seq"])

    answered: list = []

    def stale_answer(route):
        answered.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(older))

    page.context.route(f"**/api/matches/{match_id}/", stale_answer)
    page.add_init_script(PICKER_WATCH)
    page.reload()
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert answered, "the older view was never served"
    page.wait_for_timeout(500)
    # The older view had the call picker open; the kept, newer one has the call made.
    assert page.evaluate("window.__pickerSeen") is False
    assert kept(page, match_id)["seq"] >= called["seq"]
    # The server's own (newer) view then confirms the table.
    page.context.unroute(f"**/api/matches/{match_id}/")
    expect(page.get_by_test_id("table-updating")).to_be_hidden(timeout=10_000)
    assert page.evaluate("window.__pickerSeen") is False
    assert not page.errors


def test_sign_out_forgets_the_kept_views(open_phone):
    """Sign-out clears the cached views, as it clears the cached API data."""
    page = open_phone()
    match_id = my_call_turn(page)
    assert kept(page, match_id)["count"] == 1 and kept(page, match_id)["owner"]
    page.goto("/settings")
    page.get_by_test_id("sign-out").click()
    page.wait_for_url("**/signin")
    until_kept(page, match_id, lambda k: k["count"] == 0)
    assert kept(page, match_id) == {"seq": None, "count": 0, "owner": False, "snapshot": False}


def test_a_notification_tap_opens_the_table_without_the_lobby(open_phone):
    """Opening from a notification lands on that match's table directly."""
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.goto("/history")
    page.wait_for_function("() => document.body.dataset.screen === 'history'")
    page.evaluate("""() => {
      window.__screens = [];
      new MutationObserver(() => window.__screens.push(document.body.dataset.screen))
        .observe(document.body, {attributes: true, attributeFilter: ['data-screen']});
    }""")
    worker = page.context.service_workers[0]
    worker.evaluate("(id) => openFromNotification({match_id: id, url: '/'})", match_id)
    page.wait_for_function(f"() => location.pathname === '/m/{match_id}'")
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert page.evaluate("window.__screens") == ["table"]
    assert not page.errors


def test_the_worker_puts_a_still_copy_of_the_table_in_the_page_before_any_script_runs(open_phone):
    """With the page's scripts switched off, the shell the worker serves already shows the
    hand, inert, every button disabled and marked as updating; with them on, the table mounts
    over it, under the Content-Security-Policy with no violation."""
    page = open_phone()
    match_id = my_call_turn(page)
    until_kept(page, match_id, lambda k: k["snapshot"])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    page.reload()
    copy = page.get_by_test_id("table-snapshot")
    expect(copy.get_by_test_id("hand-card")).to_have_count(13)
    expect(copy).to_have_attribute("inert", "")
    expect(copy.get_by_test_id("table-updating")).to_be_visible()
    assert copy.locator("button:not([disabled])").count() == 0
    expect(page.get_by_test_id("table-screen")).to_have_count(0)  # no script has run
    # Each card keeps its place in the fan (from the worker's style element, allowed by its
    # hash, not a style attribute), and the page asks for no style sheet before its first frame.
    assert copy.locator("[style]").count() == 0
    assert page.locator("link[rel=stylesheet]").count() == 0
    assert page.locator("style").count() == 2
    tilts = copy.get_by_test_id("hand-card").evaluate_all(
        "(cards) => cards.map((c) => getComputedStyle(c).getPropertyValue('--r'))")
    assert len(set(tilts)) == 13, tilts

    cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})
    page.add_init_script(SNAPSHOT_WATCH + RECORD_VIOLATIONS)
    page.reload()
    expect(page.get_by_test_id("table-screen").get_by_test_id("hand-card")).to_have_count(13)
    expect(page.get_by_test_id("table-snapshot")).to_have_count(0)
    expect(page.get_by_test_id("table-updating")).to_be_hidden()
    assert page.evaluate("window.__snapshotSeen") is True
    assert page.evaluate("window.__violations") == []
    assert not page.errors


def test_sign_out_forgets_the_still_copies(open_phone):
    """After sign-out the match's page starts with no copy of its table."""
    page = open_phone()
    match_id = my_call_turn(page)
    until_kept(page, match_id, lambda k: k["snapshot"])
    page.goto("/settings")
    page.get_by_test_id("sign-out").click()
    page.wait_for_url("**/signin")
    until_kept(page, match_id, lambda k: k["count"] == 0)
    page.add_init_script(SNAPSHOT_WATCH)
    page.goto(f"/m/{match_id}")
    page.wait_for_url("**/signin")
    assert page.evaluate("window.__snapshotSeen") is False
