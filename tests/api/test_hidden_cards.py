"""No response during a match ever carries a card of another player's hand."""

from __future__ import annotations

import pytest

from tests.api.helpers import CARD_IN_JSON, four_humans, stored_state, view

pytestmark = pytest.mark.django_db


def test_every_response_of_a_full_match_hides_the_other_hands(owner_api):
    created, clients, _ = four_humans(owner_api)
    match_id = created["id"]
    checked = 0
    while True:
        state = stored_state(match_id)
        if state.phase == "finished":
            break
        hidden = [set(h) for h in state.hands]
        responses = [(seat, c.get(f"/api/matches/{match_id}/")) for seat, c in enumerate(clients)]
        responses += [(seat, c.get("/api/matches/?status=active")) for seat, c in
                      enumerate(clients)]
        responses.append((1, clients[1].get(f"/api/matches/{match_id}/record/")))
        current = view(clients[state.turn], match_id)
        choice = current["legal"][0]
        kind = "call" if current["status"] == "bidding" else "play"
        body = {kind if kind == "call" else "card": choice, "seq": current["seq"]}
        after = [(state.turn, clients[state.turn].post(
            f"/api/matches/{match_id}/{kind}/", body, format="json"))]
        # A late duplicate from the next seat: 409 with that seat's current view.
        after.append(((state.turn + 1) % 4, clients[(state.turn + 1) % 4].post(
            f"/api/matches/{match_id}/{kind}/", body, format="json")))
        if kind == "play":
            played = [set(h) for h in hidden]
            played[state.turn].discard(choice)  # public once on the table
        else:
            played = hidden
        for cards_hidden, batch in ((hidden, responses), (played, after)):
            for seat, response in batch:
                shown = set(CARD_IN_JSON.findall(response.content.decode()))
                others = set().union(*(cards_hidden[s] for s in range(4) if s != seat))
                assert not shown & others, f"seat {seat} saw {shown & others}"
                checked += 1
    assert checked > 52 * 10
