"""The table at 360×640, 390×844 and 1280×800: a whole match against bots, checked as a player
reads it (nothing off-screen, every card readable and named, the seats apart); two guests'
names told apart in the narrow side seats."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import FITS_THE_SCREEN, act_if_my_turn, api_in_page, new_match, screenshot, sign_up

pytestmark = pytest.mark.browser

SIZES = {
    "360x640": {"viewport": {"width": 360, "height": 640}},
    "390x844": {"viewport": {"width": 390, "height": 844}},
    "1280x800": {"viewport": {"width": 1280, "height": 800}, "is_mobile": False,
                 "has_touch": False, "device_scale_factor": 1},
}
RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUITS = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}

# What the hand-end sheet said, taken by the page when the sheet has its four rows: it closes
# by itself after the short pause between hands, sooner than a slow host's loop may look.
HAND_END_WATCH = f"""
window.__handEnd = null;
new MutationObserver(() => {{
  const sheet = document.querySelector('[data-testid=hand-end]');
  const texts = (selector) => [...sheet.querySelectorAll(selector)].map((el) => el.innerText);
  if (window.__handEnd || !sheet || texts('[data-testid=hand-call]').length < 4) return;
  window.__handEnd = {{headers: texts('thead th'), calls: texts('[data-testid=hand-call]'),
    won: texts('[data-testid=hand-won]'), inViewport: {FITS_THE_SCREEN}}};
}}).observe(document, {{childList: true, subtree: true}});
"""
# Each trick card's corner index, as the topmost element at the middle of that index; null
# while cards move, or once the trick has gone to its winner (its cards stay stacked there
# until the table moves on). One evaluation, so the table cannot change in between.
# (Not while a trick sweeps, cards move, or the hand's scoreboard is up over the last trick.)
CORNERS_ON_TOP = """() => {
  if (document.querySelector('.trick.sweeping') || document.querySelector('[data-testid=hand-end]')
      || document.getAnimations().some((a) => a.playState === 'running')) return null;
  return [...document.querySelectorAll('[data-testid=trick-card]')].map((card) => {
    const box = card.querySelector('.card-index').getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const onTop = Boolean(top && top.closest('[data-testid=trick-card]') === card);
    return {card: card.dataset.card, onTop};
  });
}"""
SETTLED = "() => document.getAnimations().filter((a) => a.playState === 'running').length === 0"
# WCAG contrast of a card's index against its own background.
INDEX_CONTRAST = """(card) => {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const fg = lum(getComputedStyle(card.querySelector('.card-index')).color);
  const bg = lum(getComputedStyle(card).backgroundColor);
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}"""
RUNNING_TRICK_MOTION = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && a.effect && a.effect.target && a.effect.target.dataset.testid === 'trick-card').length"""


def card_name(card: str) -> str:
    return f"{RANKS.get(card[0], card[0])} of {SUITS[card[1]]}"


def check_no_sideways_scroll(page, where: str) -> None:
    assert page.evaluate(FITS_THE_SCREEN), f"{where} scrolls sideways"


def check_cards_are_named(page) -> None:
    hand = page.get_by_test_id("hand")
    for card in hand.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"):
        expect(hand.get_by_role("button", name=card_name(card), exact=True)).to_have_count(1)
    trick = page.get_by_test_id("trick")
    for card in trick.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"):
        expect(trick.get_by_role("img", name=card_name(card), exact=True)).to_have_count(1)


def check_calling(page, size: str) -> None:
    picker = page.get_by_test_id("call-picker")
    expect(picker).to_be_visible(timeout=20_000)
    # The hand is drawn at full strength while the player decides the call (once the deal's
    # animation has brought the last card in).
    def looks():
        return page.locator("[data-testid=hand-card]").evaluate_all(
            "els => els.map(e => [getComputedStyle(e).opacity, getComputedStyle(e).filter,"
            " e.classList.contains('dimmed')])")

    def full_strength(found) -> bool:
        return len(found) == 13 and all(look == ["1", "none", False] for look in found)

    deadline = time.monotonic() + 10
    while not full_strength(found := looks()) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert full_strength(found), found
    height = page.evaluate("[window.scrollY, document.documentElement.scrollHeight]")
    assert height == [0, page.viewport_size["height"]], f"the table scrolls: {height}"
    confirm = picker.get_by_test_id("call-confirm").bounding_box()
    viewport = page.viewport_size
    assert confirm["y"] >= 0 and confirm["y"] + confirm["height"] <= viewport["height"], (
        f"call confirm at {confirm} is outside the {size} viewport")
    assert confirm["x"] >= 0 and confirm["x"] + confirm["width"] <= viewport["width"]
    hint = picker.get_by_test_id("call-hint")
    expect(hint).to_contain_text(re.compile(r"would call \d+"))
    check_no_sideways_scroll(page, "the call picker")


