"""What one seat may know: the per-seat view and the legal actions of a seat.

The only place that decides visibility. Cards still in a hand appear only in their owner's
view; played cards are public.
"""

from __future__ import annotations

from typing import Any

from .cards import card_index, cards_of, mask_of
from .ending import final_places
from .errors import EngineError
from .fast import FOLLOW_CODES, legal_mask
from .play import spade_lead_ok
from .state import MatchState, can_redeal, legal_calls


def legal_cards(state: MatchState, seat: int) -> list[str]:
    """Cards ``seat`` may play now (display order), or [] when it is not its turn to play."""
    if state.phase != "playing" or state.turn != seat:
        return []
    ok = spade_lead_ok(state.rules, first_trick=not state.tricks,
                       spades_broken=state.spades_broken)
    trick = [card_index(c) for _, c in state.trick]
    mask = legal_mask(mask_of(state.hands[seat]), trick, FOLLOW_CODES[state.rules.follow], ok)
    return cards_of(mask)


def legal_actions(state: MatchState, seat: int) -> dict[str, Any]:
    """``{"calls": [...], "cards": [...], "redeal": bool}`` for ``seat`` right now; the lists
    are empty when it is not that seat's turn to call or play."""
    return {"calls": legal_calls(state, seat), "cards": legal_cards(state, seat),
            "redeal": can_redeal(state, seat)}


def _trick_view(trick: dict[str, Any]) -> dict[str, Any]:
    leader = trick["leader"]
    return {"leader": leader, "winner": trick["winner"],
            "cards": [{"seat": (leader + k) % 4, "card": c} for k, c in enumerate(trick["cards"])]}


def view_for(state: MatchState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know, as JSON-ready data; ``seat=None`` is the spectator view.

    ``hand`` is the seat's own remaining cards in display order (spades, hearts, clubs,
    diamonds; high to low), absent for spectators. ``hand_sizes`` tells how many cards each
    seat holds. ``last_trick`` is the last completed trick of this hand or, before its first
    trick is complete, of the previous hand. ``hand_results`` gives calls, tricks won, scores and
    totals of completed hands, never their deals, each marked if it was a play-off hand.
    ``hands`` is None for an open-ended match; ``finish_votes`` and ``finish_agreed`` tell who
    has agreed to finish it after this hand, and ``play_off`` whether this hand breaks a tie.
    """
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1, 2, 3)):
        raise EngineError("bad_action", "A view is for seat 0 to 3, or None for spectators.")
    tricks = [_trick_view(t) for t in state.tricks]
    last = tricks[-1] if tricks else None
    if last is None and state.history:
        # The next hand is dealt as soon as one ends: until its first trick is complete, the
        # table still shows the last trick of the hand before on its way to its winner.
        last = _trick_view(state.history[-1]["tricks"][-1])
    view: dict[str, Any] = {
        "seat": seat,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "hands": state.rules.hands,
        "dealer": state.dealer,
        "turn": state.turn,
        "hand_sizes": [len(h) for h in state.hands],
        "calls": list(state.calls),
        "tricks_won": list(state.tricks_won),
        "trick": [{"seat": s, "card": c} for s, c in state.trick],
        "tricks": tricks,
        "last_trick": last,
        "scores": list(state.scores),
        "hand_results": [
            {key: (list(h[key]) if isinstance(h[key], list) else h[key])
             for key in ("hand_number", "dealer", "calls", "tricks_won", "scores", "totals",
                         "play_off")}
            for h in state.history
        ],
        "places": final_places(state),
        "winners": list(state.winners),
        "rules": state.rules.to_dict(),
        "finish_votes": list(state.finish_votes),
        "finish_agreed": state.finish_agreed,
        "play_off": state.play_off > 0,
        "legal": [],
        "can_redeal": False,
    }
    if seat is not None:
        view["hand"] = list(state.hands[seat])
        actions = legal_actions(state, seat)
        view["legal"] = actions["calls"] or actions["cards"]
        view["can_redeal"] = actions["redeal"]
    return view
