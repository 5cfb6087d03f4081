"""A turn push reaches the player only while they are away from the match."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.models import Match, Seat, TurnClock
from games.services.table import start_match
from notifications.services.matches import notify_finished, notify_turn
from notifications.socket_messages import SERVER_MESSAGES
from tests.api.helpers import edit_stored_state
from tests.conftest import make_user, socket_with, token_of
from tests.notifications.conftest import subscribe
from tests.shapes import assert_shape

pytestmark = pytest.mark.django_db(transaction=True)


def match_on_turn_of(user, turn_seconds=3600):
    """A started match with ``user`` in seat 1 and on turn, built without side effects, so no
    queued task of this match can send a push of its own."""
    match = Match.objects.create(created_by=user, rules={"preset": "standard"}, hands_to_play=1,
                                 turn_seconds=turn_seconds)
    others = iter(make_user(n) for n in ("west", "north", "east"))
    seats = [Seat.objects.create(match=match, number=n, kind="human",
                                 user=user if n == 1 else next(others)) for n in range(4)]
    start_match(match, seats)
    edit_stored_state(match, turn=1)
    match.turn = 1
    match.save()
    TurnClock.write(match)
    return match


def test_turn_push_goes_to_an_away_player_and_not_to_one_watching(
        owner, owner_api, push_service, browser):
    subscribe(owner_api, browser, push_service.endpoint("phone"))
    match = match_on_turn_of(owner)

    assert notify_turn(match_id=match.id, seq=match.seq, user_id=owner.id) is True
    received = push_service.received_at("phone")
    assert len(received) == 1
    payload = browser.decrypt_json(received[0].body)
    assert payload["kind"] == "turn" and payload["match_id"] == match.id
    assert payload["url"] == f"/m/{match.id}"

    token = token_of(owner)

    async def watching_then_notify():
        socket = socket_with(token)
        await socket.connect()
        await socket.receive_json_from()
        await socket.send_json_to({"type": "watch", "match": match.id})
        await socket.send_json_to({"type": "ping"})
        assert (await socket.receive_json_from(timeout=5))["type"] == "watching"
        assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
        sent = await sync_to_async(notify_turn)(match_id=match.id, seq=match.seq, user_id=owner.id)
        await socket.disconnect()
        return sent

    assert async_to_sync(watching_then_notify)() is False
    assert len(push_service.received_at("phone")) == 1


def test_a_stale_turn_notification_sends_nothing(owner, owner_api, push_service, browser):
    subscribe(owner_api, browser, push_service.endpoint("phone"))
    match = match_on_turn_of(owner)
    assert notify_turn(match_id=match.id, seq=match.seq - 1, user_id=owner.id) is False
    assert push_service.received_at("phone") == []


def test_every_player_hears_when_a_match_finishes(owner, owner_api, push_service, browser):
    subscribe(owner_api, browser, push_service.endpoint("phone"))
    match = match_on_turn_of(owner)
    Match.objects.filter(pk=match.pk).update(status="finished")
    assert notify_finished(match_id=match.id) == 1
    payload = browser.decrypt_json(push_service.received_at("phone")[0].body)
    assert payload["kind"] == "finished"


def test_a_long_turn_warns_once_when_eighty_percent_has_gone(owner, owner_api, push_service,
                                                             browser):
    from datetime import timedelta

    from django.utils import timezone

    from games.services.deadlines import deadline_warnings
    from notifications.services.matches import notify_deadline

    subscribe(owner_api, browser, push_service.endpoint("phone"))
    match = match_on_turn_of(owner)
    now = timezone.now()
    # An hour's turn started 30 min ago: its warning is due at 48 min.
    Match.objects.filter(pk=match.pk).update(turn_seconds=3600)
    TurnClock.objects.filter(match=match).update(deadline=now + timedelta(minutes=30),
                                                 warn_at=now + timedelta(minutes=18))
    assert deadline_warnings(now=now) == 0  # only half the time has gone

    TurnClock.objects.filter(match=match).update(deadline=now + timedelta(minutes=10),
                                                 warn_at=now - timedelta(minutes=2))
    assert deadline_warnings(now=now) == 1
    assert deadline_warnings(now=now) == 0  # once per turn
    # The warning task itself (run here in-process) reaches the player.
    assert notify_deadline(match_id=match.id, seq=match.seq) is True
    payloads = [browser.decrypt_json(r.body) for r in push_service.received_at("phone")]
    assert [p["kind"] for p in payloads][-1] == "deadline"
    assert "min left" in payloads[-1]["body"]



@pytest.mark.parametrize(("turn_seconds", "warned"), [(3600, True), (60, False)])
def test_a_long_turn_is_due_its_warning_at_eighty_percent_and_a_short_one_never(
        owner, turn_seconds, warned):
    """The moment of the warning is set with the deadline, from the turn time."""
    match = match_on_turn_of(owner, turn_seconds=turn_seconds)
    assert match.deadline is not None
    if warned:
        assert (match.deadline - match.warn_at).total_seconds() == 0.2 * turn_seconds
    else:
        assert match.warn_at is None


def test_the_audience_is_players_with_a_browser_who_want_that_kind(
        owner, owner_api, member, member_api, push_service, browser):
    from notifications.services.push import push_audience

    outsider = make_user("nobrowser")
    subscribe(owner_api, browser, push_service.endpoint("phone"))
    subscribe(member_api, browser, push_service.endpoint("tablet"))
    member_api.patch("/api/me/settings/", {"notify_finished": False}, format="json")
    everyone = [owner.id, member.id, outsider.id]

    assert push_audience(user_ids=everyone, kind="turn") == {owner.id, member.id}
    assert push_audience(user_ids=everyone, kind="finished") == {owner.id}
    assert push_audience(user_ids=[], kind="turn") == set()
    with pytest.raises(ValueError):
        push_audience(user_ids=everyone, kind="gossip")


def test_tasks_for_players_without_a_browser_stop_after_two_queries(
        owner, django_assert_max_num_queries, push_service):
    """Most players never subscribe: a finished match of theirs reads the seats and who
    could hear, and nothing else (not the match state, not the settings)."""
    match = match_on_turn_of(owner)
    with django_assert_max_num_queries(2):
        assert notify_turn(match_id=match.id, seq=match.seq, user_id=owner.id) is False
    Match.objects.filter(pk=match.pk).update(status="finished")
    with django_assert_max_num_queries(2):
        assert notify_finished(match_id=match.id) == 0
    assert push_service.received_at("phone") == []


def test_a_push_is_worded_in_the_recipients_language_whatever_the_sender_speaks(
        owner, owner_api, push_service, browser):
    from django.utils import translation

    from accounts.models import Account

    subscribe(owner_api, browser, push_service.endpoint("phone"))
    Account.objects.filter(user=owner).update(language="ne")
    match = match_on_turn_of(owner)
    with translation.override("bn"):  # whoever made the move spoke another language
        assert notify_turn(match_id=match.id, seq=match.seq, user_id=owner.id) is True
    payload = browser.decrypt_json(push_service.received_at("phone")[0].body)
    assert payload["title"] == "Call Break मा तपाईंको पालो"
    assert f"खेल #{match.id}" in payload["body"]


def test_a_player_with_the_app_open_on_another_screen_hears_a_turn_frame(owner):
    """On the site but not at that match: a ``turn`` frame of the documented shape reaches
    their socket (no push is asked for: they have none); at the match, nothing does."""
    match = match_on_turn_of(owner)
    token = token_of(owner)

    async def session():
        socket = socket_with(token)
        await socket.connect()
        assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
        await sync_to_async(notify_turn)(match_id=match.id, seq=match.seq, user_id=owner.id)
        heard = await socket.receive_json_from(timeout=5)
        await socket.send_json_to({"type": "watch", "match": match.id})
        assert (await socket.receive_json_from(timeout=5))["type"] == "watching"
        await sync_to_async(notify_turn)(match_id=match.id, seq=match.seq, user_id=owner.id)
        quiet = await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()
        return heard, quiet

    heard, quiet = async_to_sync(session)()
    assert assert_shape(heard, SERVER_MESSAGES["turn"]) == {"type": "turn", "match": match.id}
    assert quiet
