"""The first visit: a signed-out visitor picks the language on the welcome screen, the page is
drawn in it and stays in it after a reload; at the table the bots' names are written in that
language's script, the same bot keeping the same name. (The flow of a match: the first
visit.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.bot_names import BOT_NAMES_WRITTEN

pytestmark = pytest.mark.browser

NEPALI_NAMES = {names[0] for names in BOT_NAMES_WRITTEN.values()}


def test_a_signed_out_visitor_picks_nepali_and_meets_bots_named_in_devanagari(open_phone):
    page = open_phone()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_test_id("welcome-language").select_option("ne")
    expect(page.locator("html")).to_have_attribute("lang", "ne")
    expect(page.get_by_test_id("play-vs-computer")).not_to_have_text("Play vs computer")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ne")
    expect(page.get_by_test_id("welcome-language")).to_have_value("ne")

    page.get_by_test_id("play-vs-computer").click()
    page.get_by_test_id("call-picker").wait_for(timeout=20_000)
    names = page.locator("[data-testid=table-screen] .seat .seat-name")
    shown = [t.strip() for t in names.all_inner_texts()]
    bots = [t for t in shown if t in NEPALI_NAMES]
    assert len(bots) == 3, shown
    assert page.errors == []
