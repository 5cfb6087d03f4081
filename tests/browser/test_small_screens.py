"""Every screen fits 320, 360 and 390 px, each control big enough for a finger; offline is
shown at once and History still reads; push opt-in failures and signing out speak plainly
and leave nothing behind."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.services.usernames import MAX_LENGTH
from tests.conftest import wait_for

from .conftest import (
    FITS_THE_SCREEN,
    OFFLINE_PILL,
    SMALL_TARGETS,
    WORKER_ACTIVE,
    controlled_by_worker,
    finish_through_api,
    new_match,
    sign_up,
    unique_name,
)

pytestmark = pytest.mark.browser

WIDTHS = (320, 360, 390)


def longest_name() -> str:
    """A new player's name as long as a name may be, with no place to break a line."""
    name = unique_name("w")
    return name + "w" * (MAX_LENGTH - len(name))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_screen_fits_the_width_and_every_control_takes_a_finger(open_phone, width):
    # The player's name is as long as names go: every screen that shows it must still fit.
    page, visitor = (open_phone(viewport={"width": width, "height": 700}) for _ in range(2))
    sign_up(page, longest_name())
    finished = new_match(page, hands=1)
    finish_through_api(page, finished)
    page.goto("/")
    playing = new_match(page, hands=1)
    page.goto("/")
    waiting = new_match(page, hands=1, opponents=("open", "bot:easy", "bot:easy"))
    code = page.get_by_test_id("invite-code").inner_text()
    screens = {
        "/": "match-list", "/new": "nm-submit", f"/m/{playing}": "hand", "/history": "history-row",
        f"/replay/{finished}": "replay", "/stats": "stats", "/settings": "settings",
        "/account": "account", f"/m/{waiting}": "invite-code", "/friends": "friends",
        "/leaderboard": "board-note",
    }
    visitor_screens = {f"/join/{code}": "invite-text", "/": "play-online", "/rules": "rules-back",
                       "/signin": "signin-form", "/signup": "signup-form",
                       "/forgot-password": "forgot-form"}
    small = []
    for viewer, path, testid in [*((page, *screen) for screen in screens.items()),
                                 *((visitor, *screen) for screen in visitor_screens.items())]:
        viewer.goto(path)
        expect(viewer.get_by_test_id(testid).first).to_be_visible()
        viewer.wait_for_timeout(200)
        assert viewer.evaluate(FITS_THE_SCREEN), f"{path} is wider than {width} px"
        small += [f"{path}: {target}" for target in viewer.evaluate(SMALL_TARGETS)]
        if viewer is page:  # the visitor is not signed in: no ⚙ in their bar
            settings = page.get_by_test_id("nav-settings").bounding_box()
            assert settings["x"] + settings["width"] <= width, f"the ⚙ is cut off on {path}"
    assert small == [], "too small to tap:\n" + "\n".join(small)
    assert page.errors == visitor.errors == []


def test_offline_shows_in_the_bar_and_history_reads_without_a_visit(open_phone):
    page = open_phone(viewport={"width": 360, "height": 640})
    sign_up(page)
    controlled_by_worker(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)
    # History was never opened: the finished match's list and record are kept all the same.
    page.goto("/")
    expect(page.get_by_test_id("match-list")).to_be_visible()
    kept = "id => caches.open('cb-api').then(c => c.keys())" \
        ".then(keys => keys.some(r => r.url.endsWith(`/api/matches/${id}/record/`)))"
    for _ in range(100):  # wait_for_function would take the promise itself as truthy
        if page.evaluate(kept, match_id):
            break
        page.wait_for_timeout(200)
    assert page.evaluate(kept, match_id), "the finished match's record was not kept"

    page.context.set_offline(True)
    try:
        # The bar follows the browser's offline event: no request has to fail first.
        expect(page.locator("#bar.offline")).to_have_count(1)
        assert page.evaluate(OFFLINE_PILL) == '"Offline · reconnecting"'
        assert page.evaluate(FITS_THE_SCREEN)
        settings = page.get_by_test_id("nav-settings").bounding_box()
        assert settings["x"] + settings["width"] <= 360, "the indicator pushed the nav off"
        page.get_by_test_id("nav-history").click()
        row = page.locator(f"[data-testid=history-row][data-match-id='{match_id}']")
        expect(row).to_be_visible()
        row.click()
        expect(page.get_by_test_id("replay-seat")).to_have_count(4)
        # Every card of the replay is named for a screen reader.
        named = page.locator("[data-testid=replay-hand] [role=img]")
        expect(named).to_have_count(52)
        expect(page.get_by_role("img", name="Ace of spades", exact=True)).to_have_count(1)
    finally:
        page.context.set_offline(False)
    expect(page.locator("#bar.offline")).to_have_count(0, timeout=10_000)


def test_a_refused_push_opt_in_says_what_to_do(open_phone):
    page = open_phone()
    sign_up(page)
    page.wait_for_function(WORKER_ACTIVE)
    page.get_by_test_id("nav-settings").click()
    button = page.get_by_test_id("push-toggle")
    expect(button).to_have_text("Enable push notifications")
    button.click()  # headless Chromium refuses the permission: the opt-in fails
    toast = page.get_by_test_id("toast").last
    expect(toast).to_be_visible()
    text = toast.inner_text()
    assert not re.search(r"Registration failed|DOMException|permission denied", text), text
    assert re.search(r"allow notifications, then press the button again", text), text


def test_signing_out_forgets_the_cached_matches(open_phone):
    page = open_phone()
    sign_up(page)
    controlled_by_worker(page)
    page.get_by_test_id("nav-history").click()
    expect(page.get_by_test_id("history-list")).to_be_visible()
    # A promise is truthy at once: wait_for_function would not wait for what it resolves to.
    assert wait_for(lambda: page.evaluate("caches.has('cb-api')"), timeout=15), \
        "the worker kept no API answer to forget"
    page.get_by_test_id("nav-settings").click()
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("signin-form")).to_be_visible()
    assert page.evaluate("caches.has('cb-api')") is False
    assert page.evaluate(
        "navigator.serviceWorker.ready.then(r => r.pushManager.getSubscription())"
        ".then(s => s === null)")
