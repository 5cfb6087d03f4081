"""Every change to a match in play: a player's call, card, redeal request or return from
autopilot; a bot's turn; an overdue turn played for an absent player.

One shape for all of them (``_commit``, under the row lock): check ``seq`` and the turn, ask the
engine, write the move, keep the hand row and the cached state in step, and schedule side
effects after commit. Bots think *before* the lock is taken, so no lock is held while they do.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engine import EngineError, MatchState, apply_action, deal_cards, view_for
from games.engine.bots import decide
from games.models import Hand, IdempotentResponse, Match, Move, Seat
from games.selectors import match_view, seats_of

from . import effects
from .errors import Forbidden, IllegalMove, NotFound, NotYourTurn, ServiceError, StaleSeq

_DEALER_RNG = secrets.SystemRandom()
AUTOPILOT_AFTER_MISSED = 2
AUTOPILOT_LEVEL = "normal"
# Consecutive bot turns one task plays before handing on to a new task.
BOT_CHAIN = 8
_STATUS_OF_PHASE = {
    "bidding": Match.Status.BIDDING,
    "playing": Match.Status.PLAYING,
    "finished": Match.Status.FINISHED,
}


@dataclass
class Acted:
    """The outcome of a service call: the match as committed, its seats and engine state."""

    match: Match
    seats: list[Seat]
    state: MatchState | None
    replayed: dict[str, Any] | None = None


# --- Players -------------------------------------------------------------------------------


def move_call(*, match_id: int, user: Any, call: int, seq: int,
              idempotency_key: str | None = None) -> Acted:
    """Make ``user``'s call in the bidding."""
    return _player_action(match_id=match_id, user=user, seq=seq, key=idempotency_key,
                          action={"type": "call", "call": call})


def move_play(*, match_id: int, user: Any, card: str, seq: int,
              idempotency_key: str | None = None) -> Acted:
    """Play ``card`` from ``user``'s hand to the current trick."""
    return _player_action(match_id=match_id, user=user, seq=seq, key=idempotency_key,
                          action={"type": "play", "card": card})


def move_redeal(*, match_id: int, user: Any, seq: int,
                idempotency_key: str | None = None) -> Acted:
    """Ask for a redeal (variants only, before the first call)."""
    return _player_action(match_id=match_id, user=user, seq=seq, key=idempotency_key,
                          action={"type": "redeal"}, any_turn=True)


def seat_back(*, match_id: int, user: Any) -> Acted:
    """The player takes their seat back from autopilot, at once."""
    with transaction.atomic():
        match = _lock(match_id)
        seats = seats_of(match)
        seat = _seat_of(seats, user)
        state = _state(match)
        if _take_back(seat):
            match.seq += 1
            match.deadline = _deadline(match, seats, state, timezone.now())
            match.save(update_fields=["seq", "deadline", "updated_at"])
            effects.after_change(match=match, seats=seats, state=state)
        return Acted(match, seats, state)


def _take_back(seat: Seat) -> bool:
    """The seat is its player's again: no autopilot, no missed turns. True if it changed."""
    if not (seat.autopilot or seat.missed_turns):
        return False
    seat.autopilot = False
    seat.missed_turns = 0
    seat.save(update_fields=["autopilot", "missed_turns"])
    return True


def _player_action(*, match_id: int, user: Any, seq: int, key: str | None,
                   action: dict[str, Any], any_turn: bool = False) -> Acted:
    with transaction.atomic():
        match = _lock(match_id)
        if key:
            stored = IdempotentResponse.objects.filter(user=user, key=key).first()
            if stored is not None:
                if stored.match_id != match.id:
                    raise ServiceError("That Idempotency-Key was used for another match.",
                                       code="idempotency_key_reused")
                return Acted(match, [], None, replayed=stored.body)
        seats = seats_of(match)
        seat = _seat_of(seats, user)
        if match.status not in Match.ACTIVE:
            raise ServiceError("This match is not in play.", code="not_in_play")
        state = _state(match)
        if seq != match.seq:
            raise StaleSeq("The table has moved on since you last saw it.",
                           match=(match, seats, seat.number))
        if not any_turn and state.turn != seat.number:
            raise NotYourTurn("It is not your turn.")
        _take_back(seat)
        acted = _commit(match, seats, state, dict(action, seat=seat.number),
                        made_by=Move.MadeBy.HUMAN)
        if key:
            # The first answer is the stored one, so every retry gets exactly the same body.
            acted.replayed = match_view(match=match, seats=seats, seat=seat.number,
                                        state=acted.state)
            IdempotentResponse.objects.create(user=user, key=key, match=match, status_code=200,
                                              body=acted.replayed)
        return acted


