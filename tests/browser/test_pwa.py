"""Installable PWA: manifest, no installability errors, an active service worker, push."""

import json

import pytest
from playwright.sync_api import expect

from .conftest import (
    WORKER_ACTIVE,
    controlled_by_worker,
    finish_through_api,
    new_match,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.browser

IGNORED = {"in-incognito"}


def test_manifest_parses_and_chromium_reports_no_installability_errors(open_phone):
    page = open_phone()
    page.goto("/")
    manifest = page.request.get("/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = json.loads(manifest.text())
    assert data["display"] == "standalone" and data["start_url"] == "/"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in data["icons"]:
        response = page.request.get(icon["src"])
        assert response.ok and response.headers["content-type"] == "image/png"

    worker = page.request.get("/sw.js")
    assert worker.headers["content-type"].startswith("application/javascript")
    assert worker.headers["service-worker-allowed"] == "/"
    cache = worker.headers.get("cache-control", "")
    assert "no-cache" in cache or "max-age=0" in cache

    page.wait_for_function("() => navigator.serviceWorker.ready.then(r => Boolean(r.active))")
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] not in IGNORED] == []
    parsed = cdp.send("Page.getAppManifest")
    assert not parsed.get("errors"), parsed.get("errors")


def test_service_worker_is_active_and_a_push_shows_a_notification(open_phone, live_server_url):
    page = open_phone()
    page.context.grant_permissions(["notifications"], origin=live_server_url)
    sign_up(page)
    page.wait_for_function(WORKER_ACTIVE)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server_url + "/"

    cdp = page.context.new_cdp_session(page)
    registrations = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    for _ in range(100):
        if any(r["scopeURL"] == scope for r in registrations):
            break
        page.wait_for_timeout(100)
    registration = next(r for r in registrations if r["scopeURL"] == scope)
    payload = {"title": "Your turn", "body": "Bob called 3. Your call.", "url": "/m/1",
               "tag": "match-1", "match_id": 1}
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": live_server_url, "registrationId": registration["registrationId"],
        "data": json.dumps(payload),
    })
    # wait_for_function takes a returned promise as truthy at once, so poll the list instead,
    # each look after a pause: Chromium never shows a notification whose push event is still
    # being handled when the page asks for the list.
    shown: list = []
    for _ in range(300):
        page.wait_for_timeout(100)
        shown = page.evaluate(
            "navigator.serviceWorker.ready.then(r => r.getNotifications())"
            ".then(list => list.map(n => ({title: n.title, body: n.body, tag: n.tag,"
            " data: n.data})))"
        )
        if shown:
            break
    assert shown, ("no notification was shown; permission "
                   + page.evaluate("Notification.permission"))
    assert shown[0]["body"] == payload["body"] and shown[0]["tag"] == "match-1"
    assert shown[0]["data"]["url"] == "/m/1"


def test_the_shell_history_and_replays_open_offline(open_phone):
    page = open_phone()
    sign_up(page)
    controlled_by_worker(page)
    match_id = new_match(page, hands=1)
    finish_through_api(page, match_id)
    page.get_by_test_id("nav-history").click()
    page.locator(f"[data-testid=history-row][data-match-id='{match_id}']").click()
    expect(page.get_by_test_id("replay")).to_be_visible()

    page.context.set_offline(True)
    try:
        page.goto("/history")
        row = page.locator(f"[data-testid=history-row][data-match-id='{match_id}']")
        expect(row).to_be_visible()
        screenshot(page, "16-offline-history")
        row.click()
        expect(page.get_by_test_id("replay-seat")).to_have_count(4)
    finally:
        page.context.set_offline(False)
