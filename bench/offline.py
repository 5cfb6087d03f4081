"""Offline play benchmark (``make bench-pwa`` runs it after ``bench.pwa``): the engine in the
phone's worker at 4× CPU throttle, beside the same bots on the server. Not a test: it prints
a table.

It starts the production-style site (as ``bench.load`` does) on the database
``callbreak_offline`` and Redis db 7, signs up a player, keeps offline play's files
("Make available offline", unthrottled), then with the network off and the CPU throttled 4×
in Debian's Chromium:

- cold: a new page, "Play vs computer" on the offline screen to the first card of the hand
  on screen (the worker starts, Pyodide and the bundle load from the service worker's cache);
- warm: the same page, back to the offline screen and "Play vs computer" again (the worker
  is running);
- bot moves: a worker of its own plays a 5-hand match against an easy, a normal and a hard
  bot (the player calls the suggested call and plays the first legal card); each bot move is
  timed in the worker from the referee's call to its view sent (thinking, Pyodide's calls
  and the IndexedDB save);
- the same bots on the server: the same kind of match played in this process by the
  server's own bot call (``decide`` with the server's budgets), timed per move; the ratio
  is worker / server, for each level.

Also: the bytes offline play keeps and downloads (gzip), the engine bundle's alone. Writes
``var/bench/offline.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import types
import uuid
from pathlib import Path

from bench.load import OUT, ensure_database, site_environment, start_site, stop_site
from bench.pwa import ARGS, CHROMIUM, PASSWORD, PHONE

LEVELS = ["easy", "normal", "hard"]

# A worker of the page's own, driven through its messages: a whole match, each bot move's
# cost as the worker measured it.
PLAY_IN_WORKER = """async ([url, levels]) => {
  const worker = new Worker(url, { type: "module" });
  let asks = 0;
  const moves = [];
  let resolveEnd;
  const ended = new Promise((resolve) => { resolveEnd = resolve; });
  const answers = new Map();
  const ask = (op, args) => new Promise((resolve, reject) => {
    answers.set(++asks, [resolve, reject]);
    worker.postMessage({ ask: asks, op, ...args });
  });
  let id = null;
  async function onView(view) {
    if (view.status === "finished") return resolveEnd();
    if (view.turn !== 0 || !view.legal.length) return;
    const action = view.status === "bidding"
      ? { type: "call", call: view.suggested_call ?? view.legal[0] }
      : { type: "play", card: view.legal[0] };
    onView(await ask("act", { id, action, seq: view.seq }));
  }
  worker.onmessage = ({ data }) => {
    if (data.answer !== undefined) {
      const [resolve, reject] = answers.get(data.answer);
      if (data.error) reject(new Error(data.error.code)); else resolve(data.view);
    } else if (data.push === "view") {
      moves.push([levels[data.seat - 1], data.ms]);
      onView(data.view);
    }
  };
  const first = await ask("start", { rules: { preset: "standard" }, levels, player: "bench" });
  id = first.id;
  await onView(first);
  await ended;
  worker.terminate();
  return moves;
}"""


def quantiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": statistics.median(ordered),
            "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
            "moves": len(ordered)}


def server_moves(matches: int) -> dict[str, list[float]]:
    """Each bot move's time on the server's CPython, by level: the referee's match with the
    server's own bot call (``decide``, default budgets) in place of the offline one."""
    from games import offline_referee as referee
    from games.engine import MatchState, view_for
    from games.engine.bots import decide

    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for _ in range(matches):
        saved = referee.match_start(match_id=str(uuid.uuid4()), rules={"preset": "standard"},
                                    levels=LEVELS, player="bench", created_at="")
        while True:
            view = referee.match_view(saved)
            if view["status"] == "finished":
                break
            if view["turn"] == 0:
                action = ({"type": "call", "call": view["suggested_call"] or view["legal"][0]}
                          if view["status"] == "bidding"
                          else {"type": "play", "card": view["legal"][0]})
                saved = referee.match_act(saved, action, seq=saved["seq"])
                continue
            state = MatchState.from_json(saved["state"])
            seat, level = state.turn, saved["levels"][state.turn]
            began = time.perf_counter()
            decide(view_for(state, seat), seat=seat, level=level, rng=random.Random(seat))
            times[level].append((time.perf_counter() - began) * 1000)
            saved = referee.bot_turn(saved)
    return times