# --- Bots, autopilot and deadlines -----------------------------------------------------------


def bot_turn_play(*, match_id: int, seq: int, chain: int = BOT_CHAIN) -> bool:
    """Play the turn of a bot seat or a seat on autopilot, if it is still that turn at ``seq``,
    and the bot turns straight after it (up to ``chain`` moves, each its own transaction).

    Returns False when there was nothing to do (a duplicate or late delivery)."""
    played = False
    for step in range(chain):
        match, seats, state = _snapshot(match_id, seq)
        if state is None:
            break
        seat = seats[state.turn]
        if not (seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL) or seat.autopilot):
            break
        action, made_by, note = _bot_choice(match, seat, state)
        # The last move of the chain queues the next bot turn as a task of its own.
        if not _apply_if_current(match_id, seq, action, made_by=made_by, note=note,
                                 queue_bot=step == chain - 1):
            break
        played = True
        seq += 1
    return played


def turn_timeout(*, match_id: int, seq: int, now: datetime | None = None) -> bool:
    """Play an overdue turn for its absent player (exactly once per overdue turn).

    The caller may be the periodic sweeper or a task due at the deadline: whichever comes
    second finds ``seq`` moved and does nothing."""
    now = now or timezone.now()
    match, seats, state = _snapshot(match_id, seq)
    if state is None or match.deadline is None or match.deadline > now:
        return False
    seat = seats[state.turn]
    if seat.kind == Seat.Kind.HUMAN:
        action = _decide(state, seat.number, AUTOPILOT_LEVEL)
        made_by, note = Move.MadeBy.AUTOPILOT, "turn deadline passed"
    else:
        action, made_by, note = _bot_choice(match, seat, state)
    return _apply_if_current(match_id, seq, action, made_by=made_by, note=note, overdue_at=now)


def _snapshot(match_id: int, seq: int) -> tuple[Match | None, list[Seat], MatchState | None]:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.seq != seq or match.status not in Match.ACTIVE:
        return match, [], None
    state = _state(match)
    if state.turn is None:
        return match, [], None
    return match, seats_of(match), state


def _bot_choice(match: Match, seat: Seat, state: MatchState) -> tuple[dict[str, Any], str, str]:
    if seat.kind == Seat.Kind.EXTERNAL:
        from .external import external_choice

        return external_choice(match=match, seat=seat, state=state)
    if seat.kind == Seat.Kind.BOT:
        return _decide(state, seat.number, seat.bot_level), Move.MadeBy.BOT, ""
    return _decide(state, seat.number, AUTOPILOT_LEVEL), Move.MadeBy.AUTOPILOT, ""


def _decide(state: MatchState, seat: int, level: str) -> dict[str, Any]:
    """The bot's action from the seat's own view only."""
    rng = random.Random(secrets.randbits(64))
    return decide(view_for(state, seat), seat=seat, level=level, rng=rng,
                  budget_ms=settings.BOT_BUDGET_MS)


def _apply_if_current(match_id: int, seq: int, action: dict[str, Any], *, made_by: str,
                      note: str, overdue_at: datetime | None = None,
                      queue_bot: bool = True) -> bool:
    with transaction.atomic():
        match = _lock(match_id)
        if match.seq != seq or match.status not in Match.ACTIVE:
            return False  # someone else got there first
        if overdue_at is not None and (match.deadline is None or match.deadline > overdue_at):
            return False
        seats = seats_of(match)
        state = _state(match)
        seat = seats[action["seat"]]
        if made_by == Move.MadeBy.AUTOPILOT and overdue_at is not None:
            seat.missed_turns += 1
            seat.autopilot = seat.autopilot or seat.missed_turns >= AUTOPILOT_AFTER_MISSED
            seat.save(update_fields=["missed_turns", "autopilot"])
        _commit(match, seats, state, action, made_by=made_by, note=note, queue_bot=queue_bot)
        return True


