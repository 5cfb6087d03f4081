"""Quick match, measured in one process (``make bench-matchmaking``).

``--seekers`` players (2,000 by default) arrive evenly over ``--seconds`` (120) and each posts
``POST /api/seeks/`` through Django's full request stack on PostgreSQL and Redis: a pace (mostly
30 s), rated or casual, bots after 20 s or waiting for people, at a rating drawn around 1200.
As in production, every seek is followed by a pairing run (the task its commit queues) and a
run comes every second besides (beat); here the runs call the same service in this process,
and the tasks the commits queue go to a scratch queue that is emptied afterwards. Every match
made is created and started for real (views to the channel layer, the bots' tasks queued).

Reported: time to seat (from the seek to its match) p50 and p95, the rating spread of the
people at each table, the pairing CPU per seek seated, and the CPU of ``POST /api/seeks/``
against the floor, ``GET /api/auth/me/`` asked after every seek (as ``bench.move_cost`` does
for a move): ``seek_to_floor_ratio``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from bench.move_cost import PREFIX, QUEUE, configure, measured

PACES = ["30s"] * 7 + ["15s"] * 2 + ["60s"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seekers", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--tail", type=float, default=30,
                        help="how long to keep pairing after the last arrival")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="callbreak_matchmaking")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/3")
    args = parser.parse_args()
    # These seekers stay on their screen for the whole run without asking for their seeks
    # (a phone asks every 2 s): their live searches are kept as if it did.
    os.environ.setdefault("LIVE_SEEK_SEEN_SECONDS", "3600")
    configure(args.database, args.redis)

    from django.contrib.auth import get_user_model
    from django.db import reset_queries
    from django.test import Client
    from knox.models import AuthToken

    from games.models import Match
    from matchmaking.models import Seek
    from matchmaking.services.pairing import seeks_pair
    from social.models import PlayerRating

    rng = random.Random(args.seed)
    Seek.objects.all().delete()
    Match.objects.all().delete()
    AuthToken.objects.all().delete()
    users = [get_user_model().objects.get_or_create(username=f"mm-seeker-{i}")[0]
             for i in range(args.seekers)]
    PlayerRating.objects.filter(user__in=users).delete()
    PlayerRating.objects.bulk_create([PlayerRating(
        user=u, mu=25, sigma=3, rating=round(rng.gauss(1200, 200)), matches=20) for u in users])
    # One client (its first request loads the middleware), each seeker's token per request.
    client = Client()
    tokens = [{"Authorization": f"Token {AuthToken.objects.create(user=u)[1]}"} for u in users]
    client.get("/api/auth/me/", headers=tokens[0])
    bodies = [{"pace": rng.choice(PACES), "rated": rng.random() < 0.7,
               "bots_after_seconds": 20 if rng.random() < 0.5 else None} for _ in users]

    seek_cpu, seek_queries, floor_cpu, floor_queries = [], [], [], []
    pair_cpu, pair_queries = [], []
    start = time.monotonic()
    next_beat = start + 1
    arrived = 0
    end = start + args.seconds + args.tail
    while arrived < args.seekers or time.monotonic() < end:
        due = min(args.seekers, int((time.monotonic() - start) / args.seconds * args.seekers) + 1)
        while arrived < due:
            with measured(seek_cpu, seek_queries, counted=True):
                made = client.post("/api/seeks/", bodies[arrived], headers=tokens[arrived],
                                   content_type="application/json")
            assert made.status_code == 201, made.content
            with measured(floor_cpu, floor_queries, counted=True):
                me = client.get("/api/auth/me/", headers=tokens[arrived])
            assert me.status_code == 200, me.content
            with measured(pair_cpu, pair_queries, counted=True):
                seeks_pair()  # the run this seek's commit queued
            arrived += 1
            reset_queries()
            # A loaded machine may post slower than the arrivals: the tail follows the last.
            end = max(end, time.monotonic() + args.tail)
        if time.monotonic() >= next_beat:
            with measured(pair_cpu, pair_queries, counted=True):
                seeks_pair()
            next_beat += 1
        if arrived == args.seekers and not Seek.objects.filter(
                status=Seek.Status.OPEN, bots_at__isnull=False).exists():
            break
        time.sleep(0.005)

    seeks = list(Seek.objects.values("status", "rating", "match_id", "created_at",
                                     "matched_at", "bots_at"))
    seated = [s for s in seeks if s["status"] == Seek.Status.MATCHED]
    left = [s for s in seeks if s["status"] == Seek.Status.OPEN]
    created = [s["created_at"] for s in seeks]
    waits = [(s["matched_at"] - s["created_at"]).total_seconds() for s in seated]
    tables: dict[int, list[int]] = {}
    for s in seated:
        tables.setdefault(s["match_id"], []).append(s["rating"])
    spreads = [max(r) - min(r) for r in tables.values() if len(r) > 1]
    people = [len(r) for r in tables.values()]
    _empty_scratch(args.redis)
    ms = 1000
    result = {
        "seekers": args.seekers,
        "seconds": args.seconds,
        "arrivals_took_s": round((max(created) - min(created)).total_seconds(), 1),
        "seated": len(seated),
        "left_waiting_for_people": sum(s["bots_at"] is None for s in left),
        "left_waiting_for_bots": sum(s["bots_at"] is not None for s in left),
        "tables": len(tables),
        "tables_of_four_people": people.count(4),
        "time_to_seat_s_p50": round(percentile(waits, 0.5), 2),
        "time_to_seat_s_p95": round(percentile(waits, 0.95), 2),
        "rating_spread_p50": percentile(spreads, 0.5),
        "rating_spread_p95": percentile(spreads, 0.95),
        "rating_spread_max": max(spreads, default=0),
        "pairing_runs": len(pair_cpu),
        "pairing_cpu_ms_per_seek": round(sum(pair_cpu) / max(1, len(seated)) * ms, 2),
        "pairing_queries_per_seek": round(sum(pair_queries) / max(1, len(seated)), 1),
        "post_seek_cpu_ms": round(statistics.mean(seek_cpu) * ms, 2),
        "post_seek_queries": round(statistics.mean(seek_queries), 2),
        "get_me_cpu_ms": round(statistics.mean(floor_cpu) * ms, 2),
        "get_me_queries": round(statistics.mean(floor_queries), 2),
        "seek_to_floor_ratio": round(statistics.mean(seek_cpu) / statistics.mean(floor_cpu), 2),
    }
    print(json.dumps(result, indent=2))
    print(f"POST /api/seeks/ {result['post_seek_cpu_ms']} ms CPU against GET /api/auth/me/ "
          f"{result['get_me_cpu_ms']} ms: {result['seek_to_floor_ratio']}× "
          "(ratio to the framework floor; target ≤ 3×)")
    return 0


def _empty_scratch(redis_url: str) -> None:
    """Drop this run's queued tasks and channel keys (the Redis database may be shared)."""
    import redis

    scratch = redis.Redis.from_url(redis_url)
    for pattern in (f"{QUEUE}*", f"{PREFIX}*"):
        for key in scratch.scan_iter(match=pattern, count=1000):
            scratch.delete(key)


if __name__ == "__main__":
    sys.exit(main())
