"""What happens next in a match, decided once: whose turn it is, whether a bot, autopilot or a
person takes it, and by when.

The transaction core (``games.services.table``) asks ``next_turn`` after every change, stores
the deadline it gives, and hands the answer to ``games.events``, which maps each kind to what
follows the commit through one table. Nothing else sorts these cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings

from games.engine import MatchState
from games.models import Seat

# With nobody else waiting for it, a seat on autopilot is played after this long at most (or
# the turn time, if shorter): its player can still come back, and an abandoned match ends.
AUTOPILOT_ALONE_SECONDS = 30
# The fastest turn time offered: its matches get a shorter pause between hands.
FAST_TURN_SECONDS = 15


class TurnKind(StrEnum):
    WAITING = "waiting"  # seats still to fill: nobody's turn
    FINISHED = "finished"  # the match is over
    BOT = "bot"  # a built-in or outside bot: played at once
    AUTOPILOT = "autopilot"  # a seat on autopilot that another player waits for: at once
    AUTOPILOT_ALONE = "autopilot_alone"  # on autopilot, nobody waiting: at its deadline
    PERSON_LIVE = "person_live"  # a present person on a short turn: a task due at the deadline
    PERSON_SLOW = "person_slow"  # a present person on a long turn: the sweeper, and a warning


@dataclass(frozen=True)
class NextTurn:
    """The answer for one moment of a match: ``seat`` (and its player's ``user_id``) is to act
    by ``deadline``; ``warn_at``: when a long turn's player is warned. ``fresh`` is False when
    the change left the turn where it was (an agreement to finish), so its player has been
    told already."""

    kind: TurnKind
    seat: int | None = None
    user_id: int | None = None
    deadline: datetime | None = None
    warn_at: datetime | None = None
    fresh: bool = True
    # After a hand's scoreboard pause: nothing is played, and no clock runs, before this.
    starts_at: datetime | None = None

    @property
    def plays_at_once(self) -> bool:
        return self.kind in (TurnKind.BOT, TurnKind.AUTOPILOT)


def hand_break_seconds(turn_seconds: int) -> float:
    """How long the scoreboard of a hand just ended stays up before the next hand's first
    turn begins: ``HAND_BREAK_SECONDS``, half as long at the fastest turn time."""
    pause = settings.HAND_BREAK_SECONDS
    return pause / 2 if turn_seconds <= FAST_TURN_SECONDS else pause


def next_turn(*, seats: list[Seat], state: MatchState | None, turn_seconds: int,
              now: datetime, fresh: bool = True,
              pause_until: datetime | None = None) -> NextTurn:
    """Who acts next and by when. A bot's turn, or autopilot's that someone waits for, gets a
    short grace as a safety net should its task be lost; a present person the turn time.
    With ``pause_until`` later than ``now`` (a hand break), the turn and its clock begin then."""
    starts_at = pause_until if pause_until is not None and pause_until > now else None
    if starts_at is not None:
        now = starts_at
    if state is None:
        return NextTurn(TurnKind.WAITING)
    if state.phase == "finished" or state.turn is None:
        return NextTurn(TurnKind.FINISHED if state.phase == "finished" else TurnKind.WAITING)
    seat = seats[state.turn]
    person = seat.kind == Seat.Kind.HUMAN
    user_id = seat.user_id if person else None

    def due(seconds: float) -> datetime:
        return now + timedelta(seconds=seconds)

    if not person:
        return NextTurn(TurnKind.BOT, seat.number, None, due(settings.BOT_TURN_GRACE_SECONDS),
                        fresh=fresh, starts_at=starts_at)
    if seat.autopilot:
        waited_for = any(s.kind == Seat.Kind.HUMAN and not s.autopilot for s in seats)
        if waited_for:
            return NextTurn(TurnKind.AUTOPILOT, seat.number, user_id,
                            due(settings.BOT_TURN_GRACE_SECONDS), fresh=fresh,
                            starts_at=starts_at)
        return NextTurn(TurnKind.AUTOPILOT_ALONE, seat.number, user_id,
                        due(min(turn_seconds, AUTOPILOT_ALONE_SECONDS)), fresh=fresh,
                        starts_at=starts_at)
    if turn_seconds <= settings.LIVE_DEADLINE_ETA_MAX_SECONDS:
        return NextTurn(TurnKind.PERSON_LIVE, seat.number, user_id, due(turn_seconds),
                        fresh=fresh, starts_at=starts_at)
    return NextTurn(TurnKind.PERSON_SLOW, seat.number, user_id, due(turn_seconds),
                    warn_at=due(turn_seconds * settings.DEADLINE_WARNING_FRACTION),
                    fresh=fresh, starts_at=starts_at)
