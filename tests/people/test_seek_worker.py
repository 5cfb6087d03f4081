"""Quick match through the real worker: two players who let bots join after 10 s sit with
two bots at a started match within 15 s, with no beat running (the pairing queues its own run
for the moment the bots are due)."""

from __future__ import annotations

import time

import pytest

from games.models import Match, Seat
from matchmaking.models import Seek
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services,
              pytest.mark.usefixtures("celery_worker")]


def test_two_seekers_sit_with_two_bots_within_15_seconds():
    clients = [client_for(make_user(name)) for name in ("asha", "bikash")]
    started = time.monotonic()
    for client in clients:
        answer = client.post("/api/seeks/", {"pace": "30s", "rated": False,
                                             "bots_after_seconds": 10}, format="json")
        assert answer.status_code == 201, answer.content

    def both_matched():
        # Each player's list is read in turn: wait until both show the pairing's commit.
        ids = [s["match_id"] for c in clients for s in c.get("/api/seeks/").json()
               if s["status"] == "matched"]
        return ids if len(ids) == 2 else None

    matched = wait_for(both_matched, timeout=15)
    assert time.monotonic() - started < 15
    assert matched and len(matched) == 2 and matched[0] == matched[1], matched
    match = Match.objects.get(pk=matched[0])
    assert match.status in Match.ACTIVE
    kinds = sorted(s.kind for s in match.seats.all())
    assert kinds == [Seat.Kind.BOT, Seat.Kind.BOT, Seat.Kind.HUMAN, Seat.Kind.HUMAN]
    assert time.monotonic() - started >= 9  # the bots waited their time
    assert not Seek.objects.filter(status=Seek.Status.OPEN).exists()
