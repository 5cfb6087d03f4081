"""Pairing: seeks of one pace and rated-ness become a match four at a time, by rating, with a
gap that widens with the wait; a blocked pair never sits together, a cancelled seek is never
matched, bots fill a live table whose wait for them ran out, and a live seek whose player has
left (no ask from their screen lately, no socket) is ended rather than seated."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from games.models import Match, Seat
from games.services.rule_options import rules_from_request
from matchmaking import pool
from matchmaking.models import Seek
from matchmaking.services import pairing
from matchmaking.services.pairing import bot_level_for, seeks_pair
from matchmaking.services.seeks import seek_cancel, seek_create, seeks_seen
from social.models import Block
from social.presence import presence_connect
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def seekers(n: int, prefix: str = "p", **body) -> list[Seek]:
    body = {"pace": "30s", "rated": True, "bots_after_seconds": None, **body}
    return [seek_create(user=make_user(f"{prefix}{i}"), **body) for i in range(n)]


def seated(match: Match) -> list[int]:
    return sorted(s.user_id for s in match.seats.all() if s.kind == Seat.Kind.HUMAN)


def test_four_seekers_make_one_started_match():
    seeks = seekers(4)
    assert seeks_pair() == 1
    match = Match.objects.get()
    assert match.status == Match.Status.BIDDING and match.turn_seconds == 30
    standard = rules_from_request({"preset": "standard", "hands": 5}).to_dict()
    assert match.rules == standard and match.hands_to_play == 5 and match.rated
    assert seated(match) == sorted(s.user_id for s in seeks)
    assert set(Seek.objects.values_list("status", "match_id")) == {("matched", match.id)}
    assert seeks_pair() == 0  # nothing left: nobody is seated twice


def test_three_seekers_wait_for_a_fourth():
    seekers(3)
    assert seeks_pair() == 0
    assert not Match.objects.exists()
    assert set(Seek.objects.values_list("status", flat=True)) == {"open"}


def test_pools_are_kept_apart_by_pace_and_by_rated_ness():
    seekers(2, "a")
    seekers(2, "b", rated=False)
    seekers(2, "c", pace="60s")
    assert seeks_pair() == 0


def test_a_casual_match_is_not_rated():
    seekers(4, rated=False)
    seeks_pair()
    assert Match.objects.get().rated is False


def test_a_blocked_pair_is_never_paired():
    seeks = seekers(5)
    Block.objects.create(blocker_id=seeks[0].user_id, blocked_id=seeks[1].user_id)
    assert seeks_pair() == 1
    people = seated(Match.objects.get())
    assert not {seeks[0].user_id, seeks[1].user_id} <= set(people)
    assert len(people) == 4


def test_a_blocked_pair_is_never_paired_even_with_bots_due():
    seeks = seekers(2, bots_after_seconds=0)
    Block.objects.create(blocker_id=seeks[1].user_id, blocked_id=seeks[0].user_id)
    assert seeks_pair() == 2
    assert sorted(len(seated(m)) for m in Match.objects.all()) == [1, 1]


def test_a_cancelled_seek_is_never_matched():
    seeks = seekers(4)
    seek_cancel(user=seeks[0].user, seek_id=seeks[0].id)
    assert seeks_pair() == 0
    seekers(1, "late")
    assert seeks_pair() == 1
    assert seeks[0].user_id not in seated(Match.objects.get())
    assert Seek.objects.get(pk=seeks[0].id).status == Seek.Status.CANCELLED


def test_a_live_seek_whose_player_has_left_is_ended_not_seated(settings):
    """A live table plays out on autopilot for a player who has gone: their search ends at
    the next pairing once their screen has stopped asking for it and their socket is shut."""
    settings.LIVE_SEEK_SEEN_SECONDS = 1
    gone, stays, on_socket = seekers(3, "left", bots_after_seconds=0, rated=False)
    slow = seekers(1, "slow", pace="1d")[0]
    time.sleep(1.5)  # nobody has asked since their seek was made
    seeks_seen(user_id=stays.user_id)  # the screen's next ask (GET /api/seeks/)
    async_to_sync(presence_connect)(user_id=on_socket.user_id)
    assert seeks_pair() == 1
    assert seated(Match.objects.get()) == sorted([stays.user_id, on_socket.user_id])
    assert Seek.objects.get(pk=gone.id).status == Seek.Status.CANCELLED
    # A search at a slow pace goes on without its player at the screen.
    assert Seek.objects.get(pk=slow.id).status == Seek.Status.OPEN


def test_the_screens_ask_keeps_a_live_seek(settings, owner_api, owner):
    settings.LIVE_SEEK_SEEN_SECONDS = 1
    made = owner_api.post("/api/seeks/", {"pace": "15s", "rated": True,
                                          "bots_after_seconds": 0}, format="json")
    assert made.status_code == 201, made.content
    time.sleep(1.5)
    assert owner_api.get("/api/seeks/").status_code == 200
    assert seeks_pair() == 1
    assert Seek.objects.get(pk=made.json()["id"]).status == Seek.Status.MATCHED
    assert seated(Match.objects.get()) == [owner.id]


def test_far_ratings_wait_until_their_gap_has_widened():
    seeks = seekers(4)
    Seek.objects.filter(pk=seeks[3].id).update(rating=1600)
    assert seeks_pair() == 0
    waited = timezone.now() - timedelta(seconds=60)  # a gap of 100 + 10/s reaches 700
    Seek.objects.update(created_at=waited)
    assert seeks_pair() == 1


def test_the_nearest_ratings_sit_together():
    ratings = [1000, 1010, 1500, 1020, 1510, 1030, 1520, 1530]
    seeks = seekers(8)
    for seek, rating in zip(seeks, ratings, strict=True):
        Seek.objects.filter(pk=seek.id).update(rating=rating)
    assert seeks_pair() == 2
    spreads = sorted(max(r) - min(r) for r in (
        list(Seek.objects.filter(match=m).values_list("rating", flat=True))
        for m in Match.objects.all()))
    assert spreads == [30, 30]


def test_bots_fill_a_live_table_whose_wait_ran_out():
    seekers(2, bots_after_seconds=0)
    assert seeks_pair() == 1
    match = Match.objects.get()
    bots = [s for s in match.seats.all() if s.kind == Seat.Kind.BOT]
    assert len(bots) == 2 and match.status == Match.Status.BIDDING
    assert {b.bot_level for b in bots} == {bot_level_for(rating=1000, turn_seconds=30)}


def test_bots_wait_for_their_time_and_never_join_a_seek_that_wants_people():
    seekers(1, "wants_people")
    seekers(1, "later", bots_after_seconds=600)
    assert seeks_pair() == 0
    Seek.objects.filter(bots_at__isnull=False).update(bots_at=timezone.now())
    assert seeks_pair() == 1
    people = seated(Match.objects.get())
    assert len(people) == 1
    assert Seek.objects.get(user__username="wants_people0").status == "open"


def test_bot_levels_follow_the_tables_rating():
    assert bot_level_for(rating=1000, turn_seconds=30) == "easy"
    assert bot_level_for(rating=1600, turn_seconds=30) == "hard"
    assert bot_level_for(rating=1600, turn_seconds=86400) in ("hard", "expert")


def test_a_slow_seek_asks_about_bots_once_after_a_day():
    seek = seekers(1, pace="1d")[0]
    assert pairing.seeks_remind() == 0
    Seek.objects.filter(pk=seek.id).update(created_at=timezone.now() - timedelta(hours=25))
    assert pairing.seeks_remind() == 1
    assert pairing.seeks_remind() == 0


def test_the_pool_never_seats_anyone_twice():
    waiting = [pool.Waiting(seek_id=i, user_id=i, rating=1000 + 37 * i, waited=i * 3.0,
                            bots_due=i % 3 == 0, bots_ok=i % 2 == 0) for i in range(60)]
    tables = pool.tables_from(waiting, {frozenset((1, 2)), frozenset((4, 8))})
    ids = [w.seek_id for t in tables for w in t.seats]
    assert len(ids) == len(set(ids))
    for table in tables:
        users = {w.user_id for w in table.seats}
        assert not {1, 2} <= users and not {4, 8} <= users
        assert table.spread <= min(pool.rating_gap(w.waited) for w in table.seats)
