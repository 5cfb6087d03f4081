"""Reactions reach the other seated players' sockets live, as ``match.reaction``, except a
player who blocked the sender; a socket can send one too."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.services.reactions import reaction_send
from notifications.socket_messages import CLIENT_MESSAGES, SERVER_MESSAGES
from social.services.friends import block_add
from tests.api.helpers import four_humans, view
from tests.conftest import client_for, make_user, needs_services, socket_with, token_of
from tests.shapes import assert_shape

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def conforms(message: dict) -> dict:
    return assert_shape(message, SERVER_MESSAGES[message["type"]])


async def next_of_type(socket, kind: str, timeout: float = 5) -> dict:
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message


def test_a_reaction_sent_over_the_socket_reaches_the_table_but_not_a_blocker():
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    bob, carol, dave = others
    block_add(user=dave, username="alice")
    seq = view(client_for(alice), created["id"])["seq"]
    tokens = [token_of(u) for u in (alice, bob, carol, dave)]
    assert_shape({"type": "react", "match": created["id"], "reaction": "clap"},
                 CLIENT_MESSAGES["react"])

    async def session():
        sockets = [socket_with(t) for t in tokens]
        for socket in sockets:
            assert (await socket.connect())[0]
            assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
        await sockets[0].send_json_to({"type": "react", "match": created["id"],
                                       "reaction": "clap"})
        got = [await next_of_type(s, "match.reaction") for s in sockets[:3]]
        dave_got = await sockets[3].receive_nothing(timeout=1)
        await sockets[1].send_json_to({"type": "react", "match": created["id"],
                                       "reaction": "nonsense"})
        refused = await next_of_type(sockets[1], "error")
        for socket in sockets:
            await socket.disconnect()
        return got, dave_got, refused

    got, dave_got, refused = async_to_sync(session)()
    for message in got:
        assert conforms(message) == {"type": "match.reaction", "match": created["id"],
                                     "seat": 0, "reaction": "clap", "seq": seq}
    assert dave_got is True, "a player who blocked the sender saw their reaction"
    assert conforms(refused)["code"] == "bad_reaction"


def test_a_reaction_sent_over_the_api_reaches_the_sockets():
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    token = token_of(others[1])

    async def session():
        socket = socket_with(token)
        assert (await socket.connect())[0]
        await socket.receive_json_from(timeout=5)
        await sync_to_async(reaction_send)(match_id=created["id"], user=others[0],
                                           reaction="wow")
        message = await asyncio.wait_for(next_of_type(socket, "match.reaction"), 10)
        await socket.disconnect()
        return message

    message = async_to_sync(session)()
    assert (message["seat"], message["reaction"]) == (1, "wow")
