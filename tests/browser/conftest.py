"""Real-browser fixtures: Debian's Chromium driven by Playwright at a phone-size viewport.

Never downloads a browser: without /usr/bin/chromium the browser tests are skipped. Each
phone is a new context in the test process's one Chromium (``tests/browser/chromium.py``).
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.chromium import CHROMIUM, SHARED

PHONE = {"width": 390, "height": 844}
PASSWORD = "a-Long-pass-phrase-7"
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
_names = itertools.count(1)

# Playwright must use the system browser and never fetch one.
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")

# An assertion waits as long as an action does (each context's default, below). Three test
# processes share two cores with their servers and workers, and a screen that takes a few
# requests (a guest made, then a search) can pass 5 s on a busy host without being wrong.
# Timing is measured by the benchmarks and by the tests that time themselves.
WAIT_MS = 15_000
expect.set_options(timeout=WAIT_MS)


@pytest.fixture
def open_phone(transactional_db, live_server_url) -> Iterator:
    """``open_phone()`` → a page in a new phone-size Chromium context on the live server.
    The table shows other players' moves without the pauses made to follow them, as fast as
    they arrive: ``quick=False`` keeps the pauses, for a test about the table's timing. Other
    keyword arguments (``viewport``, ``is_mobile``...) change the context's settings."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (make browser installs it)")
    contexts = []

    def open_one(*, quick: bool = True, **options):
        # One device pixel per CSS pixel: layout, hit-testing and colours are the same as on a
        # denser phone screen, and each frame and screenshot costs a quarter of the pixels.
        settings = {"viewport": PHONE, "device_scale_factor": 1, "is_mobile": True,
                    "has_touch": True, "reduced_motion": "reduce",
                    "base_url": live_server_url, "service_workers": "allow", **options}
        context = SHARED.browser().new_context(**settings)
        context.set_default_timeout(WAIT_MS)
        if quick:
            context.add_init_script("localStorage.setItem('cb-pause-scale', '0')")
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    open_one.contexts = contexts  # read by the report of a failed test, below
    try:
        yield open_one
    finally:
        for context in contexts:
            context.close()


# The cards of the player's hand they may tap now: the table waits for their card.
LEGAL_CARDS = "[data-testid=hand].hand-active .card.legal:not([disabled])"
# Whether the page lays out within the phone's screen. A page wider than a phone's screen
# widens the layout viewport (the browser zooms out to show it), so ``innerWidth`` grows with
# the page; ``screen.width``, the emulated screen, is the viewport's width.
FITS_THE_SCREEN = "Math.max(document.documentElement.scrollWidth, innerWidth) <= screen.width"

# The controls on screen too small for a finger: a link, button or field whose box (a box
# inside a label: the label's) is under 24 × 24 CSS px, WCAG 2.2's minimum target size, except
# a link inside a sentence, which the guideline exempts. Each as "tag 'text' width×height".
SMALL_TARGETS = """() => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
  };
  const inSentence = (el) => getComputedStyle(el).display === "inline"
    && [...el.parentNode.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  return [...document.querySelectorAll(controls)]
    .map((el) => el.closest("label") || el)
    .filter((el, i, all) => all.indexOf(el) === i && shown(el) && !inSentence(el))
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width < 24 || r.height < 24)
    .map(([el, r]) => `${el.tagName.toLowerCase()} '${(el.textContent || el.value
      || el.getAttribute("aria-label") || "").trim().slice(0, 30)}' `
      + `${Math.round(r.width)}×${Math.round(r.height)}`);
}"""

