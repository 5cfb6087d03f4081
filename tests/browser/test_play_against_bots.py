"""A player signs up, starts a one-hand match against three bots and plays it out by tapping."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import (
    act_if_my_turn,
    new_match,
    play_until_finished,
    screenshot,
    sign_up,
    tap_card,
)

pytestmark = pytest.mark.browser


def test_sign_up_call_play_a_whole_hand_and_see_the_score_table(open_phone):
    page = open_phone()
    page.goto("/")
    expect(page.get_by_test_id("welcome")).to_be_visible()
    screenshot(page, "01-welcome")
    page.get_by_test_id("to-signup").click()
    expect(page.get_by_test_id("signup-form")).to_be_visible()
    screenshot(page, "02-sign-up")
    sign_up(page)
    screenshot(page, "03-lobby")

    page.get_by_test_id("new-match").click()
    page.get_by_test_id("nm-rules-toggle").click()
    screenshot(page, "04-new-match")
    page.goto("/")
    new_match(page, hands=1)

    picker = page.get_by_test_id("call-picker")
    expect(picker).to_be_visible(timeout=20_000)
    picker.get_by_test_id("call-option-3").click()
    screenshot(page, "05-call-picker")
    picker.get_by_test_id("call-confirm").click()
    expect(page.locator("[data-testid=seat-bottom] [data-testid=seat-call]")).to_have_text("Call 3")

    hand = page.get_by_test_id("hand")
    expect(hand.get_by_test_id("hand-card")).to_have_count(13, timeout=20_000)
    expect(hand).to_have_class(re.compile("hand-active"), timeout=20_000)
    screenshot(page, "06-table-my-turn")
    act_if_my_turn(page)
    expect(hand.get_by_test_id("hand-card")).to_have_count(12)

    play_until_finished(page)
    standings = page.get_by_test_id("standings")
    expect(standings).to_be_visible()
    table = standings.get_by_test_id("score-table")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table.get_by_test_id("score-total")).to_have_count(4)
    expect(page.get_by_test_id("rematch")).to_be_enabled()
    screenshot(page, "08-match-end")
    page.get_by_test_id("show-last-trick").click()
    expect(page.get_by_test_id("last-trick")).to_be_visible()
    screenshot(page, "09-last-trick")
    assert page.errors == []


# With a message on screen: whether the point a thumb taps on each card of the hand (as
# ``tap_card`` does) and the middle of each of the table's buttons reach their own element
# (null when no message shows).
CARDS_REACHABLE = """() => {
  if (!document.querySelector('[data-testid=toast]')) return null;
  const reached = (el, x, y) => el.contains(document.elementFromPoint(x, y));
  const cards = document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]');
  const buttons = document.querySelectorAll(
    '[data-testid=show-last-trick], [data-testid=show-scores]');
  return buttons.length === 2 && [...cards].every((card) => {
    const box = card.getBoundingClientRect();
    return reached(card, box.left + 9, box.top + 22);
  }) && [...buttons].every((button) => {
    const box = button.getBoundingClientRect();
    return reached(button, box.left + box.width / 2, box.top + box.height / 2);
  });
}"""


def play_until_my_turn_with(page, wanted, failure: str) -> None:
    """Call and play as the table asks until it is this player's turn to play and
    ``wanted()`` holds."""
    for _ in range(400):
        if page.locator("[data-testid=hand].hand-active").count() and wanted():
            return
        try:
            act_if_my_turn(page)
        except Exception:  # noqa: BLE001 - re-rendered under the tap
            pass
        page.wait_for_timeout(100)
    pytest.fail(failure)


def test_an_illegal_tap_shows_the_referees_reason(open_phone):
    page = open_phone()
    sign_up(page)
    new_match(page, hands=1)
    hand = page.get_by_test_id("hand")
    dimmed = hand.locator(".card.dimmed")
    # Play until a trick is led to us while we hold cards we may not play.
    play_until_my_turn_with(
        page, lambda: dimmed.count() and page.get_by_test_id("trick-card").count(),
        "never had an unplayable card while following")
    # The card that led the trick, and only it, carries the led mark.
    expect(page.locator(".trick-card.led")).to_have_count(1)
    expect(page.get_by_test_id("trick-card").first).to_have_class(re.compile(r"\bled\b"))
    card = dimmed.first
    before = hand.get_by_test_id("hand-card").count()
    # Dimmed cards are marked aria-disabled; a tap still reaches them and the server says why.
    tap_card(card, force=True)
    toast = page.get_by_test_id("toast").last
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(re.compile(r"must|may not|cannot", re.I))
    # The message shows over no card and no button of the table: a thumb reaches each.
    assert page.evaluate(CARDS_REACHABLE) is True
    screenshot(page, "07-illegal-tap")
    assert hand.get_by_test_id("hand-card").count() == before
    tap_card(hand.locator(".card.legal:not([disabled])").first)
    expect(hand.get_by_test_id("hand-card")).to_have_count(before - 1)


def test_a_second_tap_while_a_move_is_on_its_way_is_answered_not_lost(open_phone):
    page = open_phone()
    sign_up(page)
    new_match(page, hands=1)
    hand = page.get_by_test_id("hand")
    legal = hand.locator(".card.legal:not([disabled])")
    play_until_my_turn_with(page, lambda: legal.count() >= 2,
                            "never had two playable cards on a turn")
    held = []
    page.route("**/play/", lambda route: held.append(route))  # the answer is slow to come
    before = hand.get_by_test_id("hand-card").count()
    first, second = legal.nth(0), legal.nth(1)
    tap_card(first)
    page.wait_for_function("() => document.querySelector('[data-testid=hand]')"
                           ".getAttribute('aria-busy') === 'true'")
    tap_card(second)
    expect(page.get_by_test_id("toast").last).to_have_text(
        "One moment: your last move is still on its way.")
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/play/")
    expect(hand.get_by_test_id("hand-card")).to_have_count(before - 1)
    assert page.errors == []
