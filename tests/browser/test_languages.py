"""The whole PWA in Nepali, Hindi and Bengali: a new player picks the language in Settings, the
screen changes without a reload, and a hand against bots is played with no English left on the
settings, the new-match form or the table (visible text and accessible names both)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.i18n.words import untranslated

from .conftest import (
    act_if_my_turn,
    api_in_page,
    finish_through_api,
    new_match,
    screenshot,
    sign_up,
    unique_name,
)

pytestmark = pytest.mark.browser

# What the player reads and what a screen reader says: the text of every visible element and
# the accessible names, labels and placeholders.
READ_PAGE = """() => {
  const texts = [];
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    if (text && node.parentElement && visible(node.parentElement)
        && !node.parentElement.closest("script, style, .sr-only")) texts.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], option")) {
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (el.getAttribute(name)) texts.push(el.getAttribute(name));
    }
    if (el.tagName === "OPTION") texts.push(el.textContent.trim());
  }
  const live = document.getElementById("announce").textContent.trim();
  if (live) texts.push(live);
  texts.push(document.title);
  return texts;
}"""

DIGITS = {"ne": "[०-९]", "hi": "[0-9]", "bn": "[০-৯]"}
SPADES = {"ne": "हुकुम", "hi": "हुकुम", "bn": "ইস্কাপন"}


def assert_all_translated(page, lang: str, where: str) -> None:
    texts = page.evaluate(READ_PAGE)
    assert texts, f"nothing read on {where}"
    left = untranslated(texts, lang, "djangojs")
    assert not left, f"English left on {where} in {lang}: {left}"


@pytest.mark.parametrize("lang", ["ne", "hi", "bn"])
def test_a_hand_against_bots_in_the_chosen_language(open_phone, lang):
    page = open_phone(locale="en-US")
    username = sign_up(page, unique_name("ram"))
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.goto("/settings")
    page.get_by_test_id("pref-language").select_option(lang)
    # The screen is drawn again in the new language, the page itself stays (no reload).
    page.evaluate("window.stayedOnPage = true")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("settings").locator("h1")).not_to_have_text("Settings")
    expect(page.get_by_test_id("nav-lobby")).not_to_have_text("Lobby")
    expect(page.get_by_test_id("pref-language")).to_have_value(lang)
    assert page.evaluate("window.stayedOnPage") is True
    assert_all_translated(page, lang, "settings")
    screenshot(page, f"lang-{lang}-settings")
    # The language's own digits, or Latin ones when the account asks for them.
    example = page.get_by_test_id("language-prefs").locator(".hint")
    expect(example).to_have_text(re.compile(DIGITS[lang]))
    page.get_by_test_id("pref-latin-digits").check()
    expect(page.get_by_test_id("language-prefs").locator(".hint")).to_contain_text("1,234.5")
    page.get_by_test_id("pref-latin-digits").uncheck()
    expect(page.get_by_test_id("language-prefs").locator(".hint")).to_have_text(
        re.compile(DIGITS[lang]))

    # A fresh start of the app comes up in the account's language from the first paint.
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_test_id("new-match").click()
    page.get_by_test_id("nm-rules-toggle").click()
    expect(page.get_by_test_id("new-match-form")).to_be_visible()
    assert_all_translated(page, lang, "the new-match form")
    # At a live pace the expert is greyed, and the hint names it before saying why.
    expert = page.get_by_test_id("nm-opponent-0").locator("option[value='bot:expert']")
    expect(expert).to_be_disabled()
    levels = api_in_page(page, "GET", "/api/rules/")["body"]["bot_levels"]
    label = next(level["label"] for level in levels if level["name"] == "expert")
    expect(page.get_by_test_id("nm-levels-hint")).to_contain_text(f"{label}: ")
    screenshot(page, f"lang-{lang}-new-match")

    page.goto("/")
    match_id = new_match(page, hands=1)
    hand = page.get_by_test_id("hand")
    expect(hand.get_by_test_id("hand-card")).to_have_count(13, timeout=20_000)
    # Cards are named in the language; the hand number counts in its digits.
    names = hand.get_by_test_id("hand-card").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    assert any(SPADES[lang] in name for name in names) or all(
        not re.search(r"[A-Za-z]{3}", name) for name in names), names
    expect(page.get_by_test_id("hand-number")).to_have_text(re.compile(DIGITS[lang]))

    # Every player calls, so the picker comes; it is read before the first tap.
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=20_000)
    assert_all_translated(page, lang, "the table (calling)")
    screenshot(page, f"lang-{lang}-table-calling")
    checked = {"calling"}
    for _ in range(1200):
        if page.get_by_test_id("standings").count():
            break
        if "my turn" not in checked and page.locator("[data-testid=hand].hand-active").count():
            assert_all_translated(page, lang, "the table (my turn)")
            screenshot(page, f"lang-{lang}-table-my-turn")
            checked.add("my turn")
            # The rest of the hand through the API: the table reads the same while it plays.
            finish_through_api(page, match_id)
            continue
        try:
            act_if_my_turn(page)
        except Exception:  # noqa: BLE001 - the table re-rendered under the tap: look again
            pass
        page.wait_for_timeout(150)
    expect(page.get_by_test_id("standings")).to_be_visible(timeout=60_000)
    assert checked == {"calling", "my turn"}
    assert_all_translated(page, lang, "the match-end sheet")
    screenshot(page, f"lang-{lang}-match-end")

    # The finished match in the history and the statistics, dates and totals in the language.
    page.get_by_test_id("nav-history").click()
    expect(page.get_by_test_id("history-row")).to_have_count(1)
    assert_all_translated(page, lang, "the history")
    # The replay names the bots as the table did, in the language's script.
    page.get_by_test_id("history-row").click()
    seats = page.locator("[data-testid=replay] .replay-name")
    expect(seats).to_have_count(4)
    bots = [name for name in seats.all_inner_texts() if not name.startswith(username)]
    assert len(bots) == 3 and not any(re.search(r"[A-Za-z]", name) for name in bots), bots
    assert_all_translated(page, lang, "the replay")
    page.goto("/stats")
    expect(page.get_by_test_id("stat-played")).to_contain_text(re.compile(DIGITS[lang]))
    assert_all_translated(page, lang, "the statistics")
    assert page.errors == []
