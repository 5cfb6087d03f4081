"""The pool across processes: two ASGI servers and two Celery workers on PostgreSQL and
Redis, 200 seekers arriving over 6 s, one worker SIGKILLed while it pairs. Every player is
seated exactly once, no seek is lost, and no seek points to a match that does not exist."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from knox.models import AuthToken

from games.models import Match, Seat
from matchmaking.models import Seek
from matchmaking.pool import GAP_MAX
from social.models import PlayerRating
from tests.conftest import make_user
from tests.faults.conftest import _wait

pytestmark = pytest.mark.django_db(transaction=True)

SEEKERS = 200
ARRIVAL_SECONDS = 6
PAIRING = re.compile(r"Task matchmaking\.tasks\.seeks_pair\[[^]]+\] received")


def test_200_seekers_over_two_servers_and_two_workers_are_each_seated_once(fleet):
    # These seekers post and never ask for their seeks as a waiting screen does every 2 s:
    # they count as at their screen however long the killed worker delays their pairing.
    fleet.env.update(SEEK_PAIR_SECONDS="1", BOT_BUDGET_MS="20", LIVE_SEEK_SEEN_SECONDS="3600")
    doomed, doomed_log = fleet.worker()
    fleet.worker()
    servers = [fleet.server(), fleet.server()]
    fleet.beat()
    tokens = _seekers(SEEKERS)

    def arrive(i: int) -> int:
        # Seeker i arrives at i × 0.03 s; rated and casual pools, live and waiting for bots.
        time.sleep(max(0.0, start + i * ARRIVAL_SECONDS / SEEKERS - time.monotonic()))
        body = {"pace": "30s", "rated": i % 3 != 0, "bots_after_seconds": 3 if i % 2 else 6}
        answer = httpx.post(f"{servers[i % 2]}/api/seeks/", json=body, timeout=20,
                            headers={"Authorization": f"Token {tokens[i]}"})
        return answer.status_code

    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=16) as arrivals:
        posted = arrivals.map(arrive, range(SEEKERS))
        # Kill a worker while it pairs: it has taken pairing runs and keeps taking them.
        assert _wait(lambda: len(PAIRING.findall(Path(doomed_log).read_text())) >= 20, 30)
        doomed.kill()
        statuses = list(posted)
    assert doomed.wait(10) == -9
    assert statuses == [201] * SEEKERS

    settled = _wait(lambda: not Seek.objects.filter(status=Seek.Status.OPEN).exists(), 30, 0.5)
    assert settled, f"{Seek.objects.filter(status='open').count()} seeks were never matched"

    seeks = list(Seek.objects.all())
    assert len(seeks) == SEEKERS and {s.status for s in seeks} == {Seek.Status.MATCHED}
    matches = {m.id: m for m in Match.objects.prefetch_related("seats")}
    assert {s.match_id for s in seeks} <= set(matches), "a seek points to no match"
    seated = [seat.user_id for m in matches.values() for seat in m.seats.all()
              if seat.kind == Seat.Kind.HUMAN]
    assert sorted(seated) == sorted(s.user_id for s in seeks), "someone seated twice or never"
    for match in matches.values():
        mine = [s for s in seeks if s.match_id == match.id]
        people = {seat.user_id for seat in match.seats.all() if seat.kind == Seat.Kind.HUMAN}
        assert people == {s.user_id for s in mine}
        assert len(match.seats.all()) == 4 and match.status != Match.Status.WAITING
        assert len({s.rated for s in mine}) == 1 and match.rated == mine[0].rated
        assert max(s.rating for s in mine) - min(s.rating for s in mine) <= GAP_MAX


def _seekers(n: int) -> list[str]:
    """``n`` players with ratings spread over 600 points, and a token each."""
    users = [make_user(f"seeker{i}") for i in range(n)]
    PlayerRating.objects.bulk_create([PlayerRating(user=u, mu=25, sigma=3, rating=900 + 3 * i,
                                                   matches=12) for i, u in enumerate(users)])
    return [AuthToken.objects.create(user=u)[1] for u in users]
