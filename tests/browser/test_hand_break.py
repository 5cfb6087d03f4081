"""The pause between hands: the hand's scoreboard shows while the server's pause runs and
closes by itself, and the next hand's clock starts only after it, so a player who never taps
the sheet still has nearly the whole turn for their first call of the next hand. The hand's
last trick shows on the felt before its scoreboard, and stays the last trick until the next
hand's first is complete. (The flow of a match: the score sheet must not eat the next call's
clock.)"""


import pytest
from playwright.sync_api import expect

from .conftest import api_in_page, new_match, play_until, screenshot, sign_up

pytestmark = pytest.mark.browser

TURN_SECONDS = 30  # the turn time of a match against bots only, the form's default
CREATE_PER_MINUTE = 19  # below the "create" throttle of 20 a minute

SECONDS_LEFT = """() => {
  const clock = document.querySelector("[data-testid=countdown]");
  return clock ? (Date.parse(clock.dataset.deadline) - Date.now()) / 1000 : null;
}"""


def test_the_first_call_of_hand_two_has_its_whole_clock_without_a_tap(open_phone):
    page = open_phone()
    sign_up(page)
    new_match(page, hands=2)
    play_until(page, "hand-end", "hand 1 did not end in time", 180)
    sheet = page.get_by_test_id("hand-end")
    expect(sheet).to_be_visible()
    expect(sheet.locator("h2")).to_have_text("Hand 1 scored")
    expect(sheet.get_by_test_id("hands-to-go")).to_have_text("1 hand to go")
    expect(sheet.get_by_test_id("hand-break-bar")).to_be_visible()
    screenshot(page, "hand-break/1-scoreboard")
    # Nobody taps: the sheet goes by itself when the pause ends.
    expect(sheet).to_have_count(0, timeout=10_000)
    picker = page.get_by_test_id("call-picker")
    expect(picker).to_be_visible(timeout=20_000)
    left = page.evaluate(SECONDS_LEFT)
    print(f"seconds left on the clock at the first call of hand 2: {left:.1f}")
    screenshot(page, "hand-break/2-first-call-of-hand-2")
    assert page.get_by_test_id("hand-number").inner_text().startswith("Hand 2")
    assert left is not None and left >= TURN_SECONDS - 2, left
    assert page.errors == []


# Each whole trick the felt shows, and the opening of a hand's scoreboard, in their order.
FELT_LOG = """() => {
  window.__felt = [];
  new MutationObserver(() => {
    const sheet = document.querySelector("[data-testid=hand-end]");
    const felt = "[data-testid=table-screen] [data-testid=trick-card]";
    const cards = [...document.querySelectorAll(felt)].map((c) => c.dataset.card).sort().join(" ");
    const entry = sheet ? "hand-end" : cards.split(" ").length === 4 ? cards : null;
    if (entry && entry !== window.__felt[window.__felt.length - 1]) window.__felt.push(entry);
    const picker = document.querySelector("[data-testid=call-picker]");
    if (entry === cards && picker) window.__felt.push("picker");
  }).observe(document, { subtree: true, childList: true });
}"""


def test_the_last_trick_of_a_hand_shows_before_its_scoreboard_and_stays_one_tap_away(open_phone):
    page = open_phone()
    sign_up(page)
    match_id = new_match(page, hands=2)
    page.evaluate(FELT_LOG)
    play_until(page, "hand-end", "hand 1 did not end in time", 180)
    view = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
    assert view["hand_number"] == 2 and view["tricks"] == [], view["hand_number"]
    last = " ".join(sorted(c["card"] for c in view["last_trick"]["cards"]))
    felt = page.evaluate("window.__felt")
    # All four cards of the hand's thirteenth trick were on the felt, then the scoreboard;
    # the next hand's call picker never came up under that trick (a tap meant for the trick
    # would have made a call unseen).
    assert felt.index("hand-end") >= 1 and felt[felt.index("hand-end") - 1] == last, felt
    assert "picker" not in felt, felt
    page.get_by_test_id("hand-end").locator("h2").click()
    page.get_by_test_id("show-last-trick").click()
    shown = page.get_by_test_id("last-trick").locator("[data-card]")
    expect(shown).to_have_count(4)
    assert " ".join(sorted(shown.evaluate_all("els => els.map((e) => e.dataset.card)"))) == last
    assert page.errors == []


