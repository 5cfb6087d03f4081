"""Export: all my finished matches as one JSON file in the record format. Invite preview:
what a link opened while signed out may say (who invited you and to what), nothing private;
an invite code is taken in any case, with spaces or dashes."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from games.engine.record import RECORD_VERSION
from games.models import INVITE_ALPHABET, INVITE_LENGTH
from tests.api.helpers import CARD_IN_JSON, create, four_humans, play_out

pytestmark = pytest.mark.django_db


def test_the_export_holds_every_finished_match_in_the_record_format(owner_api):
    created, clients, _ = four_humans(owner_api)
    play_out(created["id"])
    create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])  # still going: not exported

    response = owner_api.get("/api/matches/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="callbreak-matches.json"'
    body = json.loads(response.content)
    assert body["username"] == "owner"
    assert [m["match_id"] for m in body["matches"]] == [created["id"]]
    record = body["matches"][0]
    assert record["version"] == RECORD_VERSION
    assert record == owner_api.get(f"/api/matches/{created['id']}/record/").json()


def test_the_export_is_only_mine(owner_api, outsider_api):
    created, clients, _ = four_humans(owner_api)
    play_out(created["id"])
    assert json.loads(outsider_api.get("/api/matches/export/").content)["matches"] == []


def test_the_export_needs_a_signed_in_player():
    assert APIClient().get("/api/matches/export/").status_code in (401, 403)


def test_an_invite_preview_says_who_invited_you_and_to_what(owner_api):
    created = create(owner_api, ["open", "bot:easy", "open"], hands=5)
    response = APIClient().get(f"/api/invites/{created['invite_code']}/")
    assert response.status_code == 200
    assert response.json() == {"invited_by": "owner", "hands": 5, "turn_seconds": 86400,
                               "rules": created["rules"], "started": False, "open_seats": 2}


def test_an_invite_code_reads_aloud_and_is_taken_in_any_case_with_spaces_or_dashes(
        owner_api, member_api, member):
    created = create(owner_api, ["open", "bot:easy", "bot:easy"])
    code = created["invite_code"]
    assert len(code) == INVITE_LENGTH and set(code) <= set(INVITE_ALPHABET)
    assert not set(INVITE_ALPHABET) & set("01OIL")
    typed = f"{code[:5].lower()} - {code[5:].lower()}"
    preview = APIClient().get(f"/api/invites/{typed.replace(' ', '')}/")
    assert preview.status_code == 200 and preview.json()["open_seats"] == 1
    joined = member_api.post("/api/matches/join/", {"invite_code": typed}, format="json")
    assert joined.status_code == 200, joined.content
    assert joined.json()["id"] == created["id"] and joined.json()["my_seat"] == 1
    # A code differing in a letter is no code at all.
    other = code[:-1] + ("A" if code[-1] != "A" else "B")
    assert APIClient().get(f"/api/invites/{other}/").json()["code"] == "bad_invite_code"


def test_an_invite_preview_of_a_match_in_play_has_ended_and_shows_no_card(owner_api):
    created = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    response = APIClient().get(f"/api/invites/{created['invite_code']}/")
    assert response.status_code == 404 and response.json()["code"] == "invite_ended"
    assert not CARD_IN_JSON.search(response.content.decode())


def test_an_unknown_invite_code_is_not_found():
    response = APIClient().get("/api/invites/no-such-code/")
    assert response.status_code == 404
    assert response.json()["code"] == "bad_invite_code"
