"""PWA benchmark (``make bench-pwa``): how fast the table shows cards on a slow phone, and
whether one trick's animations stay free of long tasks. Not a test: it prints a table.

It starts the production-style site (as ``bench.load`` does) on the database ``callbreak_pwa``
and Redis db 7, signs up a player with a one-hand match against three bots, and drives Debian's
Chromium through Playwright with the Chrome DevTools Protocol throttling the CPU 4× and the
network to slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up):

- first visit: a fresh browser profile (no cache, no service worker) opens the table; the
  time from navigation start until the first frame that draws a card of the hand (the first
  animation frame once a card is in the page: no frame is drawn while a stylesheet is still
  loading);
- repeat visit: the same profile opens the table again, once the page has kept its view and
  the table drawn from it (a player comes back later than a bench does), its service worker
  serving the shell with that table in it;
- notification open: the same profile with no page left open starts a new window at the
  match's URL, as the service worker does for a tapped notification (a browser cannot be made
  to tap a notification, so the window is opened as ``clients.openWindow`` opens it). A player
  taps it some time after closing the app, so the window opens ``CLOSED_FOR`` seconds after
  the last page closed, once the browser has torn that page down;
- landing: a fresh profile, signed out, opens ``/``; the time until the one-tap "Play vs
  computer" is in the page;
- floor: a fresh profile under the same throttle loads one small static file (the 192 px
  icon) from the same server: the time from navigation start until its last byte. The page
  figures are reported as ratios to it, measured in the same run, since absolute times do not
  carry across machines;
- long tasks: Long Tasks API entries over 50 ms from the first card of a trick landing until
  the trick has swept to its winner, counted for each of ``--tricks`` tricks in a row;
- shell: what the heaviest first visit downloads (JS, CSS, service worker), gzip, and every
  file together (``python -m frontend.tools.shell_size``).

Each page figure is the median of ``--runs`` visits, the long tasks the median over the tricks
(with the longest task of them all). ``--waterfall`` also prints what the last first and
repeat visit fetched before their first card. Writes ``var/bench/pwa.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import types
from pathlib import Path

from bench.load import OUT, ensure_database, site_environment, start_site, stop_site
from frontend.tools.shell_size import first_visit_sizes, shell_sizes

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "service_workers": "allow"}
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
PASSWORD = "a-Long-pass-phrase-7"
# Seconds between closing the app and tapping the notification: opened at once, the new window
# shares the two cores with the teardown of the page just closed, which no player's tap does.
CLOSED_FOR = 2

# Set in every page before its scripts run: when the first hand card is drawn, and long tasks.
# A thing counts as on screen at the first frame after it is in the page: the browser draws no
# frame while a stylesheet it waits for is still loading.
WATCH = """
window.__cardsAt = null;
window.__landingAt = null;
window.__long = [];
let landing = false;
const atNextFrame = (key, sign) => requestAnimationFrame(() => {
  window[key] = performance.now();
  console.info(sign);
});
new MutationObserver((_, observer) => {
  if (!landing && document.querySelector('[data-testid=play-vs-computer]')) {
    landing = true;
    atNextFrame('__landingAt', 'cb-bench:landing');
  }
  if (document.querySelector('[data-testid=hand-card]')) {
    observer.disconnect();
    atNextFrame('__cardsAt', 'cb-bench:cards');
  }
}).observe(document, {childList: true, subtree: true});
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
  }).observe({type: 'longtask'});
} catch (error) {}
"""
# Whether the page has kept its view of match ``id`` with the table drawn from it.
KEPT = """(id) => new Promise((resolve) => {
  const open = indexedDB.open("cb-views");
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("views")) { db.close(); return resolve(false); }
    const read = db.transaction("views").objectStore("views").get(id);
    read.onsuccess = () => { db.close(); resolve(Boolean(read.result && read.result.snapshot)); };
    read.onerror = () => { db.close(); resolve(false); };
  };
  open.onerror = () => resolve(false);
})"""
API = """async ([method, url, body]) => {
  const token = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const response = await fetch(url, {method, credentials: "same-origin", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-CSRFToken": token}});
  return response.json();
}"""


def throttle(page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})


# What the page fetched before its first card showed: [what, start ms, end ms, from where].
WATERFALL = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const rows = [[location.pathname, 0, nav.responseEnd, nav.transferSize ? 'network' : 'cache']];
  for (const e of performance.getEntriesByType('resource')) {
    if (e.startTime > window.__cardsAt) continue;
    const from = e.workerStart > 0 ? 'worker' : e.transferSize ? 'network' : 'cache';
    rows.push([new URL(e.name).pathname, e.startTime, e.responseEnd, from]);
  }
  rows.push(['first card on screen', window.__cardsAt, window.__cardsAt, '']);
  return rows;
}"""


def visit(page, url: str, sign: str) -> None:
    """Open ``url`` and wait for the page's ``sign`` on its console. Nothing of Playwright
    runs in the page meanwhile (a ``wait_for_function`` would inject its script and poll on
    the page's thread, the one being timed)."""
    with page.expect_console_message(lambda message: message.text == sign, timeout=60_000):
        page.goto(url, wait_until="commit")


def cards_on_screen(page, url: str, waterfall: list | None = None) -> float:
    visit(page, url, "cb-bench:cards")
    if waterfall is not None:
        waterfall[:] = page.evaluate(WATERFALL)
    return page.evaluate("window.__cardsAt") / 1000


def landing_visit(browser, base: str) -> float:
    """A signed-out visitor's first visit to ``/`` in a fresh, throttled profile: the time
    until the one-tap "Play vs computer" is in the page."""
    context = browser.new_context(base_url=base, **PHONE)
    context.add_init_script(WATCH)
    page = context.new_page()
    throttle(page)
    visit(page, "/", "cb-bench:landing")
    seconds = page.evaluate("window.__landingAt") / 1000
    context.close()
    return seconds


def floor_visit(browser, base: str, icon: str) -> float:
    """One small static file in a fresh, throttled profile: the network's floor."""
    context = browser.new_context(base_url=base, **PHONE)
    page = context.new_page()
    throttle(page)
    page.goto(icon, wait_until="load")
    seconds = page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd") / 1000
    context.close()
    return seconds


def set_up(browser, base: str) -> tuple[dict, int]:
    """A signed-up player (its cookies) and their match against three bots."""
    context = browser.new_context(base_url=base, **PHONE)
    page = context.new_page()
    page.goto("/signup")
    page.get_by_test_id("auth-username").fill(f"bench{int(time.time() * 1000) % 10**9}")
    page.get_by_test_id("auth-password").fill(PASSWORD)
    page.get_by_test_id("auth-submit").click()
    page.get_by_test_id("match-list").wait_for()
    match = page.evaluate(API, ["POST", "/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
        "opponents": ["bot:normal", "bot:normal", "bot:normal"]}])
    state = context.storage_state()
    context.close()
    return state, match["id"]


def long_tasks_in_tricks(page, tricks: int) -> list[tuple[int, float]]:
    """Play (call 3, first legal card) until ``tricks`` whole tricks have each landed and swept
    away; for each, the long tasks over 50 ms from its first card until its sweep ended, and
    the longest one, in ms."""
    found, start = [], None
    deadline = time.monotonic() + 60 * tricks
    while len(found) < tricks and time.monotonic() < deadline:
        picker = page.get_by_test_id("call-picker")
        legal = page.locator("[data-testid=hand].hand-active .card.legal:not([disabled])")
        try:
            if picker.count():
                picker.locator("[data-testid^=call-option-]").first.click()
                picker.get_by_test_id("call-confirm").click()
            elif legal.count():
                legal.first.click(position={"x": 9, "y": 22})
        except Exception:  # noqa: BLE001 - the table re-rendered under the tap
            pass
        now = page.evaluate("performance.now()")
        if start is None and page.get_by_test_id("trick-card").count():
            start = now
        if start is not None and page.locator(".trick.sweeping").count():
            page.wait_for_function("() => !document.querySelector('.trick.sweeping')",
                                   timeout=20_000)
            end = page.evaluate("performance.now()")
            tasks = [d for s, d in page.evaluate("window.__long") if start <= s <= end and d > 50]
            found.append((len(tasks), max(tasks, default=0.0)))
            start = None
        page.wait_for_timeout(50)
    if len(found) < tricks:
        raise RuntimeError(f"only {len(found)} of {tricks} tricks were completed in time")
    return found


def measure(base: str, runs: int, tricks: int) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        state, match_id = set_up(browser, base)
        table = f"/m/{match_id}"
        first, repeat, notified, floor, landing = [], [], [], [], []
        waterfalls = {"first": [], "repeat": [], "notification": []}
        icon = None
        for _ in range(runs):
            context = browser.new_context(base_url=base, storage_state=state, **PHONE)
            context.add_init_script(WATCH)
            page = context.new_page()
            throttle(page)
            first.append(cards_on_screen(page, table, waterfalls["first"]))
            page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                   timeout=60_000)
            page.wait_for_timeout(1500)  # the worker finishes caching the shell
            # The page keeps the view and its drawn copy when it is idle: a player comes back
            # long after, so the repeat visit starts once they are kept.
            kept_by = time.monotonic() + 30
            while not page.evaluate(KEPT, match_id) and time.monotonic() < kept_by:
                page.wait_for_timeout(100)
            repeat.append(cards_on_screen(page, table, waterfalls["repeat"]))
            icon = icon or page.evaluate("document.querySelector('link[rel=icon]').href")
            page.close()  # the app is not open when the notification is tapped
            time.sleep(CLOSED_FOR)
            page = context.new_page()
            throttle(page)
            notified.append(cards_on_screen(page, table, waterfalls["notification"]))
            floor.append(floor_visit(browser, base, icon))
            landing.append(landing_visit(browser, base))
            if len(repeat) < runs:
                context.close()
        page.evaluate("localStorage.setItem('cb-prefs', JSON.stringify({speed: 'normal'}))")
        cards_on_screen(page, table)
        per_trick = long_tasks_in_tricks(page, tricks)
        context.close()
        browser.close()
    low = statistics.median(floor)
    return {"first_visit_s": statistics.median(first), "repeat_visit_s": statistics.median(repeat),
            "notification_open_s": statistics.median(notified), "floor_s": low,
            "first_ratio": statistics.median(first) / low,
            "repeat_ratio": statistics.median(repeat) / low,
            "notification_ratio": statistics.median(notified) / low,
            "landing_s": statistics.median(landing),
            "landing_ratio": statistics.median(landing) / low, "landing_runs": landing,
            "first_runs": first, "repeat_runs": repeat, "notification_runs": notified,
            "floor_runs": floor,
            "long_tasks": statistics.median(count for count, _ in per_trick),
            "longest_task_ms": max(longest for _, longest in per_trick),
            "long_tasks_per_trick": per_trick, "waterfalls": waterfalls,
            "shell_gzip_bytes": max(first_visit_sizes().values()),
            "all_files_gzip_bytes": sum(packed for _, packed in shell_sizes().values())}


