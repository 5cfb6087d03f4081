"""A quick match found reaches each player: over the socket if they are on the site, else by
push in their own language; a slow seek that waited a day asks, by push, whether bots should
fill the table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.utils import timezone

from accounts.models import Account
from matchmaking.models import Seek
from matchmaking.services.pairing import seeks_pair
from matchmaking.services.seeks import seek_create
from notifications.services.seeks import notify_seek_matched, notify_seek_waiting
from tests.conftest import client_for, make_user, socket_with, token_of
from tests.notifications.conftest import subscribe

pytestmark = pytest.mark.django_db


def test_an_away_player_is_told_of_their_match_in_their_language(push_service, browser):
    ram = make_user("राम")
    Account.objects.filter(user=ram).update(language="ne")
    subscribe(client_for(ram), browser, push_service.endpoint("ram"))
    seek_create(user=ram, pace="30s", rated=False, bots_after_seconds=0)
    assert seeks_pair() == 1
    match_id = Seek.objects.get(user=ram).match_id
    assert notify_seek_matched(match_id=match_id, user_ids=[ram.id]) == 1
    payload = browser.decrypt_json(push_service.received_at("ram")[0].body)
    assert payload["url"] == f"/m/{match_id}"
    assert f"#{match_id}" in payload["body"] and "Players were found" not in payload["body"]


def test_a_day_long_wait_asks_whether_bots_should_fill_in(push_service, browser, owner):
    subscribe(client_for(owner), browser, push_service.endpoint("owner"))
    seek = seek_create(user=owner, pace="1d", rated=True, bots_after_seconds=None)
    Seek.objects.filter(pk=seek.id).update(created_at=timezone.now() - timedelta(hours=25))
    assert notify_seek_waiting(seek_id=seek.id, user_id=owner.id) == 1
    payload = browser.decrypt_json(push_service.received_at("owner")[0].body)
    assert payload["url"] == f"/?seek={seek.id}" and "bots" in payload["body"]
    Seek.objects.filter(pk=seek.id).update(status=Seek.Status.CANCELLED)
    assert notify_seek_waiting(seek_id=seek.id, user_id=owner.id) == 0


@pytest.mark.django_db(transaction=True)
def test_a_player_on_the_site_is_told_over_the_socket_and_not_pushed(
        owner, push_service, browser):
    subscribe(client_for(owner), browser, push_service.endpoint("owner"))
    token = token_of(owner)

    async def told_on_the_socket():
        socket = socket_with(token)
        await socket.connect()
        assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
        pushed = await sync_to_async(notify_seek_matched)(match_id=4242, user_ids=[owner.id])
        frame = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return pushed, frame

    pushed, frame = async_to_sync(told_on_the_socket)()
    assert pushed == 0 and frame == {"type": "seek.matched", "match": 4242}
    assert push_service.received_at("owner") == []
