"""POST /api/matches/offline/: a finished match played on a phone is replayed through the
engine and stored once, offline and unrated, with its replay and analysis like any other; a
record that does not replay is refused with its code and stores nothing; guests sync too."""

from __future__ import annotations

import copy
import uuid

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games import offline_referee as referee
from games.engine import MatchState, match_record
from games.models import Match, Move, Seat
from games.services.results import match_rate as match_ratings_update
from social.models import RatingChange
from tests.conftest import client_for
from tests.offline.helpers import finished_upload, play_offline_match

pytestmark = pytest.mark.django_db
URL = "/api/matches/offline/"


@pytest.fixture(scope="module")
def upload():
    return finished_upload(("easy", "normal", "hard"))


def send(client, body):
    return client.post(URL, body, format="json")


def stored_count() -> tuple[int, int, int, int]:
    return (Match.objects.count(), Seat.objects.count(), Move.objects.count(),
            get_user_model().objects.count())


def test_a_finished_offline_match_is_stored_in_the_players_history_marked_offline(owner, upload):
    client = client_for(owner)
    answer = send(client, upload)
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["offline"] is True and body["status"] == "finished" and body["my_seat"] == 0
    assert [s["kind"] for s in body["seats"]] == ["human", "bot:easy", "bot:normal", "bot:hard"]
    match = Match.objects.get(pk=body["id"])
    assert str(match.offline_id) == upload["id"] and match.created_by == owner
    history = client.get("/api/matches/?status=finished").json()["results"]
    assert [m["id"] for m in history] == [match.id] and history[0]["offline"] is True
    # The replay reads the same record the phone made, with every move of the log.
    record = client.get(f"/api/matches/{match.id}/record/").json()
    for key in ("rules", "first_dealer", "hands", "totals", "places", "winners"):
        assert record[key] == upload["record"][key], key
    moves = [m for m in record["made_by"]]
    plays = sum(len(t["cards"]) for h in upload["record"]["hands"] for t in h["tricks"])
    assert sum(m["kind"] == "play" for m in moves) == plays
    assert all((m["made_by"] == "human") == (m["seat"] == 0) for m in moves)
    assert [m["seq"] for m in moves] == list(range(2, 2 + len(moves)))


def test_an_offline_match_is_unrated(owner, upload):
    body = send(client_for(owner), upload).json()
    assert match_ratings_update(match_id=body["id"]) == 0
    assert not RatingChange.objects.exists()


def test_a_record_sent_twice_is_stored_once(owner, upload):
    client = client_for(owner)
    first = send(client, upload)
    again = send(client, upload)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Match.objects.filter(offline_id=upload["id"]).count() == 1


def test_another_player_cannot_send_a_match_stored_under_the_same_id(owner, member, upload):
    assert send(client_for(owner), upload).status_code == 201
    before = stored_count()
    refused = send(client_for(member), upload)
    assert refused.status_code == 409 and refused.json()["code"] == "offline_match_taken"
    assert stored_count() == before


def tampered(upload, change):
    body = copy.deepcopy(upload)
    body["id"] = str(uuid.uuid4())
    change(body["record"])
    return body


def give_seat_0_a_trick(record):
    hand = record["hands"][0]
    trick = next(t for t in hand["tricks"] if t["winner"] != 0)
    trick["winner"] = 0


def swap_two_cards_of_the_deal(record):
    deal = record["hands"][0]["deal"]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]


def raise_my_total(record):
    record["totals"][0] += 10


@pytest.mark.parametrize("change", [give_seat_0_a_trick, swap_two_cards_of_the_deal,
                                    raise_my_total])
def test_a_tampered_record_is_refused_with_its_code_and_stores_nothing(owner, upload, change):
    before = stored_count()
    refused = send(client_for(owner), tampered(upload, change))
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "bad_record" and refused.json()["detail"]
    assert stored_count() == before


def test_a_tampered_record_from_someone_not_signed_in_leaves_no_guest_behind(upload):
    before = stored_count()
    refused = send(APIClient(), tampered(upload, raise_my_total))
    assert refused.json()["code"] == "bad_record"
    assert stored_count() == before


def test_an_unfinished_record_is_refused(owner, upload):
    saved = play_offline_match(stop_after_hands=1)
    body = {**upload, "id": saved["id"],
            "record": match_record(MatchState.from_json(saved["state"]))}
    refused = send(client_for(owner), body)
    assert refused.status_code == 400 and refused.json()["code"] == "not_finished"
    assert not Match.objects.exists()


@pytest.mark.parametrize("opponents", [["bot:easy", "bot:easy"], ["bot:expert"] * 3,
                                       ["user:someone", "bot:easy", "bot:easy"]])
def test_an_offline_match_is_against_three_easy_normal_or_hard_bots(owner, upload, opponents):
    refused = send(client_for(owner), {**upload, "opponents": opponents})
    assert refused.status_code == 400
    assert refused.json()["code"] in ("bad_opponents", "invalid")
    assert not Match.objects.exists()


def test_a_guest_syncs_too_and_sending_again_from_the_same_browser_stores_once(upload):
    browser = APIClient()
    first = send(browser, upload)
    assert first.status_code == 201, first.content
    me = browser.get("/api/auth/me/").json()
    assert me["is_guest"] is True
    assert first.json()["seats"][0]["name"] == me["username"]
    assert send(browser, upload).status_code == 200
    assert Match.objects.count() == 1
    assert get_user_model().objects.count() == 1


def test_the_openapi_schema_documents_the_offline_sync(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/matches/offline/"]["post"]
    assert {"200", "201", "400", "409"} <= set(operation["responses"])
    assert "bad_record" in operation["description"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    fields = schema["components"]["schemas"][body.rsplit("/", 1)[1]]
    assert {"id", "opponents", "record"} <= set(fields["required"])


def test_the_bots_keep_the_names_they_had_on_the_phone(owner):
    saved = play_offline_match(("easy", "normal", "hard"))
    on_the_phone = [s["name"] for s in referee.match_view(saved)["seats"]][1:]
    client = client_for(owner)
    answer = send(client, referee.match_upload(saved))
    assert answer.status_code == 201, answer.content
    assert [s["name"] for s in answer.json()["seats"]][1:] == on_the_phone
    listed = client.get("/api/matches/?status=finished").json()["results"][0]
    assert [s["name"] for s in listed["seats"]][1:] == on_the_phone
    record = client.get(f"/api/matches/{answer.json()['id']}/record/").json()
    assert [s["name"] for s in record["seats"]][1:] == on_the_phone
