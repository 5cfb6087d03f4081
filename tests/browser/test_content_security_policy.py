"""The Content-Security-Policy: the PWA runs whole under it, with no violation, and a script
slipped into the page does not run."""

import pytest
from playwright.sync_api import expect

from .conftest import RECORD_VIOLATIONS, act_if_my_turn, finish_through_api, new_match, sign_up

pytestmark = pytest.mark.browser


def watched(page):
    """Record every violation the page reports, and every console line about the policy."""
    page.context.add_init_script(RECORD_VIOLATIONS)
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(message.text))
    return page


def violations(page) -> list[str]:
    reported = page.evaluate("window.__violations")
    console = [line for line in page.console_lines if "Content Security Policy" in line]
    return reported + console


def test_the_shell_is_served_with_a_strict_policy(open_phone):
    page = open_phone()
    policy = page.goto("/").headers["content-security-policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    script = directives["script-src"]
    assert "'self'" in script
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
    assert [s for s in script if s.startswith("'sha256-")], script
    assert "'unsafe-inline'" not in directives["style-src"]
    host = page.url.split("/")[2]
    assert directives["connect-src"] == ["'self'", f"ws://{host}"]
    api = page.request.get("/api/")
    assert "default-src 'self'" in api.headers["content-security-policy"].split("; ")


def test_the_pwa_plays_a_match_with_no_policy_violation(open_phone):
    page = watched(open_phone())
    sign_up(page)
    match_id = new_match(page, hands=1)
    expect(page.get_by_test_id("table-screen")).to_be_visible()
    page.wait_for_function("() => navigator.serviceWorker.ready.then(r => Boolean(r.active))")
    for _ in range(40):  # a few turns by tapping, so the trick (styled per card) is drawn
        if page.get_by_test_id("trick-card").count():
            break
        act_if_my_turn(page)
        page.wait_for_timeout(250)
    expect(page.get_by_test_id("trick-card").first).to_be_visible()
    live = page.evaluate("""() => new Promise((done) => {
        const socket = new WebSocket(`ws://${location.host}/ws/`);
        socket.onmessage = (event) => { done(JSON.parse(event.data).type); socket.close(); };
        socket.onerror = () => done("error");
    })""")
    assert live == "hello"
    finish_through_api(page, match_id)

    page.get_by_test_id("nav-history").click()
    page.locator(f"[data-testid=history-row][data-match-id='{match_id}']").click()
    expect(page.get_by_test_id("totals-chart").locator("polyline")).to_have_count(4)
    page.get_by_test_id("nav-stats").click()
    expect(page.get_by_test_id("stat-played")).to_contain_text("1")
    page.reload()
    expect(page.get_by_test_id("stats")).to_be_visible()

    assert violations(page) == []
    assert page.errors == []


def test_a_script_slipped_into_the_page_does_not_run(open_phone):
    page = watched(open_phone())
    page.goto("/signin")
    page.get_by_test_id("auth-username").wait_for()
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.slippedIn = true";
        document.body.append(script);
        const image = document.createElement("img");
        image.setAttribute("src", "x");
        image.setAttribute("onerror", "window.slippedIn = true");
        document.body.append(image);
    }""")
    page.wait_for_timeout(300)
    assert page.evaluate("window.slippedIn === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.__violations"))


def test_the_api_docs_page_runs_under_the_policy(open_phone):
    page = watched(open_phone())
    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .info")).to_be_visible()
    assert [v for v in violations(page) if "script" in v] == []