def _spread(figures: dict, key: str) -> str:
    runs = figures[f"{key}_runs"]
    return f"{min(runs) * 1000:.0f}–{max(runs) * 1000:.0f} ms"


def report(figures: dict) -> str:
    rows = [
        ("floor: one small static file (the 192 px icon)", f"{figures['floor_s']:.2f} s",
         _spread(figures, "floor"), "—"),
        ("landing screen, signed out: first visit to \"Play vs computer\" ÷ floor",
         f"{figures['landing_ratio']:.2f}× ({figures['landing_s']:.2f} s)",
         _spread(figures, "landing"), "≤ 1.5 s"),
        ("table: first visit to cards on screen ÷ floor",
         f"{figures['first_ratio']:.2f}× ({figures['first_visit_s']:.2f} s)",
         _spread(figures, "first"), "≤ 2.5× (≤ 1.5 s)"),
        ("table: repeat visit (service worker, kept view) ÷ floor",
         f"{figures['repeat_ratio']:.2f}× ({figures['repeat_visit_s']:.2f} s)",
         _spread(figures, "repeat"), "≤ 1.0× (≤ 0.6 s)"),
        ("table: opened from a notification (new window) ÷ floor",
         f"{figures['notification_ratio']:.2f}× ({figures['notification_open_s']:.2f} s)",
         _spread(figures, "notification"), "≤ 1.2×"),
        ("long tasks over 50 ms during one trick's animations",
         f"{figures['long_tasks']:g} (longest {figures['longest_task_ms']:.0f} ms)", "", "none"),
        ("shell of the heaviest first visit (JS + CSS + SW), gzip",
         f"{figures['shell_gzip_bytes'] / 1024:.1f} KB", "", "≤ 60 KB"),
        ("every JS and CSS file, gzip (cached behind the page)",
         f"{figures['all_files_gzip_bytes'] / 1024:.1f} KB", "", "—"),
    ]
    lines = ["| figure | measured (median) | visits, fastest–slowest | target |",
             "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return "\n".join(lines)


def waterfall(rows: list) -> str:
    """The last visit's requests until its first card, in order, as start–end in ms."""
    return "\n".join(f"{start:7.0f} {end:7.0f}  {source:8} {what}"
                     for what, start, end, source in sorted(rows, key=lambda r: r[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="callbreak_pwa")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tricks", type=int, default=3,
                        help="tricks whose long tasks are counted (the median is reported)")
    parser.add_argument("--waterfall", action="store_true",
                        help="also print the requests of the last first and repeat visit")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit("bench-pwa needs Debian's Chromium at /usr/bin/chromium")
    OUT.mkdir(parents=True, exist_ok=True)
    ensure_database(args.database)
    options = types.SimpleNamespace(database=args.database, redis=args.redis, web=1,
                                    worker_concurrency=2)
    site = start_site(site_environment(args.port, options), workers=1)
    try:
        figures = measure(f"http://localhost:{args.port}", args.runs, args.tricks)
    finally:
        stop_site(site)
    (OUT / "pwa.json").write_text(json.dumps(figures, indent=2))
    print("4× CPU throttle, slow 4G (150 ms RTT, 1.6 Mbit/s); medians of "
          f"{args.runs} visits and of {args.tricks} tricks at 390×844")
    print(report(figures))
    if args.waterfall:
        for visit, rows in figures["waterfalls"].items():
            print(f"\n{visit} visit: start, end (ms from navigation), served from, path")
            print(waterfall(rows))


if __name__ == "__main__":
    main()
