"""The replay of a reviewed match at 360×640: titled with its players and date, every name
whole, each costly decision with its reason and what the cost means, and a tap on one brings
that moment's board into view."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import (
    FITS_THE_SCREEN,
    finish_through_api,
    new_match,
    screenshot,
    sign_up,
    unique_name,
    with_database,
)

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 640}


def _review(match_id: int) -> None:
    """Review seat 0 with the real analysis service, briefly."""
    from django.test import override_settings

    from games.models import Analysis
    from games.services.analysis import analysis_run

    def review():
        with override_settings(ANALYSIS_BUDGET_MS=60):
            Analysis.objects.get_or_create(match_id=match_id, seat=0)
            analysis_run(match_id=match_id, seat=0)

    with_database(review)


def _cut_names(page) -> list[str]:
    """Names on the replay that overflow their box (and so are cut)."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.replay-name, .replay-trick figcaption, [data-testid=replay-title]')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1
                        || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent)""")


def test_a_reviewed_replay_names_its_players_and_explains_each_costly_move(open_phone):
    page = open_phone(viewport=SMALL_PHONE)
    # Longer than 12 characters, so a cut name would show.
    username = sign_up(page, unique_name("Bhagyalaxmi"))
    assert len(username) > 12
    match_id = new_match(page, hands=1)
    # The highest call can't be made, so the review always marks at least that call.
    finish_through_api(page, match_id, highest_call=True)
    _review(match_id)

    page.goto(f"/replay/{match_id}")
    title = page.get_by_test_id("replay-title")
    expect(title).to_contain_text(username)
    names = page.locator(".replay-name").all_inner_texts()
    for name in names:
        expect(title).to_contain_text(name.removesuffix(" (you)"))
    today = page.evaluate("() => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' })"
                          ".format(new Date())")
    expect(title).to_contain_text(today)
    expect(title).not_to_contain_text("Replay of match")
    screenshot(page, "replay-title-360")

    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-trick").locator("figcaption")).to_have_count(4)
    assert _cut_names(page) == []
    assert page.evaluate(FITS_THE_SCREEN)

    marks = page.get_by_test_id("mark")
    expect(marks.first).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("cost-meaning")).to_have_text(
        "Cost: the points you could expect over the rest of the hand with the best choice, "
        "minus those with yours.")
    reasons = page.get_by_test_id("mark-reason")
    expect(reasons.first).to_be_visible()
    for sentence in reasons.all_inner_texts():
        assert len(sentence) > 25 and "%(" not in sentence and "undefined" not in sentence
    page.get_by_test_id("replay-marks").scroll_into_view_if_needed()
    screenshot(page, "replay-reasons-360")

    board = page.get_by_test_id("replay-board")
    top = "() => document.querySelector('[data-testid=replay-board]').getBoundingClientRect().top"
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function(f"() => ({top})() < 0")  # the board's top is scrolled away
    label = marks.last.inner_text()
    marks.last.click()
    # The board comes to the top of the screen, just below the top bar.
    page.wait_for_function(f"""() => {{
        const bar = document.querySelector('.bar').getBoundingClientRect().bottom;
        const y = ({top})();
        return y >= bar && y < bar + 40; }}""")
    expect(board).to_be_in_viewport()
    expect(board).to_have_class("replay-board is-marked")
    expect(page.get_by_test_id("mark-note")).to_be_visible()
    moment = label.split(":")[0].split(", ")[1]  # "call" or "trick 7"
    step = page.get_by_test_id("replay-step")
    expect(step).to_contain_text("the calls" if moment == "call" else f"{moment} of 13")
    if moment != "call":
        expect(board.locator("figure.chosen")).to_have_count(1)
    assert _cut_names(page) == []
    screenshot(page, "replay-moment-360")

    for lang in ("ne", "hi", "bn"):
        page.goto("/settings")
        page.get_by_test_id("pref-language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto(f"/replay/{match_id}")
        expect(page.get_by_test_id("mark-reason").first).to_be_visible(timeout=30_000)
        expect(page.get_by_test_id("cost-meaning")).not_to_contain_text("Cost")
        for sentence in page.get_by_test_id("mark-reason").all_inner_texts():
            assert "%(" not in sentence and " tricks" not in sentence, (lang, sentence)
        assert page.evaluate(FITS_THE_SCREEN), lang
        page.get_by_test_id("replay-marks").scroll_into_view_if_needed()
        screenshot(page, f"replay-reasons-{lang}-360")
    assert page.errors == []


def _clean_review(match_id: int) -> None:
    """A ready review of seat 0 in which no decision cost anything."""
    from games.models import Analysis

    with_database(lambda: Analysis.objects.create(
        match_id=match_id, seat=0, status=Analysis.Status.READY,
        decisions=[{"hand_number": 1, "trick": None, "kind": "call", "chosen": 1, "loss": 0}]))


def test_the_marks_come_by_themselves_once_the_analysis_is_ready(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id, highest_call=True)
    page.goto(f"/replay/{match_id}")
    pending = page.get_by_test_id("analysis-pending")
    expect(pending).to_have_text("The analysis of your moves is being prepared.")
    _review(match_id)
    expect(page.get_by_test_id("mark").first).to_be_visible(timeout=30_000)
    expect(pending).to_have_count(0)
    assert page.errors == []


def test_a_review_with_no_costly_move_says_so(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)
    _clean_review(match_id)
    page.goto(f"/replay/{match_id}")
    expect(page.get_by_test_id("analysis-clean")).to_have_text(
        "The analysis found no costly move of yours in this match.")
    expect(page.get_by_test_id("mark")).to_have_count(0)
    assert page.errors == []
