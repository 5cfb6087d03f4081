"""How to play: one tap from the welcome screen signed out and from the lobby signed in, the
standard rules and the other rule sets the server offers, whole on a small phone, and in the
page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import FITS_THE_SCREEN, screenshot, sign_up

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
