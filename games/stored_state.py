"""How a match's engine state is stored: the match row carries the hand under way, and each
finished hand is a ``FinishedHand`` row of its own, written once when the hand is scored.

Every move rewrites the match row, and PostgreSQL writes the whole new row to the WAL. So the
row holds only what a move may change, as compactly as it reads plainly
(``docs/BENCHMARKS.md``, "Where a move's WAL goes"). ``Match.state`` is JSON text (a third
smaller than ``jsonb``, whose numbers and keys take room) of the engine's
``MatchState.to_json()`` with these differences:

- no ``rules``: they are the match's ``rules`` column;
- no ``history``: the finished hands are ``FinishedHand.result``, the engine's entries as they
  are, one row each;
- no ``hands``: what each seat holds is its ``deal`` less the cards it has played;
- ``deal``: four strings of 26 characters, a seat's 13 cards as dealt (``"AS9S..."``), and
  so is the ``deal`` of each thrown-in deal in ``redeals``;
- ``tricks``: one string per completed trick, the leader's seat, the four cards in play
  order and the winner's seat (``"2KH9H2HAH1"``);
- ``trick``: one string, each card of the trick in progress after its seat (``"2KH39H"``).

Nothing else is dropped: ``state_from(stored_form(s), rules, s.history) == s``.
"""

from __future__ import annotations

import json
from typing import Any

from games.engine import MatchState
from games.engine.state import STATE_VERSION
from games.models import FinishedHand, Match

_LEFT_OUT = ("rules", "history", "hands", "version")


def stored_form(state: MatchState) -> str:
    """The JSON the match row holds for ``state`` (its finished hands not included)."""
    data = state.to_json()
    for name in _LEFT_OUT:
        del data[name]
    if state.deal is not None:
        data["deal"] = _joined(state.deal)
    data["redeals"] = [{**entry, "deal": _joined(entry["deal"])} for entry in state.redeals]
    data["tricks"] = [f"{t['leader']}{''.join(t['cards'])}{t['winner']}" for t in state.tricks]
    data["trick"] = "".join(f"{seat}{card}" for seat, card in state.trick)
    return json.dumps(data, separators=(",", ":"))


def state_from(stored: str, rules: dict[str, Any],
               history: list[dict[str, Any]]) -> MatchState:
    """The engine's state from the match row's ``stored`` JSON, the match's ``rules`` and its
    finished hands' entries in order."""
    data = json.loads(stored)
    deal = None if data["deal"] is None else _split(data["deal"])
    tricks = [{"leader": int(t[0]), "cards": _cards(t[1:9]), "winner": int(t[9])}
              for t in data["tricks"]]
    trick = [[int(data["trick"][i]), data["trick"][i + 1:i + 3]]
             for i in range(0, len(data["trick"]), 3)]
    played = {card for t in tricks for card in t["cards"]} | {card for _, card in trick}
    data.update(
        rules=rules, history=history, deal=deal, tricks=tricks, trick=trick,
        redeals=[{**entry, "deal": _split(entry["deal"])} for entry in data["redeals"]],
        version=STATE_VERSION,
        hands=[[c for c in cards if c not in played] for cards in deal] if deal else [[]] * 4)
    return MatchState.from_json(data)


def _cards(joined: str) -> list[str]:
    return [joined[i:i + 2] for i in range(0, len(joined), 2)]


def _joined(deal: list[list[str]]) -> list[str]:
    return ["".join(cards) for cards in deal]


def _split(deal: list[str]) -> list[list[str]]:
    return [_cards(cards) for cards in deal]


def state_of_match(match: Match) -> MatchState | None:
    """The engine state of ``match``, None before its first deal. Its finished hands come
    with the match when ``games.queries.table_of`` read it, else from their rows (prefetched
    as ``finished_hands``, or read now)."""
    if match.state is None:
        return None
    return state_from(match.state, match.rules, finished_hands_of(match))


def finished_hands_of(match: Match) -> list[dict[str, Any]]:
    """The engine's entries of ``match``'s finished hands, in order: as JSON text when read
    with the match, as entries once ``store`` has kept them with it."""
    read_with_the_match = getattr(match, "finished_hands_json", None)
    if read_with_the_match is not None:
        entries = (json.loads(read_with_the_match) if isinstance(read_with_the_match, str)
                   else read_with_the_match)
        return sorted(entries, key=lambda entry: entry["hand_number"])
    return [hand.result for hand in match.finished_hands.all()]


def store(match: Match, state: MatchState, *, before: MatchState | None = None) -> None:
    """Set ``match.state`` to ``state``'s stored form and write a row for each hand finished
    since ``before`` (the caller saves the match)."""
    match.state = stored_form(state)
    done = len(before.history) if before is not None else 0
    FinishedHand.objects.bulk_create(
        FinishedHand(match=match, number=entry["hand_number"], result=entry)
        for entry in state.history[done:])
    # Whoever reads this match object again finds the hands it now has.
    match.finished_hands_json = state.history
