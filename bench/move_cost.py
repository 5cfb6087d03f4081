"""CPU cost of one move on the server, measured in one process (``make bench-move``).

A signed-in player plays whole matches against three easy bots through Django's full request
stack (middleware, DRF, authentication, throttles, the service, the answer) on PostgreSQL and
Redis; the bots' turns are played by calling the same service a Celery task calls. Every
side effect runs for real (views to the channel layer, tasks to the broker on a scratch queue
that is emptied afterwards). Prints the process CPU time and the database queries per player
move and per run of bot turns — the figures the load benchmark's throughput rests on, without
its noise.

After each ``POST play`` the same client also asks ``GET /api/auth/me/``: an authenticated
request that does almost nothing beyond the framework's own work (middleware, DRF, token
look-up, throttles, rendering). Timed the same way and interleaved with the moves, so a drift
of the machine's speed touches both alike, it is the floor a move's cost is stated against:
``play_to_floor_ratio`` is the mean CPU of ``POST play`` over the mean CPU of that request.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

PG = "postgres://postgres@127.0.0.1:5432"
QUEUE = "callbreak-move-cost"  # the scratch queue the bots' tasks go to, never consumed
PREFIX = "cb-move-cost"  # of the channel layer's and the cache's keys


def configure(database: str, redis_url: str) -> None:
    os.environ.update(
        DATABASE_URL=f"{PG}/{database}", REDIS_URL=redis_url, CELERY_QUEUE=QUEUE,
        CHANNELS_PREFIX=PREFIX, CACHE_PREFIX=PREFIX,
        DJANGO_SETTINGS_MODULE="callbreak_site.settings", THROTTLE_MOVE="1000000/min",
        THROTTLE_CREATE="1000000/min",
        LOG_LEVEL="WARNING", ALLOWED_HOSTS="testserver,127.0.0.1",
    )
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (database,)).fetchone():
            conn.execute(f'CREATE DATABASE "{database}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@contextmanager
def measured(cpu: list[float], queries: list[int], counted: bool) -> Iterator[None]:
    """The process CPU time and the database queries of the block, recorded if ``counted``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        started = time.process_time()
        yield
        spent = time.process_time() - started
    if counted:
        cpu.append(spent)
        queries.append(len(captured))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--database", default="callbreak_move_cost")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/3")
    parser.add_argument("--profile", action="store_true",
                        help="also print where the players' moves spend their time (cProfile)")
    parser.add_argument("--profile-sort", default="cumulative",
                        help="pstats order of the profile: cumulative, tottime, …")
    args = parser.parse_args()
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    configure(args.database, args.redis)

    from django.contrib.auth import get_user_model
    from django.db import reset_queries
    from django.test import Client
    from knox.models import AuthToken

    from games.models import Match
    from games.services.moves import bot_turn_play

    user, _ = get_user_model().objects.get_or_create(username="move-cost")
    _, token = AuthToken.objects.create(user=user)
    client = Client(headers={"Authorization": f"Token {token}"})
    player_cpu, bot_cpu, player_queries, bot_queries = [], [], [], []
    play_cpu, play_queries, floor_cpu, floor_queries = [], [], [], []
    create_cpu, create_queries = [], []
    bot_moves = 0
    body = {"rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
            "opponents": ["bot:easy"] * 3}
    for number in range(args.matches + 1):  # the first match warms up and is not counted
        with measured(create_cpu, create_queries, counted=bool(number)):
            created = client.post("/api/matches/", body, content_type="application/json")
        assert created.status_code == 201, created.content
        view = created.json()
        while view["status"] != "finished":
            if view["turn"] == view["my_seat"]:
                kind = "call" if view["status"] == "bidding" else "play"
                move = {"seq": view["seq"], kind if kind == "call" else "card": view["legal"][0]}
                with measured(player_cpu, player_queries, counted=bool(number)):
                    if profiler and number:
                        profiler.enable()
                    answer = client.post(f"/api/matches/{view['id']}/{kind}/", move,
                                         content_type="application/json")
                    if profiler:
                        profiler.disable()
                assert answer.status_code == 200, answer.content
                view = answer.json()
                if kind == "play" and number:
                    play_cpu.append(player_cpu[-1])
                    play_queries.append(player_queries[-1])
                if kind == "play":
                    with measured(floor_cpu, floor_queries, counted=bool(number)):
                        me = client.get("/api/auth/me/")
                    assert me.status_code == 200, me.content
                continue
            match = Match.objects.get(pk=view["id"])
            with measured(bot_cpu, bot_queries, counted=bool(number)):
                played = bot_turn_play(match_id=match.id, seq=match.seq)
            assert played
            if number:
                bot_moves += Match.objects.get(pk=view["id"]).seq - match.seq
            view = client.get(f"/api/matches/{view['id']}/").json()
        reset_queries()
    import redis

    # Only this run's keys: the Redis database may be shared with a test run's worker.
    scratch = redis.Redis.from_url(args.redis)
    for pattern in (f"{QUEUE}*", f"{PREFIX}*"):
        for key in scratch.scan_iter(match=pattern, count=1000):
            scratch.delete(key)
    ms = 1000
    result = {
        "player_moves": len(player_cpu),
        "player_move_cpu_ms": round(statistics.mean(player_cpu) * ms, 2),
        "player_move_cpu_ms_median": round(statistics.median(player_cpu) * ms, 2),
        "player_move_queries": round(statistics.mean(player_queries), 2),
        "post_plays": len(play_cpu),
        "post_play_cpu_ms": round(statistics.mean(play_cpu) * ms, 2),
        "post_play_queries": round(statistics.mean(play_queries), 2),
        "get_me_requests": len(floor_cpu),
        "get_me_cpu_ms": round(statistics.mean(floor_cpu) * ms, 2),
        "get_me_queries": round(statistics.mean(floor_queries), 2),
        "play_to_floor_ratio": round(statistics.mean(play_cpu) / statistics.mean(floor_cpu), 2),
        "matches_created": len(create_cpu),
        "create_cpu_ms": round(statistics.mean(create_cpu) * ms, 2),
        "create_queries": round(statistics.mean(create_queries), 2),
        "bot_runs": len(bot_cpu),
        "bot_moves": bot_moves,
        "bot_run_cpu_ms": round(statistics.mean(bot_cpu) * ms, 2),
        "bot_cpu_ms_per_move": round(sum(bot_cpu) / bot_moves * ms, 2),
        "bot_run_queries": round(statistics.mean(bot_queries), 2),
        "server_cpu_ms_per_move": round(
            (sum(player_cpu) + sum(bot_cpu)) / (len(player_cpu) + bot_moves) * ms, 2),
    }
    print(json.dumps(result, indent=2))
    print(f"POST play {result['post_play_cpu_ms']} ms CPU against GET /api/auth/me/ "
          f"{result['get_me_cpu_ms']} ms: {result['play_to_floor_ratio']}× "
          "(ratio to the framework floor; target ≤ 3×)")
    if profiler:
        pstats.Stats(profiler).sort_stats(args.profile_sort).print_stats(45)
    return 0


if __name__ == "__main__":
    sys.exit(main())
