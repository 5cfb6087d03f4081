"""The table starts in one round trip, not a chain of them, and a move redraws only what it
changed. The figures themselves are in ``make bench-pwa``; these tests check the mechanics:
what the page asks for, when, and through which path."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import KEPT_VIEW, act_if_my_turn, api_in_page, new_match, sign_up

pytestmark = pytest.mark.browser

# Every request of the page so far: [path, start ms, end ms].
REQUESTS = """() => performance.getEntriesByType('resource')
  .map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd])"""
HASHED_MODULE = re.compile(r"^/static/frontend/js/.+\.[0-9a-f]{12}\.js$")


def slow_network(page) -> None:
    """Each request takes a tenth of a second longer, so the order of requests shows."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 100, "downloadThroughput": -1, "uploadThroughput": -1})


def requests_of(page) -> dict[str, list[tuple[float, float]]]:
    found: dict[str, list[tuple[float, float]]] = {}
    for path, start, end in page.evaluate(REQUESTS):
        found.setdefault(path, []).append((start, end))
    return found


def one(found: dict, pattern: str) -> tuple[float, float]:
    matches = [times for path, times in found.items() if re.search(pattern, path)]
    assert len(matches) == 1 and len(matches[0]) == 1, f"{pattern}: {matches}"
    return matches[0][0]


def test_a_first_visit_asks_for_the_tables_modules_and_data_at_once(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    # The bots before the player have called: nothing moves until the player does, so the
    # fresh page's one request for the view is not joined by one for a bot's newer call.
    expect(page.get_by_test_id("call-picker")).to_be_visible()
    fresh = open_phone()  # a phone with the sign-in but no cache and no service worker
    fresh.context.add_cookies(page.context.cookies())
    slow_network(fresh)
    fresh.goto(f"/m/{match_id}")
    # The table itself, not the still copy the server drew into the page.
    expect(fresh.get_by_test_id("table-screen").get_by_test_id("hand-card")).to_have_count(13)
    found = requests_of(fresh)
    _, entry_arrived = one(found, r"/js/app\.")
    # cards.js is three imports deep (app → table → tableview → cards) and the match view is
    # what the table shows: both were asked for before the entry module had even arrived.
    cards_start, _ = one(found, r"/js/cards\.")
    data_start, _ = one(found, rf"^/api/matches/{match_id}/$")
    me_start, _ = one(found, r"^/api/auth/me/$")
    assert max(cards_start, data_start, me_start) < entry_arrived, found
    modules = [path for path in found if path.startswith("/static/frontend/js/")]
    assert all(HASHED_MODULE.match(path) for path in modules), modules
    assert fresh.errors == []


FORGET_VIEWS = """() => new Promise((resolve) => {
  const open = indexedDB.open("cb-views");
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("views")) { db.close(); return resolve(); }
    const tx = db.transaction("views", "readwrite");
    tx.objectStore("views").clear();
    tx.oncomplete = () => { db.close(); resolve(); };
  };
})"""


def test_a_repeat_visit_starts_from_the_workers_copy_and_announces_the_table(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    for _ in range(100):  # wait_for_function would take the promise itself as truthy
        if page.evaluate("() => caches.match('/').then((r) => Boolean(r))"):
            break
        page.wait_for_timeout(100)
    # A table this phone has kept no copy of: the worker's shell asks for its modules at once.
    # The page keeps its newest view when idle, so the views are forgotten once it has kept
    # the one it shows while waiting for this player's call (no later view comes to keep).
    expect(page.get_by_test_id("call-picker")).to_be_visible()
    seq = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]["seq"]
    for _ in range(100):
        kept = page.evaluate(KEPT_VIEW, match_id)
        if kept["seq"] == seq and kept["snapshot"]:
            break
        page.wait_for_timeout(100)
    assert kept["seq"] == seq and kept["snapshot"], kept
    page.evaluate(FORGET_VIEWS)
    slow_network(page)
    response = page.goto(f"/m/{match_id}")
    expect(page.get_by_test_id("hand-card")).to_have_count(13)
    # Only the worker writes these hints into its copy of the shell: the server's page for a
    # table has them in its markup, not as headers.
    assert f"</api/matches/{match_id}/>; rel=preload" in response.headers.get("link", "")
    assert "table-snapshot" not in response.text()
    preloads = page.locator("link[rel=modulepreload]").evaluate_all("els => els.map(e => e.href)")
    assert any("/screens/table." in url for url in preloads), preloads
    found = requests_of(page)
    one(found, rf"^/api/matches/{match_id}/$")
    # The import map came before every module request: none bypassed it to a plain name.
    modules = [path for path in found if path.startswith("/static/frontend/js/")]
    assert modules and all(HASHED_MODULE.match(path) for path in modules), modules

    # Once the page has kept the table, the next visit has it drawn in the HTML, and leaves
    # the modules to the entry's imports rather than preloading all of them over the parse.
    for _ in range(100):
        if page.evaluate(KEPT_VIEW, match_id).get("snapshot"):
            break
        page.wait_for_timeout(100)
    response = page.goto(f"/m/{match_id}")
    assert "table-snapshot" in response.text()
    expect(page.get_by_test_id("hand-card")).to_have_count(13)
    assert page.locator("link[rel=modulepreload]").count() == 0
    modules = [path for path in requests_of(page) if path.startswith("/static/frontend/js/")]
    assert modules and all(HASHED_MODULE.match(path) for path in modules), modules
    assert page.errors == []


def test_a_move_changes_the_table_in_place(open_phone):
    page = open_phone()
    sign_up(page)
    new_match(page, opponents=("bot:easy", "bot:easy", "bot:easy"))
    expect(page.get_by_test_id("call-picker")).to_be_visible()
    page.evaluate("""() => { window.kept = {
        seats: [...document.querySelectorAll('.felt .seat')],
        hand: document.querySelector('[data-testid=hand]'),
        card: document.querySelector('[data-testid=hand-card]'),
        trick: document.querySelector('[data-testid=trick]') }; }""")
    act_if_my_turn(page, call=3)
    # Every bot calls and the play begins: the seats show calls, and a card is down or it is
    # my lead.
    called = page.locator(".felt [data-testid=seat-call]", has_text=re.compile(r"\d"))
    expect(called).to_have_count(3, timeout=20_000)
    playing = page.locator("[data-testid=trick-card], [data-testid=hand].hand-active")
    expect(playing.first).to_be_visible(timeout=20_000)
    kept = page.evaluate("""() => ({
        seats: kept.seats.every((s) => s.isConnected),
        hand: kept.hand.isConnected && kept.hand === document.querySelector('[data-testid=hand]'),
        card: kept.card.isConnected,
        trick: kept.trick === document.querySelector('[data-testid=trick]'),
        calls: kept.seats.map((s) => s.querySelector('[data-testid=seat-call]').textContent) })""")
    assert kept["seats"] and kept["hand"] and kept["card"] and kept["trick"], kept
    assert all(re.fullmatch(r"Call \d+", call) for call in kept["calls"]), kept
    assert page.errors == []
