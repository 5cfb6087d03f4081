"""The match state machine: deal → calls → 13 tricks → hand scored → next hand or the end.

States are plain data and never change once made: ``apply_action`` returns a new state. A
state is fully determined by the rules, the first dealer, the deals and the ordered actions.
"""

from __future__ import annotations

from typing import Any

from .cards import DECK, HIGH_CARDS, SPADES, card_index, mask_of, sort_cards
from .ending import (
    eight_wins_champion,
    needs_play_off,
    play_off_seats,
    ranked,
    regular_end_reached,
)
from .errors import EngineError
from .play import check_play, trick_winner
from .rules import Rules, score_hand

STATE_VERSION = 2

_FIELDS = ("rules", "phase", "hand_number", "first_dealer", "dealer", "turn", "deal", "hands",
           "calls", "tricks_won", "trick", "tricks", "spades_broken", "scores", "redeals",
           "history", "winners", "finish_votes", "finish_agreed", "play_off")


class MatchState:
    """A match at one moment. Treat it as read-only; every attribute is plain data.

    - ``rules``: the Rules in force. ``phase``: "dealing", "bidding", "playing", "finished".
    - ``hand_number``: 1-based number of the current hand (the last one once finished).
    - ``first_dealer``, ``dealer``: seats. ``turn``: seat whose action is awaited, None while
      dealing or finished (the dealer's deal is implied by ``dealer``).
    - ``deal``: the current hand's four hands as dealt (display order), None while dealing.
    - ``hands``: four lists of the cards each seat still holds (display order).
    - ``calls``: four ``int | None``. ``tricks_won``: four ints for the current hand.
    - ``trick``: the trick in progress as a list of ``(seat, card)`` tuples, lead first.
    - ``tricks``: completed tricks of the hand, ``{"leader", "cards", "winner"}`` with the
      four cards in play order from the leader.
    - ``spades_broken``: a spade has been played in the current hand.
    - ``scores``: four running totals in tenths.
    - ``redeals``: deals of the current hand thrown in so far, ``{"deal", "reason", ...}``.
    - ``history``: results of completed hands (see RECORD.md for the entry format).
    - ``winners``: seats placed first once the match is finished, else ``[]``.
    - ``finish_votes``: seats that agreed to finish an open-ended match after this hand.
    - ``finish_agreed``: the table agreed; the match ends after this hand (open-ended only).
    - ``play_off``: how many play-off hands have been dealt (the current one included); more
      than 0 means the regular match is over and this hand breaks a tie at the top.
    """

    __slots__ = _FIELDS

    def __init__(self, **values: Any) -> None:
        for name in _FIELDS:
            setattr(self, name, values[name])

    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable dict; ``MatchState.from_json(s.to_json()) == s``."""
        data = {name: getattr(self, name) for name in _FIELDS}
        data["rules"] = self.rules.to_dict()
        data["trick"] = [[seat, card] for seat, card in self.trick]
        data["version"] = STATE_VERSION
        return _plain(data)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchState:
        """Rebuild a state written by ``to_json``."""
        if data.get("version") == 1:
            data = upgrade_state_v1(data)
        if data.get("version") != STATE_VERSION:
            raise EngineError("bad_state", "This saved match state has an unknown version.")
        values = _plain({name: data[name] for name in _FIELDS})
        values["rules"] = Rules.from_dict(data["rules"])
        values["trick"] = [(seat, card) for seat, card in data["trick"]]
        return cls(**values)

    def _copy(self, **changes: Any) -> MatchState:
        # Inner lists that a transition changes are replaced whole, never edited, so a
        # shallow copy keeps the old state intact.
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return MatchState(**values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"MatchState(phase={self.phase!r}, hand_number={self.hand_number}, "
                f"dealer={self.dealer}, turn={self.turn}, scores={self.scores})")


def upgrade_state_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state (before open-ended matches and play-offs) as version 2: no votes,
    no play-off, and every completed hand marked as a regular one."""
    return {**data, "version": 2, "finish_votes": [], "finish_agreed": False, "play_off": 0,
            "history": [{**h, "play_off": False, "finish_votes": [], "finish_agreed": False}
                        for h in data["history"]]}


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plain(value: Any) -> Any:
    """Deep copy of JSON-like data (dicts, lists, tuples → lists, scalars)."""
    kind = type(value)
    if kind is list or kind is tuple:
        for item in value:
            if type(item) not in _SCALARS:
                return [_plain(v) for v in value]
        return list(value)  # the usual leaf: cards, calls, scores
    if kind is dict or isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def new_match(rules: Rules, *, first_dealer: int) -> MatchState:
    """A match waiting for its first deal by ``first_dealer``."""
    seat = _seat(first_dealer, "first_dealer")
    return MatchState(
        rules=rules, phase="dealing", hand_number=1, first_dealer=seat, dealer=seat,
        turn=None, deal=None, hands=[[], [], [], []], calls=[None] * 4, tricks_won=[0] * 4,
        trick=[], tricks=[], spades_broken=False, scores=[0] * 4, redeals=[], history=[],
        winners=[], finish_votes=[], finish_agreed=False, play_off=0,
    )


