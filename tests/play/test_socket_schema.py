"""Every message on the socket matches its documented schema."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.services.moves import move_call
from notifications.socket_messages import SERVER_MESSAGES
from tests.api.helpers import four_humans, view
from tests.conftest import client_for, make_user, needs_services, socket_with, token_of
from tests.shapes import assert_shape

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def conforms(message: dict) -> dict:
    return assert_shape(message, SERVER_MESSAGES[message["type"]])


def test_hello_view_pong_and_error_messages_follow_the_schema():
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    users = [alice, *others]
    current = view(client_for(users[0]), created["id"])
    mover = users[current["turn"]]
    watcher = users[(current["turn"] + 1) % 4]
    token = token_of(watcher)

    async def session():
        socket = socket_with(token)
        assert (await socket.connect())[0]
        messages = [await socket.receive_json_from(timeout=5)]
        await socket.send_json_to({"type": "watch", "match": created["id"]})
        await socket.send_json_to({"type": "ping"})
        messages.append(await socket.receive_json_from(timeout=5))
        messages.append(await socket.receive_json_from(timeout=5))
        await sync_to_async(move_call)(match_id=created["id"], user=mover, call=2,
                                       seq=current["seq"])
        messages.append(await socket.receive_json_from(timeout=10))
        await socket.send_json_to({"type": "watch", "match": 987654})
        messages.append(await socket.receive_json_from(timeout=5))
        await socket.send_json_to({"type": "dance"})
        messages.append(await socket.receive_json_from(timeout=5))
        await socket.disconnect()
        return messages

    hello, watching, pong, update, not_found, unknown = [
        conforms(m) for m in async_to_sync(session)()]
    assert hello == {"type": "hello", "username": watcher.username}
    assert watching == {"type": "watching", "match": created["id"], "seq": current["seq"]}
    assert pong == {"type": "pong", "match": created["id"], "seq": current["seq"]}
    assert update["type"] == "match.view"
    assert update["match"]["seq"] == current["seq"] + 1
    assert update["match"]["my_seat"] == (current["turn"] + 1) % 4
    assert update["match"]["seats"][update["match"]["my_seat"]]["online"] is True
    assert not_found["code"] == "not_found"
    assert unknown["code"] == "bad_message"


def test_the_watch_and_the_heartbeat_tell_a_socket_the_latest_seq_of_a_view_it_never_got():
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    users = [alice, *others]
    seen = view(client_for(users[0]), created["id"])
    # A move whose view this socket never gets: it is committed before the socket is there.
    move_call(match_id=created["id"], user=users[seen["turn"]], call=3, seq=seen["seq"])
    token = token_of(alice)

    async def session():
        socket = socket_with(token)
        assert (await socket.connect())[0]
        await socket.receive_json_from(timeout=5)  # hello
        await socket.send_json_to({"type": "ping"})
        unwatched = await socket.receive_json_from(timeout=5)
        await socket.send_json_to({"type": "watch", "match": created["id"]})
        await socket.send_json_to({"type": "ping"})
        watching = await socket.receive_json_from(timeout=5)
        watched = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return unwatched, watching, watched

    unwatched, watching, watched = [conforms(m) for m in async_to_sync(session)()]
    assert unwatched == {"type": "pong"}
    # The watch itself answers with the latest seq, so the client need not wait for a ping.
    assert watching == {"type": "watching", "match": created["id"], "seq": seen["seq"] + 1}
    assert watched == {"type": "pong", "match": created["id"], "seq": seen["seq"] + 1}