def start_to_first_card(page) -> float:
    """From the tap on "Play vs computer" to the first card of the hand in the page, in s."""
    page.get_by_test_id("off-start").wait_for(timeout=60_000)
    page.evaluate("""() => {
      window.__cardsAt = null;
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid=hand-card]')) {
          window.__cardsAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, {childList: true, subtree: true});
    }""")
    began = page.evaluate("performance.now()")
    page.get_by_test_id("off-start").click()
    page.wait_for_function("() => window.__cardsAt !== null", timeout=120_000)
    return (page.evaluate("window.__cardsAt") - began) / 1000


def throttled(page) -> None:
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})


def measure(base: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    from frontend.offline_files import build_bundle

    with sync_playwright() as driver:
        browser = driver.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="cb-offline-bench-"), executable_path=CHROMIUM,
            headless=True, args=ARGS, base_url=base, **PHONE)
        page = browser.pages[0] if browser.pages else browser.new_page()
        page.goto("/signup")
        page.get_by_test_id("auth-username").fill(f"off{int(time.time() * 1000) % 10**9}")
        page.get_by_test_id("auth-password").fill(PASSWORD)
        page.get_by_test_id("auth-submit").click()
        page.get_by_test_id("match-list").wait_for()
        page.goto("/offline")
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=60_000)
        toggle = page.get_by_test_id("offline-toggle")
        toggle.wait_for()
        if "Remove" not in toggle.inner_text():
            toggle.click()
        page.get_by_test_id("off-start").wait_for(timeout=300_000)
        status = page.evaluate("""() => new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = ({ data }) => resolve(data.status);
            navigator.serviceWorker.controller.postMessage({ type: "offline-status" },
                                                           [channel.port2]);
        })""")
        browser.set_offline(True)
        cold, warm = [], []
        for _ in range(runs):
            page.close()
            page = browser.new_page()
            throttled(page)
            page.goto("/offline")
            cold.append(start_to_first_card(page))
            # Back to the offline screen inside the app: the page, and its worker, stay.
            page.get_by_test_id("nav-lobby").click()
            page.get_by_test_id("open-offline").click()
            warm.append(start_to_first_card(page))
        moves = page.evaluate(PLAY_IN_WORKER, [status["worker"], LEVELS])
        browser.close()
    worker = {level: [ms for lv, ms in moves if lv == level] for level in LEVELS}
    server = server_moves(matches=1)
    bundle = build_bundle()
    return {"cold_s": statistics.median(cold), "warm_s": statistics.median(warm),
            "cold_runs": cold, "warm_runs": warm,
            "kept_bytes": status["bytes"], "download_bytes": status["download"],
            "bundle_bytes": len(bundle),
            "worker_ms": {level: quantiles(values) for level, values in worker.items()},
            "server_ms": {level: quantiles(values) for level, values in server.items()}}


def report(f: dict) -> str:
    rows = [
        ('offline: "Play vs computer" to first card, cold (new page, new worker)',
         f"{f['cold_s']:.2f} s", "—"),
        ('offline: "Play vs computer" to first card, warm (worker running)',
         f"{f['warm_s']:.2f} s", "—"),
        ("offline play kept on the phone / downloaded (gzip)",
         f"{f['kept_bytes'] / 1e6:.1f} MB / {f['download_bytes'] / 1e6:.1f} MB", "—"),
        ("of which the engine bundle (zip)", f"{f['bundle_bytes'] / 1024:.0f} KB", "—"),
    ]
    for level in LEVELS:
        w, s = f["worker_ms"][level], f["server_ms"][level]
        rows.append((f"{level} bot move: worker median / p95 (server median / p95)",
                     f"{w['median']:.0f} / {w['p95']:.0f} ms ({s['median']:.1f} / "
                     f"{s['p95']:.1f} ms); ratio {w['median'] / max(s['median'], 0.01):.1f}×",
                     "p95 ≤ 300 ms"))
    lines = ["| figure | measured | target |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="callbreak_offline")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--runs", type=int, default=3)
    args, _ = parser.parse_known_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit("bench-pwa needs Debian's Chromium at /usr/bin/chromium")
    OUT.mkdir(parents=True, exist_ok=True)
    ensure_database(args.database)
    options = types.SimpleNamespace(database=args.database, redis=args.redis, web=1,
                                    worker_concurrency=2)
    site = start_site(site_environment(args.port, options), workers=1)
    try:
        figures = measure(f"http://localhost:{args.port}", args.runs)
    finally:
        stop_site(site)
    (OUT / "offline.json").write_text(json.dumps(figures, indent=2))
    print(f"\nOffline play: 4× CPU throttle, network off; medians of {args.runs} starts; "
          "bot moves over one 5-hand match")
    print(report(figures))


if __name__ == "__main__":
    main()
