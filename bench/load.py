"""Load benchmark (``make bench-load``): real matches through HTTP and websockets on the
production-style run, with PostgreSQL's own ``pgbench`` figure from the same run.

It starts the Procfile under honcho (web with two uvicorn processes, two Celery workers and
beat) on the database ``callbreak_bench`` and Redis db 2, signs in simulated players and lets
each play one match after another against three easy bots (one hand, a day per turn) for a
bounded time: at 50 and then at 200 matches with players moving the moment it is their turn
(the site saturated), then at 200 matches with players pausing 2–8 s before each move.
Everything talks to 127.0.0.1 only and stops by itself. Prints tables (including the CPU each
role of process spent per committed move, and the statements, database time and WAL per
committed move next to those of a pgbench transaction, from PostgreSQL's own statistics) and
writes ``var/bench/load.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import orjson
import uvloop
import websockets

from bench import pgstats
from bench.pgstats import Counters

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "var" / "bench"
BIN = Path(sys.executable).parent
PG = "postgres://postgres@127.0.0.1:5432"


@dataclass
class Phase:
    matches: int
    seconds: float
    think: tuple[float, float] = (0.0, 0.0)  # a player's pause before each move, in seconds
    hands: int = 1  # hands per match
    post_play: list[float] = field(default_factory=list)
    slow_play_at: list[float] = field(default_factory=list)  # when each slow POST play began
    started: float = 0.0  # time.perf_counter() at the start of the phase
    started_at: float = 0.0  # time.time() at the start of the phase
    post_call: list[float] = field(default_factory=list)
    delivery: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    finished: int = 0
    unfinished: int = 0
    moves: int = 0  # committed within the first ``seconds``
    all_moves: int = 0  # committed until the last match of the phase ended
    elapsed: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds by role over the phase
    db: Counters = field(default_factory=Counters)  # PostgreSQL's counters over the phase


@dataclass
class Pgbench:
    """One pgbench run: its rate, its transactions and PostgreSQL's counters over it."""

    tps: float
    transactions: int
    db: Counters
    postgres_cpu: float  # CPU seconds of all PostgreSQL processes over the run


SLOW_SECONDS = 0.1  # the latency target of POST play


def slow_bursts(phase: Phase, top: int = 5) -> str:
    """The seconds of the phase with the most slow POST plays (they come in bursts when
    something stalls the site: a garbage collection, a slow flush of PostgreSQL's log)."""
    by_second = Counter(int(at) for at in phase.slow_play_at)
    return ", ".join(f"{second} s ({count})" for second, count in by_second.most_common(top))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


# --- The site under test -------------------------------------------------------------------


def site_environment(port: int, args: argparse.Namespace) -> dict[str, str]:
    return dict(
        os.environ,
        PATH=f"{BIN}:{os.environ.get('PATH', '')}",
        DATABASE_URL=f"{PG}/{args.database}",
        REDIS_URL=args.redis,
        PRODUCTION="1",
        SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PORT=str(port),
        WEB_CONCURRENCY=str(args.web),
        CELERY_CONCURRENCY=str(args.worker_concurrency),
        CELERY_QUEUE="callbreak-bench",
        CHANNELS_PREFIX="cb-bench",
        CACHE_PREFIX="cb-bench",
        VAR_DIR=str(OUT),
        DJANGO_SETTINGS_MODULE="callbreak_site.settings",
        # A simulated player moves, and starts its next match, as soon as it may: far faster
        # than the per-player limits meant for people, so those limits are lifted here.
        THROTTLE_MOVE="1000000/min",
        THROTTLE_CREATE="1000000/min",
        LOG_LEVEL="WARNING",
    )


