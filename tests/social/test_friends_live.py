"""What changes between friends reaches the other's open app at once: a friend request, its
acceptance and an invitation each arrive as a socket frame of the documented schema."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from notifications.services.invitations import notify_invited
from notifications.socket_messages import SERVER_MESSAGES
from social.services.friends import friend_request_accept, friend_request_send
from tests.api.helpers import create
from tests.conftest import client_for, make_user, needs_services, socket_with, token_of
from tests.shapes import assert_shape

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


async def next_of_type(socket, kind: str, timeout: float = 5) -> dict:
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return assert_shape(message, SERVER_MESSAGES[kind])


def test_a_request_its_acceptance_and_an_invitation_reach_the_other_socket():
    asha, bikash = make_user("asha1"), make_user("bikash1")
    tokens = [token_of(u) for u in (asha, bikash)]
    host = client_for(asha)

    async def session():
        sockets = [socket_with(t) for t in tokens]
        for socket in sockets:
            assert (await socket.connect())[0]
            assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
        await sync_to_async(friend_request_send)(user=asha, username="bikash1")
        asked = await next_of_type(sockets[1], "friends")
        nothing_back = await sockets[0].receive_nothing(timeout=0.5)
        await sync_to_async(friend_request_accept)(user=bikash, username="asha1")
        accepted = await next_of_type(sockets[0], "friends")
        match = await sync_to_async(create)(host, ["user:bikash1", "bot:easy", "bot:easy"])
        await sync_to_async(notify_invited)(match_id=match["id"], user_ids=[bikash.id])
        invited = await next_of_type(sockets[1], "invitation")
        for socket in sockets:
            await socket.disconnect()
        return asked, nothing_back, accepted, invited, match["id"]

    asked, nothing_back, accepted, invited, match_id = async_to_sync(session)()
    assert asked == {"type": "friends", "event": "request", "by": "asha1"}
    assert nothing_back
    assert accepted == {"type": "friends", "event": "accepted", "by": "bikash1"}
    assert invited == {"type": "invitation", "match": match_id, "invited_by": "asha1",
                       "rematch": False}