def deal_cards(rng: Any) -> list[list[str]]:
    """Shuffle a fresh deck with ``rng`` (anything with ``.shuffle``) into four hands of 13;
    hand ``i`` belongs to seat ``i``. Pass ``secrets.SystemRandom()`` live, a seeded
    ``random.Random`` in tests."""
    deck = list(DECK)
    rng.shuffle(deck)
    return [sort_cards(deck[13 * i:13 * i + 13]) for i in range(4)]


def redeal_reason(rules: Rules, hand: list[str]) -> str | None:
    """Why the variants let a player holding ``hand`` (as dealt) ask for a redeal, or None."""
    mask = mask_of(hand)
    if (rules.redeal_no_trump or rules.redeal_weak_hand) and not mask & SPADES:
        return "no_trump"
    if rules.redeal_weak_hand and not mask & HIGH_CARDS:
        return "weak_hand"
    return None


def can_redeal(state: MatchState, seat: int) -> bool:
    """Whether ``seat`` may ask for a redeal now (before the first call of the hand)."""
    return (state.phase == "bidding" and all(c is None for c in state.calls)
            and redeal_reason(state.rules, state.deal[seat]) is not None)


def legal_calls(state: MatchState, seat: int) -> list[int]:
    """Calls ``seat`` may make now: the rules' range on its turn in bidding, else []."""
    if state.phase != "bidding" or state.turn != seat:
        return []
    return list(range(state.rules.min_call, state.rules.max_call + 1))


def apply_action(state: MatchState, action: dict[str, Any]) -> MatchState:
    """The state after ``action``; raises EngineError (nothing changes) if it is not allowed.

    Actions: ``{"type": "deal", "hands": [4 × 13 cards]}``, ``{"type": "redeal", "seat": s}``,
    ``{"type": "call", "seat": s, "call": n}``, ``{"type": "play", "seat": s, "card": "KH"}``;
    in an open-ended match ``{"type": "finish", "seat": s}`` (seat ``s`` agrees to finish after
    this hand) and ``{"type": "finish_agreed"}`` (the table has agreed; see ``_finish_agreed``).
    """
    if not isinstance(action, dict) or action.get("type") not in _HANDLERS:
        raise EngineError("bad_action", "An action needs a type: deal, redeal, call, play, "
                          "finish or finish_agreed.")
    return _HANDLERS[action["type"]](state, action)