# --- The shared core ---------------------------------------------------------------------


def _lock(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update(no_key=True).get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound("No such match.")


def _seat_of(seats: list[Seat], user: Any) -> Seat:
    for seat in seats:
        if seat.user_id == user.id and seat.kind == Seat.Kind.HUMAN:
            return seat
    raise NotFound("No such match.")


def _state(match: Match) -> MatchState:
    if match.state is None:
        raise Forbidden("This match has not started yet.", code="not_started")
    return MatchState.from_json(match.state)


def _commit(match: Match, seats: list[Seat], state: MatchState, action: dict[str, Any], *,
            made_by: str, note: str = "", queue_bot: bool = True) -> Acted:
    """Apply ``action`` and store everything it changes (the caller holds the lock)."""
    try:
        after = apply_action(state, action)
    except EngineError as error:
        raise IllegalMove(error.detail, code=error.code)
    match.seq += 1
    Move.objects.create(
        match=match, hand_id=match.current_hand_id, seq=match.seq, seat=action["seat"],
        kind=action["type"], call=action.get("call"), card=action.get("card", ""),
        made_by=made_by, note=note[:200],
    )
    after = _store_hand(match, state, after)
    now = timezone.now()
    match.state = after.to_json()
    match.status = _STATUS_OF_PHASE[after.phase]
    match.turn = after.turn
    match.deadline = _deadline(match, seats, after, now)
    if after.phase == "finished":
        match.finished_at = now
    match.save()
    effects.after_change(match=match, seats=seats, state=after, queue_bot=queue_bot)
    return Acted(match, seats, after)


def _store_hand(match: Match, before: MatchState, after: MatchState) -> MatchState:
    """Keep the current hand row in step; deal the next cards when a deal is due."""
    hand_id = match.current_hand_id
    hand_over = after.phase == "finished" or (
        after.phase == "dealing" and after.hand_number != before.hand_number)
    if hand_over:
        result = after.history[-1]
        Hand.objects.filter(pk=hand_id).update(
            calls=result["calls"], tricks_won=result["tricks_won"], scores=result["scores"],
            redeals=result["redeals"], finished=True,
        )
    elif after.phase == "dealing":
        # Cards thrown in (a redeal request or a low total): same hand, dealt again.
        after = apply_action(after, {"type": "deal", "hands": deal_cards(_DEALER_RNG)})
        Hand.objects.filter(pk=hand_id).update(
            deal=after.deal, redeals=after.redeals, calls=after.calls, tricks_won=[0] * 4,
        )
        return after
    elif after.calls != before.calls or after.tricks_won != before.tricks_won:
        Hand.objects.filter(pk=hand_id).update(calls=after.calls, tricks_won=after.tricks_won)
    if after.phase == "dealing":
        after = deal_next_hand(match, after)
    return after


def deal_next_hand(match: Match, state: MatchState) -> MatchState:
    """Deal with the CSPRNG, store the deal as a new hand row and make it current."""
    after = apply_action(state, {"type": "deal", "hands": deal_cards(_DEALER_RNG)})
    hand = Hand.objects.create(
        match=match, number=after.hand_number, dealer=after.dealer, deal=after.deal,
        calls=after.calls, tricks_won=after.tricks_won,
    )
    match.current_hand = hand
    return after


def _deadline(match: Match, seats: list[Seat], state: MatchState,
              now: datetime) -> datetime | None:
    """The current turn's deadline: the turn time for a present human, a short grace for a
    bot (a safety net should its task be lost)."""
    if state.turn is None or state.phase == "finished":
        return None
    seat = seats[state.turn]
    if seat.kind == Seat.Kind.HUMAN and not seat.autopilot:
        return now + timedelta(seconds=match.turn_seconds)
    return now + timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS)


def start_match(match: Match, seats: list[Seat]) -> MatchState:
    """All four seats are taken: draw the first dealer and deal the first hand."""
    from games.engine import Rules, new_match

    state = new_match(Rules.from_dict(match.rules), first_dealer=_DEALER_RNG.randrange(4))
    state = deal_next_hand(match, state)
    match.state = state.to_json()
    match.status = _STATUS_OF_PHASE[state.phase]
    match.turn = state.turn
    match.seq += 1
    match.deadline = _deadline(match, seats, state, timezone.now())
    return state