def ensure_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def start_site(env: dict[str, str], workers: int) -> subprocess.Popen:
    for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
    log = open(OUT / "honcho.log", "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [str(BIN / "honcho"), "start", "-f", "Procfile", "-c", f"worker={workers}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the site exited; see {OUT / 'honcho.log'}")
        try:
            if httpx.get(f"http://127.0.0.1:{env['PORT']}/api/", timeout=1).status_code == 200:
                time.sleep(3)  # the workers and beat come up beside the web processes
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    stop_site(process)
    raise RuntimeError("the site did not answer within 60 s")


def stop_site(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # honcho passes it on to every process it started
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def players(count: int) -> list[str]:
    """Tokens of ``count`` bench players, made directly in the database (signing up 200
    players through the API would only measure the sign-up throttle)."""
    import django

    django.setup()
    logging.getLogger("httpx").setLevel(logging.WARNING)
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from knox.models import AuthToken

    from accounts.models import FoldedUsername
    from accounts.services.usernames import username_fold

    user_model = get_user_model()
    names = [f"bench-{i:04d}" for i in range(count)]
    existing = set(user_model.objects.filter(username__in=names).values_list("username",
                                                                              flat=True))
    password = make_password(secrets.token_urlsafe(16))
    user_model.objects.bulk_create(
        [user_model(username=n, password=password) for n in names if n not in existing])
    users = list(user_model.objects.filter(username__in=names).order_by("username"))
    # bulk_create sends no post_save, so the folded names are written here.
    FoldedUsername.objects.bulk_create(
        [FoldedUsername(user=u, folded=username_fold(u.username)) for u in users],
        ignore_conflicts=True)
    return [AuthToken.objects.create(user=u)[1] for u in users]


def moves_between(start: float, end: float) -> int:
    from datetime import UTC, datetime

    from games.models import Move

    return Move.objects.filter(
        created_at__gte=datetime.fromtimestamp(start, UTC),
        created_at__lt=datetime.fromtimestamp(end, UTC),
    ).count()


def end_open_matches() -> None:
    from games.models import Match, TurnClock

    TurnClock.objects.filter(match__status__in=Match.ACTIVE).update(deadline=None, warn_at=None)
    Match.objects.filter(status__in=Match.ACTIVE).update(status=Match.Status.FINISHED)


# --- Where the CPU goes ---------------------------------------------------------------------

ROLES = (("web", "multiprocessing.spawn"), ("web", "uvicorn"), ("worker", "celery"),
         ("postgres", "postgres:"), ("postgres", "bin/postgres "), ("redis", "redis-server"))


def cpu_by_role() -> dict[str, float]:
    """CPU seconds used so far by every process of each role on this machine (the web
    processes, Celery, PostgreSQL, Redis and these simulated players), ended children
    included."""
    tick = os.sysconf("SC_CLK_TCK")
    used: Counter = Counter()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(entry.name) == os.getpid():
            role = "players"
        else:
            role = next((r for r, mark in ROLES if mark in command), None)
        if role:
            # utime + stime, and those of its children that have ended: PostgreSQL's
            # postmaster collects the CPU of every backend that has exited (pgbench's clients
            # connect anew for each run), so it is not lost when they go.
            used[role] += sum(int(fields[i]) for i in (11, 12, 13, 14)) / tick
    return dict(used)


# --- pgbench ---------------------------------------------------------------------------------


PGBENCH_DATABASE = "callbreak_pgbench"
# Backends report their WAL to pg_stat_wal when idle, at most once a second: the wait lets
# the last of it arrive before a window's closing snapshot.
STATS_SETTLE_SECONDS = 1.5


def pgbench(seconds: int, run: str, stats: Any, statements: bool, walinspect: bool) -> Pgbench:
    """TPC-B-like read/write TPS of the same PostgreSQL: 8 clients, 2 threads, scale 10, with
    PostgreSQL's counters over the run (not over the initialisation)."""
    ensure_database(PGBENCH_DATABASE)
    base = ["-h", "127.0.0.1", "-U", "postgres"]
    subprocess.run(["pgbench", *base, "-i", "-q", "-s", "10", PGBENCH_DATABASE], check=True,
                   capture_output=True)
    before, cpu_before = pgstats.snapshot(stats, PGBENCH_DATABASE, statements), cpu_by_role()
    result = subprocess.run(["pgbench", *base, "-c", "8", "-j", "2", "-T", str(seconds),
                             PGBENCH_DATABASE], check=True, capture_output=True, text=True)
    postgres_cpu = cpu_by_role().get("postgres", 0.0) - cpu_before.get("postgres", 0.0)
    time.sleep(STATS_SETTLE_SECONDS)
    after = pgstats.snapshot(stats, PGBENCH_DATABASE, statements)
    used = after - before
    if walinspect:
        used = pgstats.with_database_wal(stats, PGBENCH_DATABASE, before, after, used)
    (OUT / f"pgbench-{run}.txt").write_text(result.stdout)
    return Pgbench(
        tps=float(re.search(r"tps = ([\d.]+)", result.stdout).group(1)),
        transactions=int(re.search(r"transactions actually processed: (\d+)",
                                   result.stdout).group(1)),
        db=used, postgres_cpu=postgres_cpu,
    )


# --- Simulated players ---------------------------------------------------------------------


class Player:
    """One signed-in player with one socket, playing matches back to back."""

    def __init__(self, base: str, token: str, phase: Phase) -> None:
        self.base, self.phase = base, phase
        self.headers = {"Authorization": f"Token {token}"}
        self.inbox: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.seen_at: dict[tuple[int, int], float] = {}
        self.awaited: dict[tuple[int, int], asyncio.Future[float]] = {}
        self.deliveries: set[asyncio.Task] = set()  # POST answers whose view is awaited

    async def run(self, stop_at: float) -> None:
        # A client of its own, as a phone has: one kept-alive connection, and no shared pool
        # whose bookkeeping grows with the number of players. aiohttp rather than httpx: the
        # players share the site's two cores, and aiohttp spends about half the CPU per call.
        async with aiohttp.ClientSession(
            base_url=self.base, connector=aiohttp.TCPConnector(limit=1),
            timeout=aiohttp.ClientTimeout(total=30), headers=self.headers,
        ) as self.http:
            await self._play(stop_at)

    async def _play(self, stop_at: float) -> None:
        try:
            async with websockets.connect(
                self.base.replace("http", "ws") + "/ws/", origin=self.base,
                additional_headers=self.headers, open_timeout=20, max_queue=None,
            ) as ws:
                self.ws = ws
                reader = asyncio.create_task(self._read(ws))
                try:
                    while time.monotonic() < stop_at:
                        await self._one_match(stop_at)
                    # The socket stays open until the views of the last answers have come.
                    await asyncio.gather(*self.deliveries)
                finally:
                    reader.cancel()
        except (TimeoutError, OSError, websockets.WebSocketException) as error:
            self.phase.errors[f"socket: {type(error).__name__}"] += 1

    async def _read(self, ws: Any) -> None:
        async for raw in ws:
            message = orjson.loads(raw)
            if message.get("type") == "match.view":
                view = message["match"]
                key = (view["id"], view["seq"])
                seen = self.seen_at.setdefault(key, time.perf_counter())
                waiting = self.awaited.pop(key, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(seen)
                await self.inbox.put((time.perf_counter(), view))

    async def _one_match(self, stop_at: float) -> None:
        body = {"rules": {"preset": "standard"}, "hands": self.phase.hands, "turn_seconds": 86400,
                "opponents": ["bot:easy"] * 3}
        created = await self._post("/api/matches/", body, None, expect=201)
        if created is None:
            await asyncio.sleep(1)
            return
        view = created
        # Like the app: the match on screen is watched, so no push is due for it.
        await self.ws.send(json.dumps({"type": "watch", "match": view["id"]}))
        while view["status"] != "finished":
            if time.monotonic() > stop_at + 30:
                self.phase.unfinished += 1  # the phase is over: not an error of the site
                return
            if view["turn"] == view["my_seat"] and view["legal"]:
                if self.phase.think[1]:
                    await asyncio.sleep(random.uniform(*self.phase.think))
                kind = "call" if view["status"] == "bidding" else "play"
                move = {"seq": view["seq"], kind if kind == "call" else "card": view["legal"][0]}
                answer = await self._post(f"/api/matches/{view['id']}/{kind}/", move,
                                          self.phase.post_call if kind == "call"
                                          else self.phase.post_play)
                view = answer or await self._get(view["id"])
                continue
            try:
                _, pushed = await asyncio.wait_for(self.inbox.get(), timeout=15)
            except TimeoutError:
                self.phase.errors["no socket view for 15 s"] += 1
                view = await self._get(view["id"])
                continue
            if pushed["id"] == view["id"] and pushed["seq"] > view["seq"]:
                view = pushed
        self.phase.finished += 1

    async def _post(self, path: str, body: dict[str, Any], timings: list[float] | None,
                    expect: int = 200) -> dict[str, Any] | None:
        started = time.perf_counter()
        try:
            async with self.http.post(path, json=body) as response:
                status, raw = response.status, await response.read()
        except (aiohttp.ClientError, TimeoutError) as error:
            self.phase.errors[f"POST: {type(error).__name__}"] += 1
            return None
        answered = time.perf_counter()
        if status != expect:
            self.phase.errors[f"POST {path.split('/')[-2]}: {status}"] += 1
            return None
        view = orjson.loads(raw)
        if timings is not None:
            timings.append(answered - started)
            if timings is self.phase.post_play and answered - started > SLOW_SECONDS:
                self.phase.slow_play_at.append(started - self.phase.started)
            delivery = asyncio.create_task(self._delivered(view["id"], view["seq"], answered))
            self.deliveries.add(delivery)
            delivery.add_done_callback(self.deliveries.discard)
        return view

    async def _delivered(self, match_id: int, seq: int, answered: float) -> None:
        """Time from the POST's answer to this socket carrying that seq (0 if it came first)."""
        key = (match_id, seq)
        seen = self.seen_at.get(key)
        if seen is None:
            waiting = self.awaited.setdefault(key, asyncio.get_running_loop().create_future())
            try:
                seen = await asyncio.wait_for(waiting, timeout=10)
            except TimeoutError:
                self.awaited.pop(key, None)
                self.phase.errors["socket never carried a move's seq"] += 1
                return
        self.phase.delivery.append(max(0.0, seen - answered))

    async def _get(self, match_id: int) -> dict[str, Any]:
        async with self.http.get(f"/api/matches/{match_id}/") as response:
            return orjson.loads(await response.read())


async def run_phase(base: str, tokens: list[str], phase: Phase) -> None:
    started, phase.started, phase.started_at = time.monotonic(), time.perf_counter(), time.time()
    stop_at = started + phase.seconds
    crowd = [Player(base, token, phase) for token in tokens[:phase.matches]]
    tasks = []
    # A ramp, not a thundering herd of 200 sign-ins and new matches: 2 s when players move
    # at once; players who think arrive over one longest pause, as people do.
    ramp = max(2.0, phase.think[1])
    for player in crowd:
        tasks.append(asyncio.create_task(player.run(stop_at)))
        await asyncio.sleep(ramp / phase.matches)
    await asyncio.wait(tasks, timeout=phase.seconds + 45)
    for task in tasks:
        task.cancel()
    phase.elapsed = time.monotonic() - started


# --- The run ---------------------------------------------------------------------------------


def pgbench_cost(runs: list[Pgbench], statements: bool) -> dict[str, float | None]:
    """PostgreSQL's cost of one pgbench transaction, over all the runs together."""
    total = sum((run.db for run in runs), Counters())
    transactions = sum(run.transactions for run in runs)
    return {**total.per(transactions, statements),
            "postgres_cpu_ms": 1000 * sum(run.postgres_cpu for run in runs) / transactions}


def ratio(site: float | None, reference: float | None) -> float | None:
    return site / reference if site is not None and reference else None


def database_report(phases: list[Phase], runs: list[Pgbench], statements: bool,
                    walinspect: bool = False) -> list[str]:
    """Statements, database time and WAL per committed move next to a pgbench transaction's
    (target: a move, with its share of bot turns, at most 2 pgbench transactions in time and
    in WAL). WAL × pgbench compares the WAL of the database's statements, else of the
    database's own records (``walinspect``), else of the whole server."""
    def number(value: float | None, digits: int) -> str:
        return "n/a" if value is None else f"{value:,.{digits}f}"

    reference = pgbench_cost(runs, statements)
    tps = max(run.tps for run in runs)
    lines = ["", "Database cost per committed move and per pgbench transaction (PostgreSQL's "
             "pg_stat_statements, pg_walinspect and pg_stat_wal; time is total_exec_time, WAL "
             "of the database's statements, of its own WAL records, and of the whole "
             "server):", "",
             "| per | statements | database time, ms | WAL, bytes | full-page images "
             "| database WAL, bytes | server WAL, bytes | PostgreSQL CPU, ms | time × pgbench "
             "| WAL × pgbench | CPU × pgbench | moves/s at database saturation |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|",
             f"| pgbench transaction ({sum(run.transactions for run in runs)}) "
             f"| {number(reference['statements'], 2)} | {number(reference['exec_ms'], 3)} "
             f"| {number(reference['wal_bytes'], 0)} "
             f"| {number(reference['full_page_images'], 3)} "
             f"| {number(reference['database_wal_bytes'] if walinspect else None, 0)} "
             f"| {number(reference['server_wal_bytes'], 0)} "
             f"| {number(reference['postgres_cpu_ms'], 3)} | 1 | 1 | 1 | {tps:,.0f} TPS |"]
    for p in phases:
        per = p.db.per(p.all_moves, statements)
        cpu = 1000 * p.cpu.get("postgres", 0.0) / p.all_moves if p.all_moves else None
        time_ratio = ratio(per["exec_ms"], reference["exec_ms"])
        wal = ("wal_bytes" if statements
               else "database_wal_bytes" if walinspect else "server_wal_bytes")
        wal_ratio = ratio(per[wal], reference[wal])
        cpu_ratio = ratio(cpu, reference["postgres_cpu_ms"])
        bound = max((r for r in (time_ratio, cpu_ratio) if r), default=None)
        lines.append(
            f"| move, {p.matches} matches ({p.all_moves}) | {number(per['statements'], 2)} "
            f"| {number(per['exec_ms'], 3)} | {number(per['wal_bytes'], 0)} "
            f"| {number(per['full_page_images'], 3)} "
            f"| {number(per['database_wal_bytes'] if walinspect else None, 0)} "
            f"| {number(per['server_wal_bytes'], 0)} "
            f"| {number(cpu, 3)} "
            f"| {number(time_ratio, 2)} | {number(wal_ratio, 2)} "
            f"| {number(cpu_ratio, 2)} | {number(tps / bound if bound else None, 0)} |")
    lines.append("moves/s at database saturation: the higher pgbench TPS over the larger of "
                 "the time and CPU ratios, the moves/s one primary would carry were the "
                 "database the only limit. "
                 "Full-page images: whole pages written to the WAL at their first change after "
                 "a checkpoint (about 8 KB each), so WAL depends on where the checkpoints fell. "
                 "Server WAL and PostgreSQL CPU count the whole server (other work on it "
                 "included); target: time and WAL × pgbench ≤ 2.")
    if not statements:
        lines.append("pg_stat_statements is not loaded: WAL × pgbench uses the database's own "
                     "WAL records (pg_walinspect: its relations' records and its transactions' "
                     "commits)." if walinspect else
                     "pg_stat_statements is not loaded: WAL × pgbench uses the server's WAL.")
    if (reference["full_page_images"] or 0) > 0.01:
        lines.append("Checkpoints fell into the pgbench runs: its WAL per transaction includes "
                     "full-page images. Compare the WAL with a run where neither side logged "
                     "many of them.")
    if any(window.evicted for window in [*(p.db for p in phases), *(r.db for r in runs)]):
        lines.append("pg_stat_statements dropped entries for room during a measured window "
                     "(other databases' statements fill it; raise pg_stat_statements.max): a "
                     "dropped statement of the measured database makes its figures low.")
    return lines


def report(phases: list[Phase], runs: list[Pgbench], statements: bool,
           walinspect: bool = False) -> str:
    ms = 1000
    tps = max(run.tps for run in runs)
    lines = [
        "pgbench (TPC-B-like, scale 10, 8 clients, 2 threads) before / after the phases: "
        + " / ".join(f"{run.tps:.0f}" for run in runs) + f" TPS; % of pgbench is of {tps:.0f}, "
        "the higher",
        "moves/s: moves committed in the phase's first `--seconds` (the players arrive over "
        "the ramp, then all play), over those seconds",
        "",
        "| matches | players think, s | moves | moves/s | % of pgbench "
        "| POST play p50 / p95 / p99 ms | POST call p99 ms | socket after POST p50 / p95 / p99 ms "
        "| matches done / cut off | errors |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for p in phases:
        rate = p.moves / p.seconds
        think = f"{p.think[0]:g}–{p.think[1]:g}" if p.think[1] else "0 (at once)"
        lines.append(
            f"| {p.matches} | {think} | {p.moves} | {rate:.0f} | {100 * rate / tps:.1f} % "
            f"| {percentile(p.post_play, 50) * ms:.1f} / {percentile(p.post_play, 95) * ms:.1f} / "
            f"{percentile(p.post_play, 99) * ms:.1f} | {percentile(p.post_call, 99) * ms:.1f} "
            f"| {percentile(p.delivery, 50) * ms:.1f} / {percentile(p.delivery, 95) * ms:.1f} / "
            f"{percentile(p.delivery, 99) * ms:.1f} | {p.finished} / {p.unfinished} "
            f"| {sum(p.errors.values())} |"
        )
    lines += ["", "CPU per committed move, ms (all processes of each role; 2 cores = 2000 ms/s):",
              "", "| matches | web | worker | postgres | redis | players | all |",
              "|---|---|---|---|---|---|---|"]
    for p in phases:
        per = ({role: 1000 * used / p.all_moves for role, used in p.cpu.items()}
               if p.all_moves else {})
        lines.append(f"| {p.matches} | " + " | ".join(
            f"{per.get(role, 0):.2f}" for role in ("web", "worker", "postgres", "redis",
                                                   "players")) + f" | {sum(per.values()):.2f} |")
    lines += database_report(phases, runs, statements, walinspect)
    for p in phases:
        if p.slow_play_at and p.think[1]:  # players at once are slow by design (a queue)
            lines.append(f"POST play over {SLOW_SECONDS * ms:.0f} ms at {p.matches} matches: "
                         f"{len(p.slow_play_at)} of {len(p.post_play)}; most in the phase's "
                         f"second {slow_bursts(p)}")
    for p in phases:
        for kind, count in p.errors.items():
            lines.append(f"errors at {p.matches} matches: {count} × {kind}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="50,200,200:2000-8000",
                        help="the phases: concurrent matches, each optionally with its own "
                             "think time as :MIN-MAX ms (default: --think-ms)")
    parser.add_argument("--seconds", type=float, default=45, help="length of each phase")
    parser.add_argument("--think-ms", default="0,0",
                        help="a player's pause before each move, drawn between MIN,MAX ms "
                             "(0,0: move at once, the site at saturation)")
    parser.add_argument("--pgbench-seconds", type=int, default=15)
    parser.add_argument("--hands", type=int, default=1,
                        help="hands per match (1: a new match every 14 player moves, so the "
                             "cost of starting and ending matches is in the figures)")
    parser.add_argument("--web", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--workers", type=int, default=2, help="Celery worker processes")
    parser.add_argument("--worker-concurrency", type=int, default=4)
    parser.add_argument("--database", default="callbreak_bench")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/2")
    parser.add_argument("--enable-pg-stat-statements", action="store_true",
                        help="add pg_stat_statements to the server's shared_preload_libraries "
                             "(ALTER SYSTEM; a superuser's change of the whole server) and "
                             "stop; it takes effect when PostgreSQL is restarted")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    import psycopg

    ensure_database(args.database)
    stats = psycopg.connect(f"{PG}/{args.database}", autocommit=True)
    if args.enable_pg_stat_statements:
        pgstats.enable_preload(stats)
        print("shared_preload_libraries now lists pg_stat_statements for the next start: "
              "restart PostgreSQL, then run the benchmark.")
        return 0
    problem = pgstats.preload_problem(stats)
    if problem:
        print(problem, file=sys.stderr, flush=True)
    statements = pgstats.prepare(stats)
    walinspect = pgstats.walinspect_ready(stats)
    think = tuple(int(ms) / 1000 for ms in args.think_ms.split(","))
    plan = []  # (matches, think) per phase
    for entry in args.matches.split(","):
        count, _, paced = entry.partition(":")
        plan.append((int(count), tuple(int(ms) / 1000 for ms in paced.split("-")) if paced
                     else think))

    # pgbench before and after the phases: the machine's speed drifts over minutes, and the
    # higher of the two is the reference (the stricter bar for the site).
    print("pgbench …", flush=True)
    runs = [pgbench(args.pgbench_seconds, "before", stats, statements, walinspect)]
    from socket import socket

    with socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = site_environment(port, args)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "REDIS_URL", "PRODUCTION",
                                           "SECRET_KEY", "SECURE_SSL_REDIRECT", "VAR_DIR",
                                           "DJANGO_SETTINGS_MODULE", "ALLOWED_HOSTS",
                                           "LOG_LEVEL")})
    import redis

    redis.Redis.from_url(args.redis).flushdb()  # the bench's own Redis database
    site = start_site(env, args.workers)
    phases: list[Phase] = []
    try:
        tokens = players(max(count for count, _ in plan))
        base = f"http://127.0.0.1:{port}"
        for count, pause in plan:
            print(f"{count} matches for {args.seconds:.0f} s …", flush=True)
            phase = Phase(count, args.seconds, pause, hands=args.hands)
            started, cpu_before = time.time(), cpu_by_role()
            db_before = pgstats.snapshot(stats, args.database, statements)
            # uvloop and orjson: the players share the site's cores, so they spend as little
            # CPU as they can. No garbage collection during a phase: a full collection over
            # 200 players' objects stalled them all at once for 50–120 ms, a pause of the
            # measuring client, not of the site; it runs between phases instead.
            gc.disable()
            try:
                uvloop.run(run_phase(base, tokens, phase))
            finally:
                gc.enable()
                gc.collect()
            cpu_after = cpu_by_role()
            time.sleep(STATS_SETTLE_SECONDS)
            db_after = pgstats.snapshot(stats, args.database, statements)
            phase.db = db_after - db_before
            if walinspect:
                phase.db = pgstats.with_database_wal(stats, args.database, db_before, db_after,
                                                     phase.db)
            # Throughput over the phase's own seconds, not the wind-down when fewer players
            # are left; the CPU figures cover the wind-down too, divided by every move made.
            phase.moves = moves_between(started, started + args.seconds)
            phase.all_moves = moves_between(started, time.time())
            phase.cpu = {role: cpu_after[role] - cpu_before.get(role, 0.0)
                         for role in cpu_after}
            end_open_matches()
            phases.append(phase)
    finally:
        stop_site(site)
    print("pgbench …", flush=True)
    runs.append(pgbench(args.pgbench_seconds, "after", stats, statements, walinspect))
    stats.close()
    table = report(phases, runs, statements, walinspect)
    print("\n" + table)
    (OUT / "load.json").write_text(json.dumps({
        "pgbench_tps": max(run.tps for run in runs),
        "pgbench_tps_before_after": [run.tps for run in runs],
        "pgbench_transactions": [run.transactions for run in runs],
        "pgbench_database_cost_per_transaction": pgbench_cost(runs, statements),
        "phases": [{"matches": p.matches, "seconds": p.elapsed, "moves": p.moves,
                    "post_play_ms": [percentile(p.post_play, q) * 1000 for q in (50, 95, 99)],
                    "started_at": p.started_at,
                    "slow_post_play_started_s": sorted(round(at, 3) for at in p.slow_play_at),
                    "delivery_ms": [percentile(p.delivery, q) * 1000 for q in (50, 95, 99)],
                    "errors": dict(p.errors), "finished": p.finished,
                    "think_s": list(p.think), "all_moves": p.all_moves,
                    "cpu_ms_per_move": {role: 1000 * used / p.all_moves if p.all_moves else None
                                        for role, used in p.cpu.items()},
                    "database_cost_per_move": p.db.per(p.all_moves, statements),
                    "unfinished": p.unfinished} for p in phases],
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
