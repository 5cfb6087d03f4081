"""One tap to a first game: a guest with no password and a generated name, a 5-hand standard
match at 30 s a turn against bots; a guest may claim the account later and keeps its matches.
Guests cannot be invited by name, their stats are their own until claimed, and guest accounts
unused for 30 days are removed while their matches keep their records."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Account
from accounts.services import guests
from games.engine import Rules
from games.models import Match, Move, Seat
from tests.api.helpers import create, play_out
from tests.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def one_tap() -> tuple[APIClient, dict]:
    client = APIClient()
    response = client.post("/api/matches/vs-computer/")
    assert response.status_code == 201, response.content
    return client, response.json()


def finished_match_with(owner_api, guest_client) -> int:
    """A one-hand match of the owner, the guest (joined by its invite code) and two players."""
    others = [make_user("west"), make_user("north")]
    created = create(owner_api, ["open", "user:west", "user:north"])
    clients = [owner_api, guest_client] + [client_for(u) for u in others]
    for client in clients[1:]:
        joined = client.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                             format="json")
        assert joined.status_code == 200, joined.content
    play_out(created["id"])
    return created["id"]


def test_one_tap_seats_a_new_guest_at_a_five_hand_live_match_against_bots():
    client, view = one_tap()
    assert view["status"] == "bidding" and view["my_seat"] == 0
    assert view["hands"] == 5 and view["turn_seconds"] == 30
    assert view["rules"] == Rules.from_dict({"preset": "standard", "hands": 5}).to_dict()
    assert [s["kind"] for s in view["seats"]] == ["human", "bot:normal", "bot:normal",
                                                  "bot:normal"]
    me = client.get("/api/auth/me/").json()
    assert me["is_guest"] is True and me["username"].startswith("Guest-")
    assert view["seats"][0]["name"] == me["username"]
    guest = User.objects.get(username=me["username"])
    assert not guest.has_usable_password()
    assert Account.objects.get(user=guest).is_guest


def test_a_signed_in_player_gets_the_game_without_a_new_account(owner_api, owner):
    response = owner_api.post("/api/matches/vs-computer/")
    assert response.status_code == 201
    assert response.json()["seats"][0]["name"] == "owner"
    assert User.objects.count() == 1


def test_a_second_tap_goes_back_to_the_game_still_in_play(owner_api, owner):
    first = owner_api.post("/api/matches/vs-computer/")
    assert first.status_code == 201
    again = owner_api.post("/api/matches/vs-computer/")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert again.json()["hand"] == first.json()["hand"]
    # A custom match against the same bots is not the one-tap game, and is left alone.
    custom = owner_api.post("/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 3, "turn_seconds": 30,
        "opponents": ["bot:normal"] * 3}, format="json")
    assert custom.status_code == 201
    assert owner_api.post("/api/matches/vs-computer/").json()["id"] == first.json()["id"]
    # Once it has ended, the next tap starts a new one.
    Match.objects.filter(pk=first.json()["id"]).update(status=Match.Status.FINISHED)
    fresh = owner_api.post("/api/matches/vs-computer/")
    assert fresh.status_code == 201 and fresh.json()["id"] not in (
        first.json()["id"], custom.json()["id"])
    assert Match.objects.filter(created_by=owner).count() == 3


def test_each_tap_from_a_new_browser_is_its_own_guest():
    names = {one_tap()[1]["seats"][0]["name"] for _ in range(3)}
    assert len(names) == 3


def test_guests_are_throttled(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "guest": "2/hour"}}
    one_tap(), one_tap()
    response = APIClient().post("/api/matches/vs-computer/")
    assert response.status_code == 429
    assert User.objects.count() == 2


def test_a_guest_cannot_be_invited_by_name_and_reads_as_no_one(owner_api):
    _, view = one_tap()
    guest_name = view["seats"][0]["name"]
    before = Match.objects.count()
    response = owner_api.post("/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
        "opponents": [f"user:{guest_name}", "bot:easy", "bot:easy"]}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unknown_user"
    assert Match.objects.count() == before


def test_a_claimed_guest_keeps_matches_and_stats(owner_api):
    client, _ = one_tap()
    guest_name = client.get("/api/auth/me/").json()["username"]
    match_id = finished_match_with(owner_api, client)
    # Until claimed, a guest's stats are theirs alone.
    assert owner_api.get(f"/api/users/{guest_name}/stats/").status_code == 404
    assert client.get(f"/api/users/{guest_name}/stats/").json()["matches_played"] == 1

    response = client.post("/api/auth/claim/", {"username": "sagarmatha",
                                                "password": PASSWORD}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {"username": "sagarmatha"}
    me = client.get("/api/auth/me/").json()  # still signed in on this browser
    assert me["username"] == "sagarmatha" and me["is_guest"] is False
    assert client.get("/api/matches/?status=finished").json()["results"][0]["id"] == match_id
    stats = owner_api.get("/api/users/sagarmatha/stats/").json()
    assert stats["matches_played"] == 1
    token = APIClient().post("/api/auth/token/", {"username": "SAGARMATHA",
                                                  "password": PASSWORD}, format="json")
    assert token.status_code == 200


def test_only_a_guest_can_claim(owner_api):
    response = owner_api.post("/api/auth/claim/", {"username": "someone_new",
                                                   "password": PASSWORD}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_guest"
    assert User.objects.get().username == "owner"


@pytest.mark.parametrize("name, reason", [("owner", "taken"), ("Asha", "reserved"),
                                          ("pаypal", "one script")])
def test_a_claim_with_a_name_a_new_account_could_not_take_is_refused(owner, name, reason):
    client, _ = one_tap()
    response = client.post("/api/auth/claim/", {"username": name, "password": PASSWORD},
                           format="json")
    assert response.status_code == 400
    assert reason in " ".join(response.json()["fields"]["username"])
    assert client.get("/api/auth/me/").json()["is_guest"] is True


def test_a_weak_password_is_refused_on_claim():
    client, _ = one_tap()
    response = client.post("/api/auth/claim/", {"username": "sagarmatha", "password": "1234"},
                           format="json")
    assert response.status_code == 400
    assert "password" in response.json()["fields"]


def test_using_the_app_keeps_a_guest_from_removal():
    client, _ = one_tap()
    account = Account.objects.get(is_guest=True)
    Account.objects.filter(pk=account.pk).update(last_seen_at=timezone.now() - timedelta(days=40))
    session = client.session
    session.pop("seen_on", None)
    session.save()
    assert client.get("/api/auth/me/").status_code == 200
    account.refresh_from_db()
    assert timezone.now() - account.last_seen_at < timedelta(minutes=1)


def test_unused_guests_are_removed_and_their_matches_keep_their_records(owner_api):
    client, _ = one_tap()
    match_id = finished_match_with(owner_api, client)
    _, recent = one_tap()
    old = timezone.now() - timedelta(days=settings.GUEST_UNUSED_DAYS + 1)
    gone = Account.objects.get(user__seats__match_id=match_id, is_guest=True)
    Account.objects.filter(pk=gone.pk).update(last_seen_at=old)
    # An account with a password is never removed for being unused.
    Account.objects.filter(user__username="west").update(last_seen_at=old)
    moves_before = Move.objects.filter(match_id=match_id).count()

    assert guests.guests_remove_unused() == 1

    assert not User.objects.filter(pk=gone.user_id).exists()
    assert User.objects.filter(username__in=["west", recent["seats"][0]["name"]]).count() == 2
    assert Seat.objects.filter(match_id=match_id).count() == 4
    assert Move.objects.filter(match_id=match_id).count() == moves_before
    record = owner_api.get(f"/api/matches/{match_id}/record/").json()
    assert [s["name"] for s in record["seats"]] == ["owner", "Guest", "west", "north"]
    assert owner_api.get(f"/api/matches/{match_id}/").json()["seats"][1]["name"] == "Guest"
    # The guest's browser is signed out with it.
    assert client.get("/api/auth/me/").status_code in (401, 403)


def test_the_removal_runs_on_the_beat_schedule():
    from callbreak_site.celery import app

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "accounts.tasks.guests_remove_unused" in scheduled
    app.loader.import_default_modules()
    assert "accounts.tasks.guests_remove_unused" in app.tasks
