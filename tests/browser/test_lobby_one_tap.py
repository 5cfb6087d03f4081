"""One tap from the lobby: at 360×640 the lobby opens on three large actions, the custom form
behind them cuts no label or choice off, a table of open seats starts with bots in one tap
when nobody comes, a finished match shows under "Recent", and a public table is listed under
"Open tables" and joined in one tap."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import (
    FITS_THE_SCREEN,
    RECORD_VIOLATIONS,
    api_in_page,
    finish_through_api,
    new_match,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.browser

AVATAR_COLOURS = "els => els.map((e) => getComputedStyle(e).backgroundColor)"

SMALL = {"width": 360, "height": 640}

# Every label, legend and choice of a form that does not fit its box: a select's options are
# measured in the select's own font against the room left beside its arrow.
CUT_OFF = """form => {
    const cut = [];
    const probe = document.createElement("span");
    probe.style.cssText = "position: absolute; visibility: hidden; white-space: pre";
    document.body.append(probe);
    for (const select of form.querySelectorAll("select")) {
        if (!select.offsetParent) continue;
        const style = getComputedStyle(select);
        probe.style.font = style.font;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        const room = select.clientWidth - padding - 20;
        for (const option of select.options) {
            probe.textContent = option.text;
            const wide = probe.getBoundingClientRect().width;
            if (wide > room) cut.push(`${select.name}: ${option.text}`);
        }
    }
    probe.remove();
    for (const label of form.querySelectorAll("label, legend, summary, button")) {
        const shown = label.offsetParent !== null;
        if (shown && label.scrollWidth > label.clientWidth + 1) cut.push(label.textContent);
    }
    return cut;
}"""


def test_the_lobby_opens_on_three_actions_and_the_custom_form_fits_360_px(open_phone):
    page = open_phone(viewport=SMALL)
    sign_up(page)
    actions = [page.get_by_test_id(testid)
               for testid in ("play-vs-computer", "play-online", "invite-friends")]
    for action in actions:
        expect(action).to_be_visible()
        box = action.bounding_box()
        assert box["height"] >= 48 and box["width"] >= 300, box
        assert box["y"] + box["height"] <= SMALL["height"], "an action is below the fold"
    expect(actions[1]).to_contain_text("Choose a pace")
    expect(page.get_by_test_id("match-list")).to_have_text(
        "No matches yet. Start one against bots or friends.")
    screenshot(page, "65-lobby-actions-360")

    page.get_by_test_id("new-match").click()
    form = page.get_by_test_id("new-match-form")
    expect(form).to_be_visible()
    page.get_by_test_id("nm-opponent-0").select_option("open")
    page.get_by_test_id("nm-rules-toggle").click()
    expect(page.get_by_test_id("nm-public")).to_be_visible()
    assert form.evaluate(CUT_OFF) == []
    page.get_by_test_id("nm-turn_seconds").select_option("30")
    # The lowest call never passes the highest: each takes the other along.
    page.get_by_test_id("nm-min_call").select_option("9")
    expect(page.get_by_test_id("nm-max_call")).to_have_value("9")
    page.get_by_test_id("nm-max_call").select_option("3")
    expect(page.get_by_test_id("nm-min_call")).to_have_value("3")
    screenshot(page, "66-custom-match-360")
    assert form.evaluate(CUT_OFF) == []
    assert page.evaluate(FITS_THE_SCREEN)

    # Invite friends: the pace chosen, a table of open seats whose screen shares the link.
    page.goto("/")
    page.get_by_test_id("invite-friends").click()
    sheet = page.get_by_test_id("choose-pace")
    expect(sheet.get_by_test_id("pace-slow")).to_contain_text("1 day a turn")
    screenshot(page, "66b-invite-pace-360")
    assert sheet.evaluate(CUT_OFF) == []
    sheet.get_by_test_id("pace-live").click()
    page.wait_for_url("**/m/*")
    expect(page.get_by_test_id("share-invite")).to_be_visible()
    expect(page.get_by_test_id("choose-pace")).to_have_count(0)
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]["turn_seconds"] == 30
    # Nobody came: the table starts now, bots in the three seats.
    screenshot(page, "67-waiting-table-360")
    page.evaluate(RECORD_VIOLATIONS)
    page.get_by_test_id("fill-with-bots").click()
    expect(page.get_by_test_id("invite")).to_have_count(0)
    expect(page.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(13)
    seats = api_in_page(page, "GET", f"/api/matches/{match_id}/")["body"]["seats"]
    assert sorted(s["kind"] for s in seats) == ["bot:normal"] * 3 + ["human"], seats
    # The seats redrawn in place take the bots' own colours, as a fresh page draws them.
    assert page.evaluate("window.__violations") == []
    colours = page.locator(".felt .avatar").evaluate_all(AVATAR_COLOURS)
    page.reload()
    expect(page.get_by_test_id("hand").get_by_test_id("hand-card")).to_have_count(13)
    assert page.locator(".felt .avatar").evaluate_all(AVATAR_COLOURS) == colours
    assert page.errors == []


def test_a_finished_match_shows_under_recent(open_phone):
    page = open_phone(viewport=SMALL)
    sign_up(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)
    page.goto("/")
    recent = page.locator(f"[data-testid=recent-match][data-match-id='{match_id}']")
    expect(recent).to_be_visible()
    expect(page.get_by_test_id("match-list")).to_have_text("No match in play.")
    recent.click()
    page.wait_for_url(f"**/replay/{match_id}")
    assert page.errors == []


def test_a_public_table_is_listed_under_open_tables_and_joined_in_one_tap(open_phone):
    host, guest = open_phone(), open_phone(viewport=SMALL)
    host_name = sign_up(host)
    sign_up(guest)
    # A table with an open seat that is not public stays off the list.
    private = api_in_page(host, "POST", "/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 1,
        "opponents": ["open", "bot:easy", "bot:easy"]})
    assert private["status"] == 201, private

    host.get_by_test_id("new-match").click()
    host.get_by_test_id("nm-hands").select_option("1")
    host.get_by_test_id("nm-opponent-0").select_option("open")
    host.get_by_test_id("nm-public").check()
    host.get_by_test_id("nm-submit").click()
    host.wait_for_url("**/m/*")
    public_id = int(host.url.rstrip("/").rsplit("/", 1)[1])

    guest.goto("/")
    rows = guest.get_by_test_id("open-table")
    expect(rows).to_have_count(1)
    row = rows.first
    expect(row).to_have_attribute("data-match-id", str(public_id))
    expect(row).to_contain_text(f"with {host_name}")
    expect(row.get_by_test_id("open-table-about")).to_have_text(
        "Standard (Nepal), 1 hand, 1 day a turn")
    expect(row.get_by_test_id("open-table-free")).to_have_text("1 seat free")
    screenshot(guest, "67-open-tables-360")
    row.get_by_test_id("open-table-join").click()
    guest.wait_for_url(f"**/m/{public_id}")
    view = api_in_page(guest, "GET", f"/api/matches/{public_id}/")["body"]
    assert view["my_seat"] == 1 and view["status"] in ("bidding", "playing")

    # Full now: no longer listed.
    guest.goto("/")
    expect(guest.get_by_test_id("match-list")).to_be_visible()
    expect(guest.get_by_test_id("open-table")).to_have_count(0)
    assert guest.errors == [] and host.errors == []