def test_a_tap_skips_the_scoreboard_and_scores_stay_one_tap_away(open_phone):
    page = open_phone()
    sign_up(page)
    new_match(page, hands=2)
    # Before any hand is scored, the sheet already tells how points are made.
    page.get_by_test_id("show-scores").click()
    early = page.get_by_test_id("scores-dialog")
    expect(early.get_by_test_id("no-scores")).to_be_visible()
    expect(early.get_by_test_id("scoring-note")).to_contain_text("A made call scores the call")
    early.get_by_test_id("dialog-close").click()
    expect(early).to_have_count(0)
    play_until(page, "hand-end", "hand 1 did not end in time", 180)
    sheet = page.get_by_test_id("hand-end")
    # A tap at once, as one meant for the cards would be, leaves it up; a tap once it has
    # been read closes it.
    sheet.locator("h2").click()
    expect(sheet).to_be_visible()
    expect(page.locator("[data-testid=hand-end][data-ready]")).to_have_count(1)
    sheet.locator("h2").click()
    expect(sheet).to_have_count(0, timeout=1_000)
    page.get_by_test_id("show-scores").click()
    expect(page.get_by_test_id("scores-dialog").locator("tbody tr")).to_have_count(1)
    assert page.errors == []


def test_at_a_slow_pace_a_hand_scored_while_away_shows_when_the_table_opens(open_phone):
    """Slow-pace matches, where the next hand begins hours later, show the sheet when the
    player next opens the table, until a tap, once per device."""
    page = open_phone()
    sign_up(page)
    created = api_in_page(page, "POST", "/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 2, "turn_seconds": 3600,
        "opponents": ["bot:easy"] * 3})
    assert created["status"] == 201, created
    match_id = created["body"]["id"]
    for _ in range(600):  # hand 1 played from the page's session, the table not open
        view = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]
        if view["hand_results"] and view["turn"] == view["my_seat"]:
            break
        if view["turn"] == view["my_seat"] and view["legal"]:
            action, body = (("call", {"call": view["legal"][0]}) if view["status"] == "bidding"
                            else ("play", {"card": view["legal"][0]}))
            api_in_page(page, "POST", f"/api/matches/{match_id}/{action}/",
                        {**body, "seq": view["seq"]})
        else:
            page.wait_for_timeout(100)
    assert view["hand_number"] == 2 and not view["tricks"], view["hand_number"]
    page.goto(f"/m/{match_id}")
    sheet = page.get_by_test_id("hand-end")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_test_id("hand-break-bar")).to_have_count(0)
    page.wait_for_timeout(2500)
    expect(sheet).to_be_visible()  # no clock to save at this pace: it waits for the tap
    sheet.get_by_test_id("dialog-close").click()
    page.reload()
    page.get_by_test_id("table-screen").wait_for()
    page.wait_for_timeout(1000)
    expect(page.get_by_test_id("hand-end")).to_have_count(0)
    assert page.errors == []


def test_the_next_hands_call_waits_until_the_last_trick_has_gone(open_phone):
    # A match in which this player calls first in hand 2, so the next call is theirs the
    # moment hand 1's last trick lands: a quarter of matches, the first dealer being drawn at
    # random. A player may create CREATE_PER_MINUTE a minute, so a second one tries too.
    view = None
    for _player in range(2):
        page = open_phone()
        sign_up(page)
        for _ in range(CREATE_PER_MINUTE):
            made = api_in_page(page, "POST", "/api/matches/", {
                "rules": {"preset": "standard"}, "hands": 2, "turn_seconds": TURN_SECONDS,
                "opponents": ["bot:easy", "bot:easy", "bot:easy"]})
            assert made["status"] == 201, made
            if (made["body"]["dealer"] + 2) % 4 == made["body"]["my_seat"]:
                view = made["body"]
                break
        if view is not None:
            break
    assert view is not None, "no match of 38 had its player calling first in hand 2"
    page.goto(f"/m/{view['id']}")
    page.get_by_test_id("table-screen").wait_for()
    page.evaluate(FELT_LOG)
    play_until(page, "hand-end", "hand 1 did not end in time", 180)
    felt = page.evaluate("window.__felt")
    assert "hand-end" in felt and felt[felt.index("hand-end") - 1] != "picker", felt
    # The picker was never up while a trick lay on the felt: a tap meant for the trick
    # would have made a call unseen.
    assert "picker" not in felt, felt
    page.get_by_test_id("hand-end").locator("h2").click()
    expect(page.get_by_test_id("call-picker")).to_be_visible(timeout=10_000)
    assert page.errors == []


def test_a_turn_clock_never_shows_more_time_than_the_turn_has(open_phone):
    # The phone's clock may run a little behind the server's: a deadline 31.4 s away on a
    # 30-second turn reads as the whole turn, 0:30, not 0:31.
    page = open_phone()
    page.goto("/")
    shown = page.evaluate("""async () => {
      const { timeLeft } = await import("/static/frontend/js/format.js");
      const at = (seconds) => new Date(Date.now() + seconds * 1000).toISOString();
      return [timeLeft(at(31.4), 30), timeLeft(at(12.2), 30), timeLeft(at(31.4))];
    }""")
    assert shown == [f"0:{TURN_SECONDS}", "0:12", "0:31"]
    assert page.errors == []
