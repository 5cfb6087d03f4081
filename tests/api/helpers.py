"""Driving matches through the HTTP API the way a client would."""

from __future__ import annotations

import re
import time
from typing import Any

from rest_framework.test import APIClient

CARD_IN_JSON = re.compile(r'"([2-9TJQKA][SHDC])"')


def create(client: APIClient, opponents: list[str], **body: Any) -> dict[str, Any]:
    body = {"rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
            "opponents": opponents, **body}
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def view(client: APIClient, match_id: int) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def on_turn(clients: list[APIClient], match_id: int) -> tuple[APIClient, dict[str, Any]]:
    """The client whose turn it is, and its own view of the match."""
    client = clients[view(clients[0], match_id)["turn"]]
    return client, view(client, match_id)


def act(client: APIClient, current: dict[str, Any], **headers: str):
    """Make the first legal call or card for the client's seat."""
    choice = current["legal"][0]
    if current["status"] == "bidding":
        body = {"call": choice, "seq": current["seq"]}
        return client.post(f"/api/matches/{current['id']}/call/", body, format="json", **headers)
    body = {"card": choice, "seq": current["seq"]}
    return client.post(f"/api/matches/{current['id']}/play/", body, format="json", **headers)


def play_to_end(clients: list[APIClient], match_id: int, timeout: float = 120,
                seen: list[tuple[int, str]] | None = None) -> dict[str, Any]:
    """Every client plays its first legal option whenever it is its turn, until the end; the
    first client's view of the finished match is returned.

    Each answer names whose turn comes next, so only that client is asked for its view (two
    requests a move); when no client's turn is known, every client is asked. ``seen``
    collects (seat, response text) of every answer for leak checks."""
    deadline = time.monotonic() + timeout
    seats: dict[int, APIClient] = {}
    turn = None
    while time.monotonic() < deadline:
        progressed = False
        for client in [seats[turn]] if turn in seats else clients:
            current = view(client, match_id)
            seats[current["my_seat"]] = client
            if seen is not None:
                seen.append((current["my_seat"], _text(current)))
            if current["status"] == "finished":
                return current if client is clients[0] else view(clients[0], match_id)
            turn = current["turn"]
            if current["turn"] == current["my_seat"] and current["legal"]:
                response = act(client, current)
                assert response.status_code in (200, 409), response.content
                if seen is not None:
                    seen.append((current["my_seat"], response.content.decode()))
                turn = response.json()["turn"] if response.status_code == 200 else None
                progressed = True
                break
        if not progressed:
            turn = None
            time.sleep(0.05)
    raise AssertionError(f"match {match_id} did not finish in {timeout} s")


def play_out(match_id: int) -> None:
    """Each seat of a match of people plays its first legal option through the move commands
    (the services under the API) until the match ends: for tests that need a finished match,
    not its requests, in about a third of ``play_to_end``'s time. Every move still takes the
    table's lock, goes through the engine and is written as it would be from the API."""
    from games.engine import legal_actions
    from games.models import Match
    from games.services.moves import move_call, move_play
    from games.stored_state import state_of_match

    match = Match.objects.get(pk=match_id)
    users = {seat.number: seat.user for seat in match.seats.all()}
    assert all(users.values()), "play_out plays a match of people only"
    state, seq = state_of_match(match), match.seq
    while state.phase != "finished":
        seat = state.turn
        legal = legal_actions(state, seat)
        if state.phase == "bidding":
            change = move_call(match_id=match_id, user=users[seat], call=legal["calls"][0],
                               seq=seq)
        else:
            change = move_play(match_id=match_id, user=users[seat], card=legal["cards"][0],
                               seq=seq)
        state, seq = change.state, change.match.seq


def _text(value: Any) -> str:
    import json

    return json.dumps(value)


def four_humans(owner_client: APIClient, names: tuple[str, ...] = ("west", "north", "east"),
                **body: Any) -> tuple[dict[str, Any], list[APIClient], list[Any]]:
    """A match of the owner and three new named players, all seated; nothing moves by itself.

    Returns the creation answer, a client per seat and the three new users."""
    from tests.conftest import client_for, make_user

    users = [make_user(name) for name in names]
    created = create(owner_client, [f"user:{u.username}" for u in users], **body)
    clients = [owner_client] + [client_for(u) for u in users]
    for client in clients[1:]:
        joined = client.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                             format="json")
        assert joined.status_code == 200, joined.content
    return created, clients, users


def stored_state(match_id: int):
    """The engine state of a match as its rows hold it (``games.stored_state``)."""
    from games.models import Match
    from games.stored_state import state_of_match

    return state_of_match(Match.objects.get(pk=match_id))


def edit_stored_state(match: Any, **changes: Any) -> None:
    """Change fields of the hand under way as the match row stores it, and save the row."""
    import json

    stored = json.loads(match.state)
    stored.update(changes)
    match.state = json.dumps(stored)
    match.save(update_fields=["state"])


def set_final_totals(match: Any, totals: list[int]) -> None:
    """Set a finished match's final ``totals``, and spread its last hand's tricks so that
    nobody won it by eight tricks."""
    edit_stored_state(match, scores=totals)
    last = match.finished_hands.order_by("number").last()
    last.result["tricks_won"] = [4, 3, 3, 3]
    last.save(update_fields=["result"])
