"""History lists a finished match; the replay steps through it trick by trick, and says when
the analysis of the player's moves is unavailable."""


import pytest
from playwright.sync_api import expect

from .conftest import finish_through_api, new_match, screenshot, sign_up, with_database

pytestmark = pytest.mark.browser


def test_history_lists_the_finished_match_and_the_replay_steps_through_it(open_phone):
    page = open_phone()
    username = sign_up(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)

    page.get_by_test_id("nav-history").click()
    row = page.locator(f"[data-testid=history-row][data-match-id='{match_id}']")
    expect(row).to_be_visible()
    screenshot(page, "12-history")
    row.click()

    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible()
    expect(page.get_by_test_id("replay-seat")).to_have_count(4)
    expect(page.get_by_test_id("replay-step")).to_contain_text("the calls")
    expect(page.get_by_test_id("totals-chart").locator("polyline")).to_have_count(4)
    expect(page.get_by_test_id("replay-seat").first).to_contain_text(username)
    # The standings line reads from first place down.
    places = page.get_by_test_id("replay-places").inner_text().split(" · ")
    assert len(places) == 4 and places[0].startswith("1st"), places
    assert places == sorted(places, key=lambda text: int(text[0])), places

    def cards_held() -> int:
        return page.locator("[data-testid=replay-hand] .suit-group > span:not(.suit-sym)").count()

    assert cards_held() == 52
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("trick 1 of 13")
    expect(page.get_by_test_id("replay-trick").locator("[data-card]")).to_have_count(4)
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("trick 2 of 13")
    assert cards_held() == 48  # the first trick's cards are gone, the second's still marked
    screenshot(page, "13-replay")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("trick 13 of 13")
    totals = page.get_by_test_id("replay-total").all_inner_texts()
    assert any(t not in ("0",) for t in totals), "the running score shows the hand's result"

    page.get_by_test_id("nav-stats").click()
    expect(page.get_by_test_id("stat-played")).to_contain_text("1")
    screenshot(page, "14-stats")
    page.get_by_test_id("nav-settings").click()
    expect(page.get_by_test_id("setting-notify_turn")).to_be_visible()
    screenshot(page, "15-settings")
    assert page.errors == []


def _mark_analysis_failed(match_id: int) -> None:
    """Record that the review of seat 0 crashed."""
    from games.models import Analysis

    with_database(lambda: Analysis.objects.create(match_id=match_id, seat=0,
                                                  status=Analysis.Status.FAILED))


def test_the_replay_says_a_failed_analysis_is_unavailable_and_retries_it(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)
    _mark_analysis_failed(match_id)

    page.goto(f"/replay/{match_id}")
    expect(page.get_by_test_id("analysis-failed")).to_have_text(
        "Analysis unavailable, try again.")
    page.get_by_test_id("analysis-retry").click()
    expect(page.get_by_test_id("replay-marks")).to_contain_text("being prepared")
    expect(page.get_by_test_id("analysis-retry")).to_have_count(0)
    assert page.errors == []