# What a failed test's phone showed: the screen, its open dialogs and toasts, whether it asked
# for a call or a card, and the server's view of the match on screen (this player's own).
PAGE_STATE = """async (legalCards) => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const state = {
    url: location.href, screen: document.body.dataset.screen,
    dialogs: all("dialog[open]").map((d) => d.dataset.testid || d.className),
    toasts: all("[data-testid=toast]").map((t) => t.innerText),
    picker: all("[data-testid=call-picker]").length,
    tappable: all(legalCards).length,
    errors: all(".field-error:not(:empty)").map((e) => e.innerText),
  };
  const match = location.pathname.match(/^\\/m\\/(\\d+)/);
  if (match) {
    const view = await fetch(`/api/matches/${match[1]}/`).then((r) => r.json()).catch(() => null);
    if (view) for (const key of ["status", "seq", "turn", "my_seat", "hand_number", "deadline",
                                 "legal"]) state[key] = view[key];
  }
  return JSON.stringify(state);
}"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    phones = item.funcargs.get("open_phone") if report.when == "call" and report.failed else None
    for number, context in enumerate(getattr(phones, "contexts", ()), 1):
        for page in context.pages:
            try:
                state = page.evaluate(PAGE_STATE, LEGAL_CARDS)
            except Exception as error:  # noqa: BLE001 - a closed or crashed page says so
                state = f"unreadable: {error}"
            report.sections.append((f"phone {number}", f"{state}\nerrors: {page.errors}"))
    return report


def unique_name(prefix: str = "player") -> str:
    return f"{prefix}{os.getpid() % 10000}x{next(_names)}{int(time.time()) % 100000}"


def screenshot(page, name: str) -> None:
    """Save a PNG under var/screenshots (git-ignored): artifacts of a run, never committed."""
    path = SHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))


def sign_up(page, username: str | None = None) -> str:
    """Create a player through the sign-up screen; ends in the lobby."""
    username = username or unique_name()
    page.goto("/signup")
    page.get_by_test_id("auth-username").fill(username)
    page.get_by_test_id("auth-password").fill(PASSWORD)
    page.get_by_test_id("auth-submit").click()
    lobby = page.get_by_test_id("match-list")
    refused = page.locator(".field-error:not(:empty), [data-testid=toast]")
    lobby.or_(refused).first.wait_for()
    assert lobby.count(), f"sign-up refused: {refused.all_inner_texts()}"
    return username


# What the offline pill under the bar says (app.js puts its words from the catalogue in
# ``data-offline``; the stylesheet shows them).
# Resolves once the page's service worker is active (a promise: waited on once, not polled).
WORKER_ACTIVE = "() => navigator.serviceWorker.ready.then(r => r.active.state === 'activated')"


def controlled_by_worker(page) -> None:
    """Reload the page once its service worker is active, so that the worker serves it and
    keeps what it fetches, and wait until the worker controls it."""
    page.wait_for_function(WORKER_ACTIVE)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


OFFLINE_PILL = "getComputedStyle(document.getElementById('bar'), '::after').content"


# Set before a page's scripts run: every Content-Security-Policy violation the page reports,
# as "directive blocked-URI", in ``window.__violations``.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


# This phone's kept view of match ``id``: its seq (or null) and whether the table drawn from it
# is kept beside it; how many views are kept at all, and whether a player is.
KEPT_VIEW = """(id) => new Promise((resolve) => {
  const open = indexedDB.open("cb-views");
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("views")) return resolve({seq: null, count: 0, owner: false});
    const tx = db.transaction(["views", "owner"]);
    const one = tx.objectStore("views").get(id);
    const count = tx.objectStore("views").count();
    const owner = tx.objectStore("owner").count();
    tx.oncomplete = () => resolve({seq: one.result ? one.result.seq : null, count: count.result,
                                   owner: owner.result > 0,
                                   snapshot: Boolean(one.result && one.result.snapshot)});
  };
})"""


def until_kept(page, match_id: int, holds, timeout: float = 20.0) -> dict:
    """Polls this phone's kept view of the match (``KEPT_VIEW``) until ``holds(kept)``:
    wait_for_function would take the promise the look returns as truthy at once."""
    deadline = time.monotonic() + timeout
    while True:
        found = page.evaluate(KEPT_VIEW, match_id)
        if holds(found) or time.monotonic() > deadline:
            assert holds(found), found
            return found
        page.wait_for_timeout(50)


def new_match(page, *, hands: int = 1, opponents=("bot:easy", "bot:easy", "bot:easy"),
              names=("", "", "")) -> int:
    """Start a match from the new-match form; returns its id once the table shows."""
    page.get_by_test_id("new-match").click()
    page.get_by_test_id("nm-hands").select_option(str(hands))
    for i, (kind, name) in enumerate(zip(opponents, names, strict=True)):
        page.get_by_test_id(f"nm-opponent-{i}").select_option(kind)
        if kind == "user":
            page.get_by_test_id(f"nm-opponent-name-{i}").fill(name)
    page.get_by_test_id("nm-submit").click()
    page.get_by_test_id("table-screen").wait_for()
    page.wait_for_url("**/m/*")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def act_if_my_turn(page, call: int = 2, *, timeout: float | None = None) -> bool:
    """Make a call or tap the first legal card when the table waits for this player; each tap
    waits at most ``timeout`` ms for its target (the context's default when None)."""
    wait = {} if timeout is None else {"timeout": timeout}
    picker = page.get_by_test_id("call-picker")
    if picker.count():
        options = picker.locator("[data-testid^=call-option-]")
        wanted = picker.get_by_test_id(f"call-option-{call}")
        (wanted if wanted.count() else options.first).click(**wait)
        picker.get_by_test_id("call-confirm").click(**wait)
        return True
    legal = page.locator(LEGAL_CARDS)
    if legal.count():
        tap_card(legal.first, **wait)
        return True
    return False


def tap_card(card, **options) -> None:
    """Tap a card of the fanned hand where a thumb would: on its corner, which no other card
    covers (the middle of an overlapped card lies under its right-hand neighbour)."""
    card.click(position={"x": 9, "y": 22}, **options)


# How long a tap of ``play_until`` waits for its target: a card or call that went away under
# the tap is looked for again at once, so a sheet that shows briefly (the hand's scoreboard
# between hands) is not missed while a tap waits for the context's whole timeout.
TAP_MS = 2_000


def play_until(page, testid: str, failure: str, timeout: float = 240) -> None:
    """Tap through calls and legal cards until the element named ``testid`` shows."""
    deadline = time.monotonic() + timeout
    while not page.get_by_test_id(testid).count():
        assert time.monotonic() < deadline, failure
        try:
            act_if_my_turn(page, timeout=TAP_MS)
        except Exception:  # noqa: BLE001 - the table re-rendered under the tap: look again
            pass
        page.wait_for_timeout(150)


def play_until_finished(page, timeout: float = 240) -> None:
    """Tap through calls and legal cards until the final standings show."""
    play_until(page, "standings", "the match did not finish in time", timeout)


def match_through_api(page, opponents, *, hands: int = 1, turn_seconds: int = 3600,
                      preset: str = "standard") -> dict:
    """A match made by the signed-in player of ``page`` through the API; its view."""
    made = api_in_page(page, "POST", "/api/matches/", {
        "rules": {"preset": preset}, "hands": hands, "turn_seconds": turn_seconds,
        "opponents": list(opponents)})
    assert made["status"] == 201, made
    return made["body"]


def api_in_page(page, method: str, url: str, body=None):
    """Call the JSON API from the page, with its session cookie and CSRF token."""
    return page.evaluate(
        """async ([method, url, body]) => {
            const token = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
            const init = {method, credentials: "same-origin",
                          headers: {"Content-Type": "application/json", "X-CSRFToken": token,
                                    "Idempotency-Key": crypto.randomUUID()}};
            if (body !== null) init.body = JSON.stringify(body);
            const response = await fetch(url, init);
            return {status: response.status, body: await response.json().catch(() => null)};
        }""",
        [method, url, body],
    )


def finish_through_api(page, match_id: int, *, highest_call: bool = False) -> None:
    """Play the player's turns from the page's own session: the lowest legal call (the
    highest with ``highest_call``) and the first legal card."""
    for _ in range(600):
        view = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
        if view["status"] == "finished":
            return
        if view["turn"] == view["my_seat"] and view["legal"]:
            if view["status"] == "bidding":
                action, body = "call", {"call": view["legal"][-1 if highest_call else 0]}
            else:
                action, body = "play", {"card": view["legal"][0]}
            api_in_page(page, "POST", f"/api/matches/{match_id}/{action}/",
                        {**body, "seq": view["seq"]})
        else:
            page.wait_for_timeout(100)
    pytest.fail("the match did not finish")


def with_database(work, timeout: float = 120) -> None:
    """Run ``work`` (database work of the test's own) in a thread of its own, and wait for it:
    Django refuses database work in the thread where Playwright runs its event loop."""
    from django.db import connection

    def run():
        try:
            work()
        finally:
            connection.close()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout)
