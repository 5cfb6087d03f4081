"""The whole life of a match through the API: create, join, calls, tricks, end, record, stats."""

from __future__ import annotations

import pytest

from games.engine import replay_record
from games.models import Match, Move, Seat
from tests.api.helpers import create, play_to_end, stored_state, view
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


@pytest.mark.usefixtures("celery_worker")
def test_one_human_and_three_bots_play_a_match_to_the_end(owner_api, owner):
    created = create(owner_api, ["bot:easy", "bot:normal", "bot:hard"], hands=2)
    assert created["status"] in ("bidding", "playing")
    assert created["my_seat"] == 0
    assert [s["kind"] for s in created["seats"]] == ["human", "bot:easy", "bot:normal",
                                                     "bot:hard"]
    assert len(created["hand"]) == 13

    final = play_to_end([owner_api], created["id"])

    assert final["status"] == "finished"
    assert len(final["hand_results"]) == 2
    assert final["places"] is not None and 1 in final["places"]
    match = Match.objects.get(pk=created["id"])
    assert Move.objects.filter(match=match, kind="play").count() == 2 * 52
    assert Move.objects.filter(match=match, kind="call").count() >= 2 * 4
    assert set(Move.objects.filter(match=match).exclude(seat=0)
               .values_list("made_by", flat=True)) == {"bot"}
    assert len(stored_state(match.id).history) == 2
    assert set(Move.objects.filter(match=match).values_list("hand_number", flat=True)) == {1, 2}

    record = owner_api.get(f"/api/matches/{created['id']}/record/")
    assert record.status_code == 200
    replayed = replay_record({k: v for k, v in record.json().items()})
    assert replayed.scores == final["scores"]

    stats = owner_api.get("/api/users/owner/stats/").json()
    assert stats["matches_played"] == 1
    assert stats["wins"] == (1 if final["places"][0] == 1 else 0)
    assert stats["average_total"] == final["scores"][0]
    assert 0 <= stats["calls_made_pct"] <= 100


def test_open_and_reserved_seats_fill_by_invite_then_the_match_starts(owner_api, member):
    guest = make_user("guest")
    created = create(owner_api, ["user:member", "open", "bot:normal"])
    assert created["status"] == "waiting"
    assert created["hand"] == []
    code = created["invite_code"]
    assert [s["kind"] for s in created["seats"]] == ["human", "reserved", "open", "bot:normal"]

    member_api, guest_api = client_for(member), client_for(guest)
    joined = member_api.post("/api/matches/join/", {"invite_code": code}, format="json")
    assert joined.status_code == 200
    assert joined.json()["my_seat"] == 1
    assert joined.json()["status"] == "waiting"

    joined = guest_api.post("/api/matches/join/", {"invite_code": code}, format="json")
    assert joined.json()["my_seat"] == 2
    assert joined.json()["status"] == "bidding"
    assert len(joined.json()["hand"]) == 13

    again = guest_api.post("/api/matches/join/", {"invite_code": code}, format="json")
    assert again.status_code == 200 and again.json()["my_seat"] == 2
    late = client_for(make_user("latecomer")).post(
        "/api/matches/join/", {"invite_code": code}, format="json")
    assert late.status_code == 409
    assert late.json()["code"] == "match_full"


def test_four_humans_play_a_full_match_and_the_list_shows_whose_turn(owner_api, owner):
    users = [make_user(name) for name in ("p1", "p2", "p3")]
    created = create(owner_api, [f"user:{u.username}" for u in users])
    clients = [owner_api] + [client_for(u) for u in users]
    for client in clients[1:]:
        client.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                    format="json")
    listing = [c.get("/api/matches/?status=active").json() for c in clients]
    assert all(page["count"] == 1 for page in listing)
    assert sum(page["results"][0]["my_turn"] for page in listing) == 1

    final = play_to_end(clients, created["id"])
    assert final["status"] == "finished"
    assert sum(final["hand_results"][0]["tricks_won"]) == 13
    finished = owner_api.get("/api/matches/?status=finished").json()
    assert finished["results"][0]["id"] == created["id"]
    assert finished["results"][0]["places"] == final["places"]


def test_rematch_seats_the_same_players(owner_api):
    created = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    Match.objects.filter(pk=created["id"]).update(status="finished")
    rematch = owner_api.post(f"/api/matches/{created['id']}/rematch/")
    assert rematch.status_code == 201
    assert [s["kind"] for s in rematch.json()["seats"]] == [s["kind"] for s in created["seats"]]
    assert rematch.json()["id"] != created["id"]


def test_match_view_is_stable_between_two_reads(owner_api):
    created = create(owner_api, ["open", "open", "open"])
    assert view(owner_api, created["id"]) == view(owner_api, created["id"])


@pytest.mark.usefixtures("celery_worker")
def test_a_match_of_four_bots_runs_to_the_end_by_itself(owner):
    from django.db import transaction

    from games.services.table import announce, start_match

    with transaction.atomic():
        match = Match.objects.create(created_by=owner, rules={"preset": "standard", "hands": 2},
                                     hands_to_play=2, turn_seconds=3600)
        seats = [Seat.objects.create(match=match, number=n, kind="bot", bot_level=level)
                 for n, level in enumerate(["easy", "normal", "hard", "normal"])]
        state, turn = start_match(match, seats)
        match.save()
        announce(match, seats, state, turn)

    assert wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", timeout=120)
    assert Move.objects.filter(match=match, kind="play").count() == 2 * 52
    assert set(Move.objects.filter(match=match).values_list("made_by", flat=True)) == {"bot"}
    seqs = list(Move.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