def check_seats(page) -> None:
    names = page.locator(".felt .seat-name").evaluate_all(
        "els => els.map(e => [e.firstChild.textContent, e.scrollWidth <= e.clientWidth])")
    assert len(names) == 3
    assert len({name for name, _ in names}) == 3, f"seat names repeat: {names}"
    assert all(whole for _, whole in names), f"a short seat name is cut: {names}"
    groups = page.get_by_role("group", name=re.compile(r"^\S.*(called \d+|no call yet), won \d+"))
    expect(groups).to_have_count(4)


def check_trick(page, seen: dict) -> None:
    """Once the cards in the middle have landed, every corner index is on top."""
    if page.get_by_test_id("trick-card").count() < 2:
        return
    corners = page.evaluate(CORNERS_ON_TOP)
    if corners is None or len(corners) < 2:
        return
    assert all(c["onTop"] for c in corners), f"a trick card's corner is covered: {corners}"
    seen["most"] = max(seen["most"], len(corners))
    seen["checks"] += 1


def check_dimmed_contrast(page, seen: dict) -> None:
    """The first greyed card's index contrast, found and measured in one task of the page:
    between two steps the table may redraw the hand for the next turn, ungreying it."""
    if seen["dimmed"]:
        return
    ratio = page.evaluate(f"""() => {{
      const card = document.querySelector('[data-testid=hand].hand-active .card.dimmed');
      return card && ({INDEX_CONTRAST})(card);
    }}""")
    if ratio is None:
        return
    assert ratio >= 3, f"a greyed card's index has contrast {ratio:.2f}"
    seen["dimmed"] = True


def pause_and_shoot(page, name: str) -> None:
    """Freeze the motion in progress, take the picture, let it go on."""
    page.evaluate("() => document.getAnimations().forEach((a) => a.pause())")
    screenshot(page, name)
    page.evaluate("() => document.getAnimations().forEach((a) => a.play())")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_match_against_bots_reads_well_at_every_size(open_phone, size):
    page = open_phone(**SIZES[size])
    shots = size == "360x640"
    page.add_init_script(HAND_END_WATCH)
    sign_up(page)
    check_no_sideways_scroll(page, "the lobby")
    if shots:
        # Motion on (the profile asks for reduced motion) so the pictures catch cards moving.
        page.evaluate("localStorage.setItem('cb-prefs', JSON.stringify({speed: 'slow'}))")
    # Two hands at every size: the scoreboard between them is checked at each, and under load
    # one hand's tricks may go by too fast to catch three cards on the felt.
    match_id = new_match(page, hands=2)
    check_calling(page, size)
    check_seats(page)
    check_cards_are_named(page)
    if shots:
        page.wait_for_function(SETTLED)
        screenshot(page, f"table-{size}/1-calling")

    seen = {"most": 0, "checks": 0, "dimmed": False, "hand_end": False}
    pictures = {"flight", "sweep"} if shots else set()
    deadline = time.monotonic() + 240
    while not page.get_by_test_id("standings").count():
        assert time.monotonic() < deadline, "the match did not finish in time"
        if pictures and page.evaluate(RUNNING_TRICK_MOTION):
            kind = "sweep" if page.locator(".trick.sweeping").count() else "flight"
            if kind in pictures:
                pictures.discard(kind)
                name = "2-trick-in-flight" if kind == "flight" else "3-trick-to-winner"
                pause_and_shoot(page, f"table-{size}/{name}")
                if not pictures:  # both taken: the rest of the match without motion
                    page.evaluate("localStorage.setItem('cb-prefs', '{\"speed\": \"off\"}')")
        if page.get_by_test_id("trick-card").count() >= 2:
            # Let the cards land before looking: acting at once on this player's turn would
            # otherwise take the moment with three cards down before anyone saw it.
            try:
                page.wait_for_function(SETTLED, timeout=2_000)
            except PlaywrightTimeout:
                pass
        check_trick(page, seen)
        check_dimmed_contrast(page, seen)
        check_no_sideways_scroll(page, "the table")
        if not seen["hand_end"] and page.evaluate("window.__handEnd"):
            check_hand_end(page, match_id, size, shots)
            seen["hand_end"] = True
            continue
        try:
            act_if_my_turn(page, call=3)
        except Exception:  # noqa: BLE001 - the table re-rendered under the tap: look again
            pass
        page.wait_for_timeout(60)

    assert seen["checks"] > 0 and seen["most"] >= 3, seen
    assert not pictures, f"no picture of {pictures}"
    assert seen["hand_end"]
    check_match_end(page, size, shots)
    assert page.errors == []


