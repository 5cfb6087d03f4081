"""External bots over the Smart Bots protocol: good ones play, bad ones never stall a match."""

from __future__ import annotations

import pytest

from games.engine.protocol import from_protocol, protocol_request, to_protocol
from games.models import Match, Move
from tests.api.helpers import create, play_to_end
from tests.bots_external.bot_server import BotServer
from tests.conftest import needs_services

CARD = {"AS", "KS"}


@pytest.fixture
def bots():
    servers = {mode: BotServer(mode).start() for mode in ("slow", "garbage", "illegal")}
    servers["good"] = BotServer("good", prefix="/bots/good").start()
    yield servers
    for server in servers.values():
        server.stop()


def test_card_codes_convert_at_the_boundary():
    assert to_protocol("AS") == "1S" and to_protocol("TH") == "TH"
    assert from_protocol("1S") == "AS" and from_protocol("qd") == "QD"
    assert from_protocol("ZZ") is None and from_protocol(7) is None


def test_a_play_request_carries_only_what_the_seat_may_see():
    import random

    from games.engine import Rules, apply_action, deal_cards, new_match, view_for

    state = new_match(Rules.preset("standard"), first_dealer=3)
    state = apply_action(state, {"type": "deal", "hands": deal_cards(random.Random(4))})
    for seat in range(4):
        state = apply_action(state, {"type": "call", "seat": seat, "call": 2})
    lead = sorted(view_for(state, 0)["legal"])[0]
    state = apply_action(state, {"type": "play", "seat": 0, "card": lead})
    body = protocol_request(view_for(state, 1), 1, deadline_seconds=2)
    assert body["playerId"] == "P1" and body["playerIds"] == ["P0", "P1", "P2", "P3"]
    assert body["played"] == [to_protocol(lead)]
    assert sorted(body["cards"]) == sorted(to_protocol(c) for c in state.hands[1])
    others = {to_protocol(c) for s in (0, 2, 3) for c in state.hands[s]}
    assert not others & set(body["cards"])
    assert body["context"]["players"]["P0"]["bid"] == 2
    assert body["history"] == []


@pytest.mark.django_db(transaction=True)
@needs_services
@pytest.mark.usefixtures("celery_worker")
def test_external_bots_play_and_misbehaving_ones_are_replaced_with_the_reason(
        owner_api, bots, settings):
    settings.EXTERNAL_BOT_TIMEOUT_SECONDS = 1.0
    created = create(owner_api, [bots["good"].url, bots["garbage"].url, bots["illegal"].url])
    assert [s["kind"] for s in created["seats"]] == ["human"] + ["external"] * 3
    final = play_to_end([owner_api], created["id"], timeout=180)
    assert final["status"] == "finished"

    match = Match.objects.get(pk=created["id"])
    by_seat = {seat: set(Move.objects.filter(match=match, seat=seat)
                         .values_list("made_by", flat=True)) for seat in range(1, 4)}
    assert by_seat[1] == {"external"}
    assert by_seat[2] == {"fallback"}
    assert by_seat[3] == {"external", "fallback"}  # its calls are fine, its cards are not
    notes = set(Move.objects.filter(match=match, made_by="fallback")
                .values_list("note", flat=True))
    assert notes == {"external bot: bad answer; the built-in bot played",
                     "external bot: illegal card; the built-in bot played"}
    assert len(bots["good"].requests) >= 13
    # The time the bot really has: the worker's deadline (its default, 2 s) less the margin.
    assert {body["timeBudget"] for _, body in bots["good"].requests} == {1800}
    assert all(body["rules"] == created["rules"] for _, body in bots["good"].requests)
    assert all(path.startswith("/bots/good/") for _, path, _ in bots["good"].hits)

    record = owner_api.get(f"/api/matches/{created['id']}/record/").json()
    assert any(m["made_by"] == "fallback" and m["note"] for m in record["made_by"])


@pytest.mark.django_db
def test_a_slow_bot_is_replaced_after_its_deadline(owner, bots, settings):
    from games.models import Seat
    from games.services.external import external_choice
    from games.services.table import start_match

    settings.EXTERNAL_BOT_TIMEOUT_SECONDS = 0.5
    match = Match.objects.create(created_by=owner, rules={"preset": "standard"}, hands_to_play=1,
                                 turn_seconds=3600)
    seats = [Seat.objects.create(match=match, number=n, kind="external",
                                 external_url=bots["slow"].url) for n in range(4)]
    state, _turn = start_match(match, seats)
    action, made_by, note = external_choice(match=match, seat=seats[state.turn], state=state)
    assert made_by == "fallback"
    assert note == "external bot: timeout; the built-in bot played"
    assert action["type"] == "call"


@pytest.mark.django_db
def test_bot_urls_outside_the_allowed_hosts_are_refused(owner_api, settings):
    settings.EXTERNAL_BOT_HOSTS = ["127.0.0.1"]
    response = owner_api.post("/api/matches/", {
        "opponents": ["http://localhost:9/bot", "open", "open"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "external_host_not_allowed"


@pytest.mark.django_db
def test_a_bot_that_does_not_answer_hi_is_refused_at_creation(owner_api):
    response = owner_api.post("/api/matches/", {
        "opponents": ["http://127.0.0.1:9", "open", "open"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "external_bot_unreachable"
    assert Match.objects.count() == 0
