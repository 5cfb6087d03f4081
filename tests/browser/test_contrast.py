"""WCAG AA contrast of every piece of visible text, screen by screen: at least 4.5:1 against
what lies behind it, 3:1 for large text (24 px, or 18.66 px bold); and none under 10 px.
Controls that are switched off are exempt, as WCAG allows (a greyed card keeps its own 3:1, see
test_table_layout.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import act_if_my_turn, finish_through_api, new_match, sign_up

pytestmark = pytest.mark.browser

# For each visible text node: its colour, and every colour it may sit on. The background is
# found by walking up the ancestors and laying their colours over one another until one is
# opaque; a gradient counts as each of its colour stops, so the worst stop decides.
LOW_CONTRAST = """() => {
  const parse = (css) => {
    const m = css.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const colours = (css) => [...css.matchAll(/rgba?\\([^)]+\\)/g)].map((m) => parse(m[0]));
  const blend = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  const luminance = (c) => {
    const [r, g, b] = [c.r, c.g, c.b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const behind = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      const stops = colours(style.backgroundImage);
      const fill = parse(style.backgroundColor);
      layers.push({ fill, stops });
      if (stops.length && stops.every((c) => c.a === 1)) break;
      if (fill && fill.a === 1) break;
    }
    let under = [{ r: 255, g: 255, b: 255, a: 1 }];
    for (const { fill, stops } of layers.reverse()) {
      if (fill && fill.a > 0) under = under.map((u) => blend(fill, u));
      if (stops.length) under = stops.flatMap((s) => under.map((u) => blend(s, u)));
    }
    return under;
  };
  const hex = (c) => '#' + [c.r, c.g, c.b]
    .map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const failures = [];
  const MIN_TEXT_PX = 10;  // nothing a player reads is smaller on a phone
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('script, style, noscript, option, title')) continue;
    if (el.closest(':disabled, [aria-disabled=true]')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // screen-reader-only text
    if (box.bottom <= 0 || box.top >= innerHeight) continue;
    if (box.right <= 0 || box.left >= innerWidth) continue;
    const style = getComputedStyle(el);
    const colour = parse(el instanceof SVGElement ? style.fill : style.color);
    if (!colour) continue;
    let fade = 1;
    for (let n = el; n; n = n.parentElement) fade *= Number(getComputedStyle(n).opacity);
    const size = parseFloat(style.fontSize);
    const where = el.getAttribute('class') || el.tagName.toLowerCase();
    if (size < MIN_TEXT_PX) failures.push(`${text.slice(0, 24)} (${where}): ${size}px text`);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const seen = { ...colour, a: colour.a * fade };
    const worst = behind(el).map((bg) => [ratio(blend(seen, bg), bg), bg])
      .sort((p, q) => p[0] - q[0])[0];
    if (worst[0] < need) {
      failures.push(`${text.slice(0, 24)} (${where}): ` +
        `${worst[0].toFixed(2)} < ${need}, ${hex(colour)} on ${hex(worst[1])}`);
    }
  }
  return failures;
}"""
SETTLED = "() => document.getAnimations().filter((a) => a.playState === 'running').length === 0"


def check(page, screen: str, found: dict) -> None:
    page.wait_for_function(SETTLED)
    failures = page.evaluate(LOW_CONTRAST)
    if failures:
        found[screen] = failures


def test_all_visible_text_meets_wcag_aa_contrast_and_a_readable_size_on_every_screen(open_phone):
    page = open_phone()
    found: dict[str, list[str]] = {}
    page.goto("/")
    expect(page.get_by_test_id("welcome")).to_be_visible()
    check(page, "the welcome screen", found)
    page.goto("/signin")
    expect(page.get_by_test_id("signin-form")).to_be_visible()
    check(page, "the sign-in form", found)
    sign_up(page)
    check(page, "the lobby, empty", found)
    finished = new_match(page, hands=1)
    finish_through_api(page, finished)
    page.goto(f"/m/{finished}")
    expect(page.get_by_test_id("standings")).to_be_visible()
    check(page, "the match end", found)

    page.goto("/")
    playing = new_match(page, hands=1)
    expect(page.get_by_test_id("call-picker")).to_be_visible()
    check(page, "the table while calling", found)
    act_if_my_turn(page)
    # A bot's turn lasts a moment: look as soon as a seat on the felt is marked to play (the
    # bots may all have answered before the page looks, and then there is no such moment).
    bot_to_play = page.locator(".felt .seat.is-turn")
    for _ in range(100):
        if bot_to_play.count():
            check(page, "the table while a bot is to play", found)
            break
        page.wait_for_timeout(100)
    for _ in range(200):  # call, then wait for a turn to play with greyed and raised cards
        if page.locator("[data-testid=hand].hand-active .card.legal").count():
            break
        if page.get_by_test_id("call-picker").count():
            act_if_my_turn(page)
        page.wait_for_timeout(100)
    expect(page.locator("[data-testid=hand].hand-active .card.legal").first).to_be_visible()
    check(page, "the table on my turn", found)

    page.goto("/")
    expect(page.locator(f"[data-testid=match-list] a[href='/m/{playing}']")).to_be_visible()
    check(page, "the lobby with a match", found)
    page.goto("/new")
    expect(page.get_by_test_id("nm-submit")).to_be_visible()
    check(page, "the new-match form", found)
    page.goto("/history")
    expect(page.get_by_test_id("history-row").first).to_be_visible()
    check(page, "the history", found)
    page.goto(f"/replay/{finished}")
    expect(page.get_by_test_id("replay-seat")).to_have_count(4)
    check(page, "the replay", found)
    page.goto("/stats")
    expect(page.get_by_test_id("stats")).to_be_visible()
    check(page, "the stats", found)
    page.goto("/settings")
    expect(page.get_by_test_id("settings")).to_be_visible()
    check(page, "the settings", found)
    assert found == {}, f"text below WCAG AA contrast or too small: {found}"
    assert page.errors == []