def check_hand_end(page, match_id: int, size: str, shots: bool) -> None:
    """What the hand-end sheet said when it showed (``HAND_END_WATCH``), against the
    server's result of the hand; its picture if it is still open."""
    said = page.evaluate("window.__handEnd")
    assert said["headers"] == ["Player", "Call", "Won", "Points", "Total"], said
    result = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]["hand_results"][0]
    assert [int(t) for t in said["calls"]] == result["calls"]
    assert [int(t) for t in said["won"]] == result["tricks_won"]
    assert said["inViewport"], "the hand-end sheet scrolls sideways"
    sheet = page.get_by_test_id("hand-end")
    if shots and sheet.count():
        page.wait_for_function(SETTLED)
        screenshot(page, f"table-{size}/4-hand-end")
    if sheet.count():  # the sheet closes by itself when the pause between hands ends
        try:
            sheet.get_by_test_id("dialog-close").click(timeout=2_000)
        except PlaywrightTimeout:  # it closed by itself meanwhile
            pass


def check_match_end(page, size: str, shots: bool) -> None:
    standings = page.get_by_test_id("standings")
    expect(standings.get_by_test_id("standing")).to_have_count(4)
    places = standings.locator(".place").all_inner_texts()
    assert places[0] == "1st" and all(re.fullmatch(r"[1-4](st|nd|rd|th)", p) for p in places)
    expect(standings.get_by_test_id("rematch")).to_be_enabled()
    replay = standings.get_by_test_id("open-replay")
    expect(replay).to_have_attribute("href", re.compile(r"/replay/"))
    check_no_sideways_scroll(page, "the match end")
    if shots:
        screenshot(page, f"table-{size}/5-match-end")


def test_two_guests_in_the_side_seats_read_apart_at_360_px(open_phone):
    host = open_phone(viewport={"width": 360, "height": 640})
    sign_up(host)
    new_match(host, opponents=("open", "bot:easy", "open"))
    code = host.get_by_test_id("invite-code").inner_text()
    for _ in range(2):
        guest = open_phone()
        guest.goto(f"/join/{code}")
        guest.get_by_test_id("join-as-guest").click()
        guest.wait_for_url("**/m/*")
    expect(host.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(13)
    # A guest's name ("Guest-14954") is told apart by its digits: a side seat shows it whole,
    # on two lines where one is too narrow.
    names = host.locator(".seat-left .seat-name, .seat-right .seat-name").evaluate_all(
        "els => els.map(e => [e.innerText, e.scrollWidth <= e.clientWidth"
        " && e.scrollHeight <= e.clientHeight])")
    assert len(names) == 2 and all(text.startswith("Guest-") for text, _ in names), names
    assert all(whole for _, whole in names), f"a guest's name is cut: {names}"
    assert host.errors == []


def test_the_call_fits_the_narrowest_phone(open_phone):
    """At 320×640 the call is made with the whole hand in sight: the page does not scroll,
    the eight calls sit in one row, the head keeps to one line and the turn's words are never
    squeezed a letter a line beside the clock."""
    page = open_phone(viewport={"width": 320, "height": 640})
    sign_up(page)
    new_match(page, hands=1)
    check_calling(page, "320x640")
    rows = page.get_by_test_id("call-picker").locator("[data-testid^=call-option-]").evaluate_all(
        "els => new Set(els.map(e => Math.round(e.getBoundingClientRect().top))).size")
    assert rows == 1, f"the calls take {rows} rows"
    head = page.locator(".table-head").evaluate(
        "e => [...e.querySelectorAll('[data-testid=hand-number], button')]"
        ".filter(x => x.offsetParent && x.textContent.trim())"
        ".map(x => { const r = document.createRange(); r.selectNodeContents(x);"
        " return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size; })")
    assert max(head) == 1, f"something in the table's head wraps: {head}"
    words = page.get_by_test_id("turn-status").locator("span").first.evaluate(
        "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
    assert words < 2.5, f"the turn's words take {words:.1f} lines"
    screenshot(page, "table-320x640-calling")
