"""What a service announces inside its transaction, for ``games.events`` to act on after the
commit. Services sit below the side effects they cause, so they announce rather than call."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.dispatch import Signal


@dataclass(frozen=True)
class Moment:
    """The match just after one step of a change: what the players' views of it show."""

    seq: int
    status: str
    deadline: datetime | None
    state: Any  # the engine's MatchState; None while the match waits for players
    # False for a step that leaves the turn where it was (an agreement to finish): the
    # player on turn has been told already.
    new_turn: bool = True


# A match changed: ``match``, ``seats`` and ``moments``, the match after each step of the
# change, oldest first; the last is the match as committed.
match_changed = Signal()
# The player on a long turn is to be warned that its deadline is near: ``match_id``, ``seq``.
turn_warning_due = Signal()
# A player asked for the review of a seat: ``match_id``, ``seat``.
analysis_requested = Signal()
# A seated player sent a reaction: ``match_id``, ``seat``, ``user_id``, ``reaction``, ``seq``
# and ``recipients``, the seated people who may see it (nobody who blocked, or was blocked
# by, the sender).
reaction_sent = Signal()
