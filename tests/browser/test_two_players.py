"""Two players in two browsers: each sees the other's moves live, never the other's cards."""

import time

import pytest
from playwright.sync_api import expect

from .conftest import act_if_my_turn, new_match, screenshot, sign_up

pytestmark = pytest.mark.browser

# Remember every card that ever appears in the middle of the table (a trick shows briefly).
WATCH_TRICKS = """() => {
  window.seenInTrick = new Set();
  const look = () => document.querySelectorAll("[data-testid=trick] [data-card]")
    .forEach((c) => window.seenInTrick.add(c.dataset.card));
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  look();
}"""


def hand_cards(page) -> set[str]:
    return set(page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))


def cards_outside_trick(page) -> set[str]:
    return set(page.locator("[data-card]").evaluate_all(
        "cards => cards.filter(c => !c.closest('[data-testid=trick], dialog'))"
        ".map(c => c.dataset.card)"))


def test_two_players_see_each_others_moves_live_and_never_each_others_cards(open_phone):
    alice, bob = open_phone(), open_phone()
    names = {}
    names["alice"], names["bob"] = sign_up(alice), sign_up(bob)
    match_id = new_match(alice, hands=1, opponents=("open", "bot:easy", "bot:easy"))
    code = alice.get_by_test_id("invite-code").inner_text()
    screenshot(alice, "10-invite")

    bob.goto(f"/join/{code}")
    bob.wait_for_url(f"**/m/{match_id}")
    for page in (alice, bob):
        cards = page.get_by_test_id("hand").get_by_test_id("hand-card")
        expect(cards).to_have_count(13, timeout=20_000)
        expect(page.locator("body[data-live=on]")).to_have_count(1)
        page.evaluate(WATCH_TRICKS)
    # Alice's table filled in for Bob's arrival without a reload.
    expect(alice.locator("[data-testid^=seat-]", has_text=names["bob"])).to_be_visible()

    players = (("alice", alice, bob, names["alice"]), ("bob", bob, alice, names["bob"]))
    calls_seen = plays_seen = 0
    deadline = time.monotonic() + 75
    while (calls_seen < 2 or plays_seen < 2) and time.monotonic() < deadline:
        for _, me, other, my_name in players:
            mine, theirs = hand_cards(me), hand_cards(other)
            assert not mine & theirs
            assert cards_outside_trick(me) <= mine, "a page shows cards its player may not see"
            calling = me.get_by_test_id("call-picker").count() > 0
            try:
                if not act_if_my_turn(me, call=2):
                    continue
            except Exception:  # noqa: BLE001 - the table re-rendered under the tap
                continue
            panel = other.locator("[data-testid^=seat-]", has_text=my_name)
            if calling:
                # The other page shows the call without reloading.
                expect(panel.get_by_test_id("seat-call")).not_to_have_text("Call –", timeout=10_000)
                calls_seen += 1
            else:
                cards = me.get_by_test_id("hand").get_by_test_id("hand-card")
                expect(cards).to_have_count(len(mine) - 1)
                played = (mine - hand_cards(me)).pop()
                other.wait_for_function("card => window.seenInTrick.has(card)", arg=played,
                                        timeout=10_000)
                plays_seen += 1
                screenshot(other, "11-live-update")
        alice.wait_for_timeout(100)
    assert calls_seen >= 2 and plays_seen >= 2, "the two players did not both get to move"
    assert alice.errors == [] and bob.errors == []
