"""Two users, every endpoint and socket message: a stranger reaches nothing of a private
match, and before a match ends no answer or socket message names a card still in another
player's hand."""

from __future__ import annotations

import json
import threading

import pytest
from knox.models import AuthToken
from websockets.sync.client import connect

from games.models import Move
from tests.api.helpers import CARD_IN_JSON, create, play_to_end, stored_state
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def cards_in(response) -> set[str]:
    return set(CARD_IN_JSON.findall(response.content.decode()))


def test_a_stranger_reaches_nothing_of_a_private_match(owner_api, outsider_api):
    created = create(owner_api, ["bot:easy"] * 3)
    match_id, seq = created["id"], created["seq"]
    answers = {
        "view": outsider_api.get(f"/api/matches/{match_id}/"),
        "view with a wrong code": outsider_api.get(f"/api/matches/{match_id}/?invite_code=x"),
        "record": outsider_api.get(f"/api/matches/{match_id}/record/"),
        "join with a wrong code": outsider_api.post("/api/matches/join/",
                                                    {"invite_code": "not-the-code"},
                                                    format="json"),
    }
    for action, body in (("call", {"call": 3, "seq": seq}), ("play", {"card": "AS", "seq": seq}),
                         ("redeal", {"seq": seq}), ("back", None), ("rematch", None)):
        answers[action] = outsider_api.post(f"/api/matches/{match_id}/{action}/", body,
                                            format="json")
    for action, response in answers.items():
        assert response.status_code == 404, (action, response.content)
        assert not cards_in(response), action
    for status in ("", "?status=active", "?status=waiting", "?status=finished"):
        listed = outsider_api.get(f"/api/matches/{status}").json()["results"]
        assert match_id not in [m["id"] for m in listed]


def test_an_invite_code_shows_the_table_but_no_hand(owner_api, outsider_api):
    created = create(owner_api, ["open", "open", "bot:easy"])
    visitor = outsider_api.get(f"/api/matches/{created['id']}/",
                               {"invite_code": created["invite_code"]})
    assert visitor.status_code == 200
    assert visitor.json()["my_seat"] is None and visitor.json()["hand"] == []
    assert not cards_in(visitor)


@needs_services
def test_sockets_carry_only_what_each_seat_may_see(live_server_url, celery_worker):
    owner, member, outsider = make_user("owner"), make_user("member"), make_user("outsider")
    owner_api, member_api = client_for(owner), client_for(member)
    created = create(owner_api, ["user:member", "bot:easy", "bot:easy"])
    member_api.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                    format="json")
    match_id = created["id"]
    heard = {user.username: [] for user in (owner, member, outsider)}
    ready, done = threading.Barrier(4), threading.Event()
    # Tokens are read here: a listener thread must not hold a database connection of its own.
    tokens = {user.username: AuthToken.objects.create(user=user)[1]
              for user in (owner, member, outsider)}

    def listen(user) -> None:
        token = tokens[user.username]
        with connect(live_server_url.replace("http", "ws") + "/ws/", origin=live_server_url,
                     additional_headers={"Authorization": f"Token {token}"},
                     open_timeout=10) as ws:
            ws.send(json.dumps({"type": "watch", "match": match_id}))
            ws.send("not json at all")
            ws.send(json.dumps({"type": "watch", "match": "1; DROP TABLE"}))
            ready.wait(10)
            while not done.is_set():
                try:
                    heard[user.username].append(json.loads(ws.recv(0.2)))
                except TimeoutError:
                    continue

    listeners = [threading.Thread(target=listen, args=(u,)) for u in (owner, member, outsider)]
    for listener in listeners:
        listener.start()
    ready.wait(10)
    final = play_to_end([owner_api, member_api], match_id)
    wait_for(lambda: all(any(m["type"] == "match.view" and m["match"]["seq"] == final["seq"]
                             for m in heard[name])
                         for name in ("owner", "member")), timeout=15)
    done.set()
    for listener in listeners:
        listener.join(10)

    stranger = heard["outsider"]
    assert not [m for m in stranger if m["type"] == "match.view"]
    assert {m.get("code") for m in stranger if m["type"] == "error"} <= {"not_found",
                                                                           "bad_message"}
    assert any(m.get("code") == "not_found" for m in stranger)
    for name in ("owner", "member"):
        views = [m["match"] for m in heard[name] if m["type"] == "match.view"]
        assert views and views[-1]["status"] == "finished"
        for view in views:
            if view["status"] != "finished":
                leaked = set(CARD_IN_JSON.findall(json.dumps(view))) & hidden_from(view)
                assert not leaked, f"{name} saw {leaked} at seq {view['seq']}"


def hidden_from(view: dict) -> set[str]:
    """The cards still in the other seats' hands when this view was sent."""
    deal = stored_state(view["id"]).deal
    played = set(Move.objects.filter(match_id=view["id"], kind="play", seq__lte=view["seq"],
                                     hand_number=view["hand_number"])
                 .values_list("card", flat=True))
    others = [seat for seat in range(4) if seat != view["my_seat"]]
    return {card for seat in others for card in deal[seat]} - played
