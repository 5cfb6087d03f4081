"""The match-end sheet at 360×640 in every language: it fits with no sideways scroll and no
cell of the per-hand grid wraps onto a second line; a hand's cell reads its call and its
tricks won in words, and a note under it tells how a call and its tricks make the points;
the Hindi end sentence inflects the place ("चौथे स्थान पर"). (The flow
of a match: the match end.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.rules import Rules, score_hand

from .conftest import FITS_THE_SCREEN, new_match, play_until_finished, screenshot, sign_up

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
# The cells of the grid whose text runs onto more than one line, or out of the cell.
WRAPPED_CELLS = """() => [...document.querySelectorAll(
    '[data-testid=standings] [data-testid=score-table] :is(th, td strong, td small)')]
  .filter((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return lines.size > 1 || el.scrollWidth > el.clientWidth + 1;
  }).map((el) => el.textContent)"""
LANGUAGES = ["en", "ne", "hi", "bn"]
FOURTH = {"en": "You finished 4th", "ne": "तपाईं चौथो हुनुभयो", "hi": "आप चौथे स्थान पर रहे",
          "bn": "আপনি চতুর্থ হয়েছেন"}


def test_the_end_sheet_fits_a_small_phone_in_every_language(open_phone):
    page = open_phone(viewport=SMALL)
    sign_up(page)
    match_id = new_match(page, hands=1)
    play_until_finished(page)
    notes: dict[str, str] = {}
    for lang in LANGUAGES:
        page.goto("/settings")
        page.get_by_test_id("pref-language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto(f"/m/{match_id}")
        standings = page.get_by_test_id("standings")
        expect(standings.get_by_test_id("score-table")).to_be_visible()
        standings.scroll_into_view_if_needed()
        screenshot(page, f"match-end/{lang}-360")
        assert page.evaluate(FITS_THE_SCREEN), f"the end sheet scrolls sideways in {lang}"
        assert page.evaluate(WRAPPED_CELLS) == [], lang
        note = standings.get_by_test_id("scoring-note")
        expect(note).to_be_visible()
        notes[lang] = note.inner_text()
        if lang == "en":
            assert standings.get_by_test_id("cell-called").first.inner_text().startswith("called ")
            assert standings.get_by_test_id("cell-won").first.inner_text().startswith("won ")
            # What to do next sits above the per-hand grid, which a long match makes tall.
            rematch = standings.get_by_test_id("rematch").bounding_box()
            assert rematch["y"] < standings.get_by_test_id("score-table").bounding_box()["y"]
            # The note's worked example is the engine's own score of it.
            points = score_hand(4, 6, Rules()) / 10
            assert f"plus 0.1 for each extra trick (called 4, won 6: {points})" in notes[lang]
        place = page.evaluate("""() => {
          const mine = document.querySelector('[data-testid=standing].is-me .place');
          return mine ? mine.className : '';
        }""")
        if "place-4" in place:
            expect(standings.get_by_test_id("winner").locator("h2")).to_have_text(FOURTH[lang])
    # How "4.2" comes about is told in each language, not left in English.
    assert len(set(notes.values())) == len(LANGUAGES), notes
    assert page.errors == []
