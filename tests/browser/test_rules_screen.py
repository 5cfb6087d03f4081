"""How to play: one tap from the welcome screen signed out and from the lobby signed in, the
standard rules and the other rule sets the server offers, whole on a small phone, and in the
page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import FITS_THE_SCREEN, match_through_api, screenshot, sign_up

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 640}


def test_the_rules_open_from_the_welcome_and_the_lobby_in_every_language(open_phone):
    page = open_phone(viewport=SMALL_PHONE)
    page.goto("/")
    page.get_by_test_id("to-rules").click()
    page.wait_for_url("**/rules")
    rules = page.get_by_test_id("rules")
    expect(rules.locator("h1")).to_have_text("How to play")
    expect(rules).to_contain_text("spades are always trump")
    expect(rules).to_contain_text("call 3, take 5: 3.2")
    presets = page.get_by_test_id("rules-presets").locator("dt")
    expect(presets).to_have_count(3)  # standard, pagat, casual, as GET /api/rules/ offers
    assert page.evaluate(FITS_THE_SCREEN)
    screenshot(page, "rules-360")

    sign_up(page)
    page.get_by_test_id("open-rules").click()
    page.wait_for_url("**/rules")
    english = rules.inner_text()
    for lang in ("ne", "hi", "bn"):
        page.goto("/settings")
        page.get_by_test_id("pref-language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto("/rules")
        expect(page.get_by_test_id("rules-presets").locator("dt")).to_have_count(3)
        text = rules.inner_text()
        # Every line is the catalogue's: no English sentence of the screen is left.
        left = [line for line in english.splitlines() if line.strip() and line in text]
        assert left == [], (lang, left)
        assert page.evaluate(FITS_THE_SCREEN), lang
    assert page.errors == []


def test_a_tables_own_rules_are_two_taps_away_and_lead_to_how_to_play(open_phone):
    """From the table: Scores, then Rules, shows the rules this match plays by, and from
    there the whole of how to play. Settings leads there too."""
    page = open_phone(viewport=SMALL_PHONE)
    sign_up(page)
    made = match_through_api(page, ["open", "bot:easy", "bot:easy"], turn_seconds=86400,
                             preset="pagat")
    page.goto(f"/m/{made['id']}")
    page.get_by_test_id("show-scores").click()
    page.get_by_test_id("scores-dialog").get_by_test_id("open-match-rules").click()
    sheet = page.get_by_test_id("match-rules-dialog")
    expect(sheet.get_by_test_id("match-rules-name")).to_have_text("Free follow")
    expect(sheet).to_contain_text("Following suit: Any card of the suit")
    expect(sheet).to_contain_text("Scoring: Hit your call")
    expect(sheet).to_contain_text("Calls in this match run from 2 to 12.")
    expect(sheet).not_to_contain_text("Spades must be broken")  # only the rules that are on
    expect(page.get_by_test_id("scores-dialog")).to_have_count(0)
    screenshot(page, "70-rules-of-this-match")
    sheet.get_by_test_id("match-rules-more").click()
    page.wait_for_url("**/rules")
    expect(page.get_by_test_id("rules").locator("h1")).to_have_text("How to play")
    page.goto("/settings")
    page.get_by_test_id("settings-rules").click()
    page.wait_for_url("**/rules")
    assert page.errors == []
