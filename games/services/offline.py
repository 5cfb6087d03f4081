"""Matches played offline: a phone's engine worker refereed them against bots, and sends each
finished one here with its record (``POST /api/matches/offline/``).

The server trusts nothing in it but what replays: the record goes through the engine's own
``replay_record`` (every deal, call and card re-applied by the rules, every stored result
checked), and a record that does not replay is refused with ``bad_record`` and nothing is
stored. A match that replays is stored finished, like any other (its state, its seats and
its move log, so its replay and analysis work as usual), marked by its record's id
(``Match.offline_id``): unrated, since no referee saw it being played, and stored once
however often the phone sends it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, DomainError
from games.engine import EngineError, MatchState, record_steps, replay_record
from games.models import Match, Move, Seat
from games.offline_referee import offline_bot_names
from games.stored_state import store

# The levels a phone plays offline (games/offline_referee.py).
OFFLINE_LEVELS = ("easy", "normal", "hard")
_MOVE_KINDS = {kind.value for kind in Move.Kind}


@dataclass(frozen=True)
class CheckedMatch:
    """A finished offline match whose record replays: the bots' levels and the final state."""

    levels: list[str]
    state: MatchState
    record: dict[str, Any]


def offline_match_check(*, opponents: list[str], record: dict[str, Any]) -> CheckedMatch:
    """The match of ``record`` against the bots of ``opponents`` (``"bot:<level>"`` for seats
    1 to 3) as the engine replays it; a DomainError (``bad_opponents``, ``bad_record``,
    ``not_finished``) when it cannot be stored. Changes nothing."""
    return CheckedMatch(_levels(opponents), _replayed(record), record)


def offline_match_store(*, user: Any, offline_id: uuid.UUID,
                        checked: CheckedMatch) -> tuple[Match, bool]:
    """Store the checked match, played by ``user`` in seat 0, and whether it is new: a match
    already stored under ``offline_id`` is returned as it is."""
    stored = _stored(offline_id, user)
    if stored is not None:
        return stored, False
    try:
        with transaction.atomic():
            match = _create(user, offline_id, checked.levels, checked.state, checked.record)
    except IntegrityError:
        # The same record sent twice at once: the other request stored it.
        stored = _stored(offline_id, user)
        if stored is None:
            raise
        return stored, False
    return match, True


def _stored(offline_id: uuid.UUID, user: Any) -> Match | None:
    match = Match.objects.filter(offline_id=offline_id).first()
    if match is not None and match.created_by_id != user.id:
        raise Conflict(_("Another player has already sent this match."),
                       code="offline_match_taken")
    return match


def _levels(opponents: list[str]) -> list[str]:
    levels = [spec[4:] for spec in opponents if isinstance(spec, str) and spec.startswith("bot:")]
    if len(opponents) != 3 or len(levels) != 3 or any(lv not in OFFLINE_LEVELS for lv in levels):
        raise DomainError(_("An offline match is played against three bots: easy, normal or "
                            "hard."), code="bad_opponents")
    return levels


def _replayed(record: dict[str, Any]) -> MatchState:
    """The final state of ``record`` as the engine replays it, or a refusal."""
    try:
        state = replay_record(record)
    except EngineError:
        raise DomainError(_("This match does not replay under the rules, so it was not "
                            "saved."), code="bad_record")
    if state.phase != "finished":
        raise DomainError(_("An offline match is saved once it has finished."),
                          code="not_finished")
    return state


def _create(user: Any, offline_id: uuid.UUID, levels: list[str], state: MatchState,
            record: dict[str, Any]) -> Match:
    now = timezone.now()
    moves = _moves(record)
    match = Match.objects.create(
        created_by=user, rules=state.rules.to_dict(), hands_to_play=state.rules.hands,
        turn_seconds=0, status=Match.Status.FINISHED, seq=1 + len(moves),
        finished_at=now, offline_id=offline_id,
    )
    store(match, state)
    match.save(update_fields=["state"])
    # The bots keep the names they had at the table on the phone.
    names = offline_bot_names(str(offline_id))
    seats = [Seat(match=match, number=0, kind=Seat.Kind.HUMAN, user=user)]
    seats += [Seat(match=match, number=n, kind=Seat.Kind.BOT, bot_level=level,
                   fixed_name=names[n])
              for n, level in enumerate(levels, start=1)]
    Seat.objects.bulk_create(seats)
    for move in moves:
        move.match = match
    Move.objects.bulk_create(moves)
    return match


def _moves(record: dict[str, Any]) -> list[Move]:
    """The move log of a replayed record, numbered as the server numbers a match's moves
    (the first deal is seq 1; every call, card, redeal and agreement after it one more)."""
    moves = []
    for before, action in record_steps(record):
        if action["type"] not in _MOVE_KINDS:
            continue  # a deal is not a move: the state holds every hand's cards
        seat = action.get("seat", 0)
        moves.append(Move(
            hand_number=before.hand_number, seq=len(moves) + 2, seat=seat,
            kind=action["type"], call=action.get("call"), card=action.get("card", ""),
            made_by=Move.MadeBy.HUMAN if seat == 0 else Move.MadeBy.BOT,
        ))
    return moves