def _seat(value: Any, name: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise EngineError("bad_action", f"The {name} must be a seat number from 0 to 3.")
    return value


def _need_phase(state: MatchState, phase: str, doing: str) -> None:
    if state.phase != phase:
        raise EngineError(
            "wrong_phase", f"You cannot {doing} now: the match is {_NOW[state.phase]}."
        )


_NOW = {"dealing": "waiting for a deal", "bidding": "in the calling",
        "playing": "in play", "finished": "over"}


def _need_turn(state: MatchState, seat: int) -> None:
    if state.turn != seat:
        raise EngineError("not_your_turn", f"It is not your turn; seat {state.turn} is to act.",
                          params={"seat": state.turn})


def _deal(state: MatchState, action: dict[str, Any]) -> MatchState:
    _need_phase(state, "dealing", "deal")
    hands = action.get("hands")
    if (not isinstance(hands, list) or len(hands) != 4
            or not all(isinstance(h, list) and len(h) == 13 for h in hands)):
        raise EngineError("bad_action", "A deal is four hands of 13 cards.")
    try:
        mask_of(card for hand in hands for card in hand)
    except EngineError as exc:
        raise EngineError("bad_action", f"A deal must hold each card once: {exc.detail}") from None
    deal = [sort_cards(h) for h in hands]
    return state._copy(
        phase="bidding", turn=(state.dealer + 1) % 4, deal=deal, hands=[list(h) for h in deal],
        calls=[None] * 4, tricks_won=[0] * 4, trick=[], tricks=[], spades_broken=False,
    )


def _throw_in(state: MatchState, entry: dict[str, Any]) -> MatchState:
    """Cards thrown in: the same dealer deals the same hand number again."""
    return state._copy(
        phase="dealing", turn=None, deal=None, hands=[[], [], [], []], calls=[None] * 4,
        redeals=state.redeals + [entry],
    )


def _redeal(state: MatchState, action: dict[str, Any]) -> MatchState:
    seat = _seat(action.get("seat"))
    rules = state.rules
    if not (rules.redeal_no_trump or rules.redeal_weak_hand):
        raise EngineError("no_redeal", "This match is played without redeals.")
    if state.phase != "bidding" or any(c is not None for c in state.calls):
        raise EngineError("no_redeal", "A redeal can only be asked for before the first call.")
    reason = redeal_reason(rules, state.deal[seat])
    if reason is None:
        raise EngineError("no_redeal", "Your hand does not qualify for a redeal.")
    return _throw_in(state, {"deal": state.deal, "reason": reason, "seat": seat})


def _call(state: MatchState, action: dict[str, Any]) -> MatchState:
    seat = _seat(action.get("seat"))
    _need_phase(state, "bidding", "call")
    _need_turn(state, seat)
    call, rules = action.get("call"), state.rules
    if (isinstance(call, bool) or not isinstance(call, int)
            or not rules.min_call <= call <= rules.max_call):
        raise EngineError("bad_call",
                          f"Calls in this match run from {rules.min_call} to {rules.max_call}.",
                          params={"min": rules.min_call, "max": rules.max_call})
    calls = list(state.calls)
    calls[seat] = call
    if seat != state.dealer:
        return state._copy(calls=calls, turn=(seat + 1) % 4)
    if rules.min_total_10 and sum(calls) <= 9:
        return _throw_in(state, {"deal": state.deal, "reason": "min_total", "calls": calls})
    return state._copy(calls=calls, phase="playing", turn=(state.dealer + 1) % 4)


def _play(state: MatchState, action: dict[str, Any]) -> MatchState:
    seat = _seat(action.get("seat"))
    _need_phase(state, "playing", "play a card")
    _need_turn(state, seat)
    card = action.get("card")
    if not isinstance(card, str):
        raise EngineError("bad_action", "A play names one card, such as \"KH\".")
    try:
        card_index(card)
    except EngineError as exc:
        raise EngineError("bad_action", exc.detail) from None
    check_play(state.hands[seat], [c for _, c in state.trick], card, state.rules,
               first_trick=not state.tricks, spades_broken=state.spades_broken)
    hands = list(state.hands)
    hands[seat] = [c for c in hands[seat] if c != card]
    trick = state.trick + [(seat, card)]
    broken = state.spades_broken or card[1] == "S"
    if len(trick) < 4:
        return state._copy(hands=hands, trick=trick, turn=(seat + 1) % 4, spades_broken=broken)
    cards = [c for _, c in trick]
    winner = trick[trick_winner(cards)][0]
    won = list(state.tricks_won)
    won[winner] += 1
    done = {"leader": trick[0][0], "cards": cards, "winner": winner}
    after = state._copy(hands=hands, trick=[], tricks=state.tricks + [done], tricks_won=won,
                        turn=winner, spades_broken=broken)
    return _score(after) if len(after.tricks) == 13 else after


def _need_open_ended(state: MatchState) -> None:
    if state.rules.hands is not None:
        raise EngineError("fixed_length", f"This match has a fixed length of "
                          f"{state.rules.hands} hands; it cannot be finished early.")
    if state.phase not in ("bidding", "playing"):
        _need_phase(state, "playing", "agree to finish")
    if state.finish_agreed or state.play_off:
        raise EngineError("already_finishing", "The match already ends after this hand.")


def _finish(state: MatchState, action: dict[str, Any]) -> MatchState:
    """A seat agrees to finish the open-ended match after this hand; the agreement stands
    until the hand ends."""
    seat = _seat(action.get("seat"))
    _need_open_ended(state)
    if seat in state.finish_votes:
        raise EngineError("already_agreed", "You have already agreed to finish after this hand.")
    return state._copy(finish_votes=sorted(state.finish_votes + [seat]))


def _finish_agreed(state: MatchState, action: dict[str, Any]) -> MatchState:
    """The table agreed: the match ends after this hand (or its play-off). Which seats must
    agree is the referee's call (the engine does not know who is human or away), so the
    engine asks only that at least one seat has agreed."""
    _need_open_ended(state)
    if not state.finish_votes:
        raise EngineError("no_agreement", "Nobody has agreed to finish after this hand.")
    return state._copy(finish_agreed=True)


def _score(state: MatchState) -> MatchState:
    """Score a finished hand; then the next deal, or the end of the match."""
    rules = state.rules
    hand_scores = [score_hand(state.calls[s], state.tricks_won[s], rules) for s in range(4)]
    totals = [a + b for a, b in zip(state.scores, hand_scores, strict=True)]
    result = {
        "hand_number": state.hand_number, "dealer": state.dealer, "deal": state.deal,
        "redeals": state.redeals, "calls": state.calls,
        "call_order": [(state.dealer + k) % 4 for k in range(1, 5)], "tricks": state.tricks,
        "tricks_won": state.tricks_won, "scores": hand_scores, "totals": totals,
        "play_off": state.play_off > 0, "finish_votes": state.finish_votes,
        "finish_agreed": state.finish_agreed,
    }
    champion = eight_wins_champion(rules, result)
    history = state.history + [result]
    tied = play_off_seats(history)
    if tied is not None and champion not in tied:
        champion = None  # outside the tie, an eight-wins call in a play-off hand wins nothing
    ending = champion is not None or regular_end_reached(state)
    play_off = state.play_off
    if ending and champion is None and needs_play_off(rules, history, state):
        ending, play_off = False, play_off + 1
    if ending:
        ranks = ranked(history, totals, champion)
        return state._copy(phase="finished", turn=None, scores=totals, history=history,
                           redeals=[], winners=[s for s in range(4) if ranks[s] == 1])
    return state._copy(
        phase="dealing", turn=None, scores=totals, history=history, redeals=[],
        hand_number=state.hand_number + 1, dealer=(state.dealer + 1) % 4, deal=None,
        hands=[[], [], [], []], calls=[None] * 4, tricks_won=[0] * 4, trick=[], tricks=[],
        spades_broken=False, finish_votes=[], finish_agreed=False, play_off=play_off,
    )


_HANDLERS = {"deal": _deal, "redeal": _redeal, "call": _call, "play": _play,
             "finish": _finish, "finish_agreed": _finish_agreed}
