"""Every refusal: a clear code and sentence, the right status, and nothing changed."""

from __future__ import annotations

import pytest

from games.engine import legal_plays
from games.models import Match, Move
from tests.api.helpers import create, four_humans, stored_state, view

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner_api):
    """Four humans at a table (no bots, so nothing moves unless a test moves it)."""
    created, clients, _ = four_humans(owner_api)
    return created["id"], clients


def on_turn(match_id, clients):
    for client in clients:
        current = view(client, match_id)
        if current["turn"] == current["my_seat"]:
            return client, current
    raise AssertionError("nobody is on turn")


def finish_bidding(match_id, clients):
    while True:
        client, current = on_turn(match_id, clients)
        if current["status"] != "bidding":
            return client, current
        client.post(f"/api/matches/{match_id}/call/", {"call": 2, "seq": current["seq"]},
                    format="json")


def test_stale_seq_is_409_with_the_current_view(table):
    match_id, clients = table
    client, current = on_turn(match_id, clients)
    response = client.post(f"/api/matches/{match_id}/call/",
                           {"call": 3, "seq": current["seq"] - 1}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "stale"
    assert response.json()["match"]["seq"] == current["seq"]
    assert Move.objects.count() == 0


def test_not_your_turn_is_409(table):
    match_id, clients = table
    _, current = on_turn(match_id, clients)
    other = clients[(current["my_seat"] + 1) % 4]
    response = other.post(f"/api/matches/{match_id}/call/",
                          {"call": 3, "seq": current["seq"]}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "not_your_turn"
    assert Move.objects.count() == 0


def test_call_out_of_range_is_400_bad_call(table):
    match_id, clients = table
    client, current = on_turn(match_id, clients)
    response = client.post(f"/api/matches/{match_id}/call/", {"call": 9, "seq": current["seq"]},
                           format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_call"
    assert "1 to 8" in response.json()["detail"]


def test_an_illegal_card_is_refused_with_the_rule_and_a_sentence(table):
    match_id, clients = table
    client, current = finish_bidding(match_id, clients)
    # Lead, then find a follower holding a card the rules forbid.
    client.post(f"/api/matches/{match_id}/play/",
                {"card": current["legal"][0], "seq": current["seq"]}, format="json")
    client, current = on_turn(match_id, clients)
    illegal = sorted(set(current["hand"]) - set(current["legal"]))
    if not illegal:
        pytest.skip("this deal gave the follower no illegal card")
    state = stored_state(match_id)
    assert illegal[0] not in legal_plays(current["hand"], [c for _, c in state.trick],
                                         state.rules, first_trick=True)
    response = client.post(f"/api/matches/{match_id}/play/",
                           {"card": illegal[0], "seq": current["seq"]}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] in {"must_follow", "must_beat", "must_trump", "must_overtrump"}
    assert "you must" in body["detail"].lower()
    assert view(client, match_id)["seq"] == current["seq"]


def test_a_card_not_in_hand_is_refused(table):
    match_id, clients = table
    client, current = finish_bidding(match_id, clients)
    deck = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
    missing = next(c for c in deck if c not in current["hand"])
    response = client.post(f"/api/matches/{match_id}/play/",
                           {"card": missing, "seq": current["seq"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "not_in_hand"


@pytest.mark.parametrize("body,field", [
    ({"call": "three", "seq": 1}, "call"),
    ({"call": 3}, "seq"),
    ({"call": 3, "seq": -1}, "seq"),
])
def test_malformed_calls_name_the_field(table, body, field):
    match_id, clients = table
    response = clients[0].post(f"/api/matches/{match_id}/call/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


@pytest.mark.parametrize("card", ["1S", "KX", "KHH", "", "kh"])
def test_malformed_cards_are_400(table, card):
    match_id, clients = table
    response = clients[0].post(f"/api/matches/{match_id}/play/", {"card": card, "seq": 1},
                               format="json")
    assert response.status_code == 400
    assert "card" in response.json()["fields"]


def test_a_body_that_is_not_an_object_is_400(owner_api):
    response = owner_api.post("/api/matches/", [1, 2], format="json")
    assert response.status_code == 400
    garbage = owner_api.generic("POST", "/api/matches/", "{not json",
                                content_type="application/json")
    assert garbage.status_code == 400


@pytest.mark.parametrize("body,code", [
    ({"opponents": ["bot:genius", "open", "open"]}, "bad_opponents"),
    ({"opponents": ["user:nobody", "open", "open"]}, "unknown_user"),
    ({"opponents": ["user:owner", "open", "open"]}, "bad_opponents"),
    ({"opponents": ["http://203.0.113.9/bot", "open", "open"]}, "external_host_not_allowed"),
    ({"opponents": ["open", "open", "open"], "rules": {"min_call": 9, "max_call": 3}},
     "bad_rules"),
    ({"opponents": ["open", "open", "open"], "rules": {"preset": "chess"}}, "unknown_preset"),
    ({"opponents": ["open", "open", "open"], "rules": {"jokers": True}}, "unknown_rule"),
    ({"opponents": ["open", "open", "open"], "rules": {"max_call": 14}}, "bad_rule_value"),
    ({"opponents": ["open", "open", "open"], "rules": {"tie_break": "coin"}}, "bad_rule_value"),
])
def test_bad_match_settings_are_refused_and_nothing_is_created(owner_api, body, code):
    response = owner_api.post("/api/matches/", {"turn_seconds": 3600, **body}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert Match.objects.count() == 0


@pytest.mark.parametrize("body", [
    {"opponents": ["open", "open"]}, {"opponents": ["open"] * 3, "hands": 21},
    {"opponents": ["open"] * 3, "turn_seconds": 7}, {},
])
def test_malformed_match_requests_are_400_with_fields(owner_api, body):
    response = owner_api.post("/api/matches/", body, format="json")
    assert response.status_code == 400
    assert response.json()["fields"]


def test_outsiders_get_404_unless_they_hold_the_invite_code(owner_api, outsider_api):
    created = create(owner_api, ["open", "bot:easy", "bot:easy"])
    assert outsider_api.get(f"/api/matches/{created['id']}/").status_code == 404
    for action in ("call", "play", "record", "back", "rematch"):
        method = outsider_api.get if action == "record" else outsider_api.post
        assert method(f"/api/matches/{created['id']}/{action}/").status_code in (400, 404)
    peek = outsider_api.get(f"/api/matches/{created['id']}/?invite_code={created['invite_code']}")
    assert peek.status_code == 200
    assert peek.json()["my_seat"] is None
    assert peek.json()["hand"] == []
    assert peek.json()["invite_code"] is None


def test_unknown_match_and_unknown_invite_are_404(owner_api):
    assert owner_api.get("/api/matches/999999/").status_code == 404
    response = owner_api.post("/api/matches/join/", {"invite_code": "nope"}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "bad_invite_code"


def test_the_record_is_403_before_the_end(table):
    match_id, clients = table
    response = clients[0].get(f"/api/matches/{match_id}/record/")
    assert response.status_code == 403
    assert response.json()["code"] == "not_finished"


def test_stats_of_an_unknown_player_are_404(owner_api):
    assert owner_api.get("/api/users/nobody/stats/").status_code == 404


def test_anonymous_requests_are_refused(api):
    assert api.get("/api/matches/").status_code in (401, 403)
    assert api.post("/api/matches/", {}, format="json").status_code in (401, 403)


def test_list_filter_refuses_an_unknown_status(owner_api):
    for status in ("bogus", "", "Active"):
        response = owner_api.get(f"/api/matches/?status={status}")
        assert response.status_code == 400
        assert response.json()["code"] == "bad_status"


@pytest.mark.parametrize("page", ["", "0", "-1", "two", "١", "1.0"])
def test_a_page_that_is_not_a_number_from_one_is_refused(owner_api, page):
    response = owner_api.get("/api/matches/", {"status": "finished", "page": page})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "bad_page"
    assert owner_api.get("/api/matches/", {"status": "finished", "page": "1"}).status_code == 200
