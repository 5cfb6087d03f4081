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

from callbreak_site import rows
from games.engine import EngineError, MatchState, apply_action, deal_cards, view_for
from games.engine.bots import decide
from games.models import Hand, IdempotentResponse, Match, Move, Seat
from games.selectors import match_view, seats_of

from . import effects
from .errors import Forbidden, IllegalMove, NotFound, NotYourTurn, ServiceError, StaleSeq

_DEALER_RNG = secrets.SystemRandom()
AUTOPILOT_AFTER_MISSED = 2
AUTOPILOT_LEVEL = "normal"
# Consecutive bot turns one task plays (one transaction) before handing on to a new task.
BOT_CHAIN = 8
# The fields of a match row a committed move can change.
_CHANGED_BY_A_MOVE = ("seq", "status", "turn", "deadline", "warn_at", "state", "finished_at",
                      "current_hand", "updated_at")
_STATUS_OF_PHASE = {
    "bidding": Match.Status.BIDDING,
    "playing": Match.Status.PLAYING,
    "finished": Match.Status.FINISHED,
}


@dataclass
class Step:
    """One action to commit, and who made it."""

    action: dict[str, Any]
    made_by: str
    note: str = ""


@dataclass
class Acted:
    """The outcome of a service call: the match as committed, its seats and engine state."""

    match: Match
    seats: list[Seat]
    state: MatchState | None
    replayed: dict[str, Any] | None = None
    views: dict[int, dict[str, Any]] | None = None  # each seated player's view, by user id


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
            _set_deadline(match, seats, state, timezone.now())
            match.save(update_fields=["seq", "deadline", "warn_at", "updated_at"])
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
        acted = _commit(match, seats, state,
                        [Step(dict(action, seat=seat.number), Move.MadeBy.HUMAN)])
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
    and the bot turns straight after it (up to ``chain`` moves, within the same hand), all in
    one transaction.

    The bots decide from a snapshot before the lock is taken; the moves are written only if
    the match is still at ``seq``. An outside bot answers over the network, so its turn is
    never chained behind another. Returns False when there was nothing to do (a duplicate or
    late delivery)."""
    match, seats, start = _snapshot(match_id, seq)
    steps: list[Step] = []
    state = start
    while state is not None and state.turn is not None and len(steps) < chain:
        seat = seats[state.turn]
        if not (seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL) or seat.autopilot):
            break
        if steps and seat.kind == Seat.Kind.EXTERNAL:
            break
        steps.append(_bot_choice(match, seat, state))
        state = apply_action(state, steps[-1].action)
        if seat.kind == Seat.Kind.EXTERNAL:
            break
    if not steps:
        return False
    return _apply_if_current(match, seats, start, steps)


def turn_timeout(*, match_id: int, seq: int, now: datetime | None = None) -> bool:
    """Play an overdue turn for its absent player (exactly once per overdue turn).

    The caller may be the periodic sweeper or a task due at the deadline: whichever comes
    second finds ``seq`` moved and does nothing."""
    now = now or timezone.now()
    match, seats, state = _snapshot(match_id, seq)
    if state is None or state.turn is None or match.deadline is None or match.deadline > now:
        return False
    seat = seats[state.turn]
    if seat.kind == Seat.Kind.HUMAN:
        step = Step(_decide(state, seat.number, AUTOPILOT_LEVEL), Move.MadeBy.AUTOPILOT,
                    "turn deadline passed")
    else:
        step = _bot_choice(match, seat, state)
    return _apply_if_current(match, seats, state, [step], overdue_at=now)


def _snapshot(match_id: int, seq: int) -> tuple[Match | None, list[Seat], MatchState | None]:
    """The match as it is at ``seq`` (no lock); no state when it has moved on or ended."""
    match = rows.fetch(Match, match_id)
    if match is None or match.seq != seq or match.status not in Match.ACTIVE:
        return match, [], None
    return match, seats_of(match), _state(match)


def _bot_choice(match: Match, seat: Seat, state: MatchState) -> Step:
    if seat.kind == Seat.Kind.EXTERNAL:
        from .external import external_choice

        return Step(*external_choice(match=match, seat=seat, state=state))
    if seat.kind == Seat.Kind.BOT:
        return Step(_decide(state, seat.number, seat.bot_level), Move.MadeBy.BOT)
    return Step(_decide(state, seat.number, AUTOPILOT_LEVEL), Move.MadeBy.AUTOPILOT)


def _decide(state: MatchState, seat: int, level: str) -> dict[str, Any]:
    """The bot's action from the seat's own view only."""
    rng = random.Random(secrets.randbits(64))
    return decide(view_for(state, seat), seat=seat, level=level, rng=rng,
                  budget_ms=settings.BOT_BUDGET_MS)


def _apply_if_current(match: Match, seats: list[Seat], state: MatchState, steps: list[Step],
                      *, overdue_at: datetime | None = None) -> bool:
    """Commit ``steps`` decided on a snapshot of ``match`` and its seats, unless the match has
    moved on since.

    The snapshot is still the match as it is when ``seq`` is unchanged: every change to the
    match or a seat moves ``seq`` on. So only ``seq`` is read again, under the lock."""
    with transaction.atomic():
        current = rows.fetch(Match, match.pk, lock=True, only=("seq", "status", "deadline"))
        if current is None or current.seq != match.seq or current.status not in Match.ACTIVE:
            return False  # someone else got there first
        if overdue_at is not None and (current.deadline is None
                                       or current.deadline > overdue_at):
            return False
        if steps[0].made_by == Move.MadeBy.AUTOPILOT and overdue_at is not None:
            seat = seats[steps[0].action["seat"]]
            seat.missed_turns += 1
            seat.autopilot = seat.autopilot or seat.missed_turns >= AUTOPILOT_AFTER_MISSED
            seat.save(update_fields=["missed_turns", "autopilot"])
        _commit(match, seats, state, steps)
        return True


# --- The shared core ---------------------------------------------------------------------


def _lock(match_id: int) -> Match:
    match = rows.fetch(Match, match_id, lock=True)
    if match is None:
        raise NotFound("No such match.")
    return match


def _seat_of(seats: list[Seat], user: Any) -> Seat:
    for seat in seats:
        if seat.user_id == user.id and seat.kind == Seat.Kind.HUMAN:
            return seat
    raise NotFound("No such match.")


def _state(match: Match) -> MatchState:
    if match.state is None:
        raise Forbidden("This match has not started yet.", code="not_started")
    return MatchState.from_json(match.state)


def _commit(match: Match, seats: list[Seat], state: MatchState, steps: list[Step]) -> Acted:
    """Apply ``steps`` in order and store everything they change (the caller holds the lock):
    a move row for each, the hand and match rows once, and every player's view after each
    step for their socket. Only the last step may end a hand."""
    online = effects.table_presence(match, seats)
    now = timezone.now()
    moves, views, current = [], [], state
    for number, step in enumerate(steps, start=1):
        try:
            after = apply_action(current, step.action)
        except EngineError as error:
            raise IllegalMove(error.detail, code=error.code)
        match.seq += 1
        moves.append(Move(
            match=match, hand_id=match.current_hand_id, seq=match.seq, seat=step.action["seat"],
            kind=step.action["type"], call=step.action.get("call"),
            card=step.action.get("card", ""), made_by=step.made_by, note=step.note[:200],
        ))
        if number == len(steps):
            after = _store_hand(match, state, after)
        elif after.turn is None:
            raise ValueError("only the last step of a batch may end a hand")
        match.status = _STATUS_OF_PHASE[after.phase]
        match.turn = after.turn
        _set_deadline(match, seats, after, now)
        views.append(effects.views_of(match, seats, after, online))
        current = after
    rows.insert(moves)
    match.state = current.to_json()
    if current.phase == "finished":
        match.finished_at = now
    rows.update(match, _CHANGED_BY_A_MOVE)
    effects.after_change(match=match, seats=seats, state=current, views=views, online=online)
    return Acted(match, seats, current, views=views[-1])


def _store_hand(match: Match, before: MatchState, after: MatchState) -> MatchState:
    """Keep the current hand row in step; deal the next cards when a deal is due."""
    hand_id = match.current_hand_id
    hand_over = after.phase == "finished" or (
        after.phase == "dealing" and after.hand_number != before.hand_number)
    if hand_over:
        result = after.history[-1]
        rows.update_pk(Hand, hand_id, calls=result["calls"], tricks_won=result["tricks_won"],
                       scores=result["scores"], redeals=result["redeals"], finished=True)
    elif after.phase == "dealing":
        # Cards thrown in (a redeal request or a low total): same hand, dealt again.
        after = apply_action(after, {"type": "deal", "hands": deal_cards(_DEALER_RNG)})
        rows.update_pk(Hand, hand_id, deal=after.deal, redeals=after.redeals,
                       calls=after.calls, tricks_won=[0] * 4)
        return after
    elif after.calls != before.calls or after.tricks_won != before.tricks_won:
        rows.update_pk(Hand, hand_id, calls=after.calls, tricks_won=after.tricks_won)
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


def _set_deadline(match: Match, seats: list[Seat], state: MatchState, now: datetime) -> None:
    """The current turn's deadline: the turn time for a present human, a short grace for a
    bot (a safety net should its task be lost). A long human turn also gets the moment its
    player is warned that time is running out."""
    match.deadline = match.warn_at = None
    if state.turn is None or state.phase == "finished":
        return
    seat = seats[state.turn]
    if seat.kind == Seat.Kind.HUMAN and not seat.autopilot:
        match.deadline = now + timedelta(seconds=match.turn_seconds)
        if match.turn_seconds > settings.LIVE_DEADLINE_ETA_MAX_SECONDS:
            match.warn_at = now + timedelta(
                seconds=match.turn_seconds * settings.DEADLINE_WARNING_FRACTION)
    else:
        match.deadline = now + timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS)


def start_match(match: Match, seats: list[Seat]) -> MatchState:
    """All four seats are taken: draw the first dealer and deal the first hand."""
    from games.engine import Rules, new_match

    state = new_match(Rules.from_dict(match.rules), first_dealer=_DEALER_RNG.randrange(4))
    state = deal_next_hand(match, state)
    match.state = state.to_json()
    match.status = _STATUS_OF_PHASE[state.phase]
    match.turn = state.turn
    match.seq += 1
    _set_deadline(match, seats, state, timezone.now())
    return state
