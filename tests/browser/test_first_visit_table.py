"""A first visit to a match's page (no service worker, nothing kept) shows the player's cards
once the HTML is parsed: the server draws a still copy of the table into the shell, which the
table screen replaces when its view arrives. The match view is held back in the test
(``route``) so the order shows; the copy is the same drawing as the live table's, under the
Content-Security-Policy with no violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import RECORD_VIOLATIONS, act_if_my_turn, api_in_page, new_match, sign_up

pytestmark = pytest.mark.browser

# A table's drawing as nested [tag, attributes, children], what only the copy or only the live
# table carries left out: accessible names (the copy is hidden from screen readers), disabled
# buttons, the updating line's state, the countdown's second, where the per-element
# properties come from (a style attribute, or the copy's style element by data-snap), and the
# reactions the table adds once it has drawn.
SHAPE = """(root) => {
  const left = new Set(["aria-label", "disabled", "hidden", "style", "data-snap", "class"]);
  const rootOnly = new Set(["data-testid", "data-match", "inert", "aria-hidden"]);
  const copyOnly = new Set(["table-snapshot", "updating"]);
  const shape = (node, top) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    const attrs = Object.fromEntries([...node.attributes]
      .filter((a) => !left.has(a.name) && !(top && rootOnly.has(a.name)))
      .map((a) => [a.name, a.value]));
    const classes = [...node.classList].filter((c) => !top || !copyOnly.has(c)).join(" ");
    const look = getComputedStyle(node);
    const props = ["--hue", "--n", "--r", "--y"].map((p) => look.getPropertyValue(p).trim());
    const children = node.dataset.testid === "countdown" ? [] : [...node.childNodes]
      .filter((n) => !n.classList?.contains("reactions")).map((n) => shape(n, false));
    return [node.localName, attrs, classes, props, children];
  };
  return shape(root, true);
}"""


def held_match_view(page, match_id: int) -> list:
    """Hold every request for the match view until released."""
    held: list = []
    page.context.route(f"**/api/matches/{match_id}/", lambda route: held.append(route))
    return held


def hand_of(locator) -> list[str]:
    return locator.get_by_test_id("hand-card").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")


def first_visit(open_phone, page, match_id: int) -> None:
    """Open the match in a new phone signed in as ``page``'s player, its view held back: the
    copy is there, inert, with the hand; the live table then draws the same table over it."""
    cards = hand_of(page.locator("[data-testid=table-screen]"))
    fresh = open_phone()  # signed in, with no service worker and nothing kept
    fresh.context.add_cookies(page.context.cookies())
    fresh.add_init_script(RECORD_VIOLATIONS)
    messages: list[str] = []
    fresh.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
    held = held_match_view(fresh, match_id)
    fresh.goto(f"/m/{match_id}", wait_until="domcontentloaded")
    copy = fresh.get_by_test_id("table-snapshot")
    expect(copy.get_by_test_id("hand-card")).to_have_count(len(cards))
    fresh.wait_for_timeout(500)  # the page has run its modules and asked for the view
    assert held, "the match view was not asked for"
    assert hand_of(copy) == cards
    expect(copy.locator("[data-testid=hand-card]:disabled")).to_have_count(len(cards))
    assert copy.locator("button:not([disabled])").count() == 0
    expect(copy).to_have_attribute("inert", "")
    expect(copy.get_by_test_id("table-updating")).to_be_visible()
    expect(fresh.get_by_test_id("table-screen")).to_have_count(0)
    # Each card keeps its place in the fan, from the page's style element.
    tilts = copy.get_by_test_id("hand-card").evaluate_all(
        "(cards) => cards.map((c) => getComputedStyle(c).getPropertyValue('--r'))")
    assert len(set(tilts)) == len(cards), tilts
    drawn = copy.evaluate(SHAPE)

    for route in held:
        route.continue_()
    fresh.context.unroute(f"**/api/matches/{match_id}/")
    live = fresh.locator("[data-testid=table-screen]:not(.table-snapshot)")
    expect(live.get_by_test_id("hand-card")).to_have_count(len(cards))
    expect(fresh.get_by_test_id("table-snapshot")).to_have_count(0)
    assert hand_of(live) == cards
    assert live.evaluate(SHAPE) == drawn
    assert fresh.evaluate("window.__violations") == []
    assert messages == [] and fresh.errors == []


def test_a_first_visit_shows_the_table_before_the_match_view_arrives(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    # At the player's call, then at a trick others have opened: the table waits for them.
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=30_000)
    first_visit(open_phone, page, match_id)
    act_if_my_turn(page)
    for _ in range(600):
        view = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
        if view["turn"] == view["my_seat"] and view["status"] == "playing":
            if view["trick"]:
                break
            api_in_page(page, "POST", f"/api/matches/{match_id}/play/",
                        {"card": view["legal"][0], "seq": view["seq"]})
        page.wait_for_timeout(100)
    table = page.locator("[data-testid=table-screen]")
    expect(table.get_by_test_id("trick-card")).to_have_count(len(view["trick"]))
    expect(table.get_by_test_id("hand-card")).to_have_count(len(view["hand"]))
    first_visit(open_phone, page, match_id)


# Every computed property of every element of the copy and of its pseudo-elements.
LOOK = """(root) => [root, ...root.querySelectorAll('*')].flatMap((el) =>
  [null, '::before', '::after'].map((pseudo) => {
    const look = getComputedStyle(el, pseudo);
    return [...look].map((p) => `${p}:${look.getPropertyValue(p)}`).join(';');
  }))"""


def test_the_rules_inline_draw_the_copy_as_the_whole_stylesheet_does(open_phone):
    """The page carries inline only the stylesheet's rules that can match it, and asks for the
    whole sheet after the table: the copy and the bar above it look the same before and after
    it has loaded."""
    page = open_phone()
    sign_up(page)
    match_id = new_match(page)
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=30_000)
    fresh = open_phone()
    fresh.context.add_cookies(page.context.cookies())
    fresh.add_init_script(RECORD_VIOLATIONS)
    sheets: list = []
    fresh.context.route("**/css/app.*css", lambda route: sheets.append(route))
    held = held_match_view(fresh, match_id)
    fresh.goto(f"/m/{match_id}", wait_until="commit")
    copy = fresh.get_by_test_id("table-snapshot")
    expect(copy.get_by_test_id("hand-card")).to_have_count(13)
    assert fresh.evaluate("document.styleSheets.length") == 2  # the two style elements
    inline = fresh.evaluate("document.querySelector('style').textContent")
    bar = fresh.locator("#bar")
    alone = copy.evaluate(LOOK) + bar.evaluate(LOOK)
    assert len(sheets) == 1

    sheets[0].continue_()
    fresh.wait_for_function("() => document.styleSheets.length === 3")
    fresh.wait_for_function("() => document.querySelector('link[rel=stylesheet]').sheet")
    assert copy.evaluate(LOOK) + bar.evaluate(LOOK) == alone
    whole = fresh.evaluate("document.querySelector('link[rel=stylesheet]').sheet.cssRules.length")
    assert fresh.evaluate("document.styleSheets[0].cssRules.length") < whole / 2, inline[:200]
    for route in held:
        route.continue_()
    expect(fresh.locator("[data-testid=table-screen]:not(.table-snapshot)")
           .get_by_test_id("hand-card")).to_have_count(13)
    assert fresh.evaluate("window.__violations") == [] and fresh.errors == []


def test_the_server_writes_a_seats_initials_as_the_pwa_does(open_phone):
    from frontend.table_copy import initials

    page = open_phone()
    page.goto("/")
    names = ["Asha", "ram_k", "राम", "Asha (invited)", "", "Guest-91274", "asha_88", "2024",
             "শ্যামল দাস", "x"]
    drawn = page.evaluate("""async (names) => {
        const dom = await import("/static/frontend/js/dom.js");
        return names.map((name) => dom.initials(name));
    }""", names)
    assert drawn == [initials(name) for name in names]
    assert drawn[5:7] == ["GU", "AS"]
