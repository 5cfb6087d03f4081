"""Whether a match rates its players, and if not, why: told in the match view before the
match starts, and applied when it ends (``games.services.results``).

A rating says how well a person plays against people playing for themselves and against the
built-in bots, whose strength is known. Anyone at the table who could be a second hand of
another player makes the whole match unrated, for everyone: an outside bot (its owner decides
its every move) or a guest (one tap makes one). So does a match too short to say much, and
a quick match its players asked to be casual.
"""

from __future__ import annotations

from typing import Literal

from accounts.models import Account
from games.engine.bots.ratings import BOT_RATINGS
from games.models import Match, Seat

# A rated match is at least this many hands long (played, when the table ends it early).
MIN_RATED_HANDS = 3

UnratedReason = Literal["offline", "casual", "outside_bot", "guest", "short"]


def unrated_reason(*, match: Match, seats: list[Seat],
                   hands_played: int | None = None) -> UnratedReason | None:
    """Why ``match`` rates nobody, or None when it rates its people. ``hands_played`` is given
    once the match has ended: an open-ended match, or one the table finished early, must
    have lasted ``MIN_RATED_HANDS``."""
    if match.offline_id is not None:
        return "offline"  # no referee saw it being played
    if not match.rated:
        return "casual"  # asked for so (a casual quick match)
    if any(s.kind == Seat.Kind.EXTERNAL or (s.kind == Seat.Kind.BOT
                                            and s.bot_level not in BOT_RATINGS) for s in seats):
        return "outside_bot"
    if _any_guest(seats):
        return "guest"
    planned = match.hands_to_play
    if (planned is not None and planned < MIN_RATED_HANDS) or (
            hands_played is not None and hands_played < MIN_RATED_HANDS):
        return "short"
    return None


def _any_guest(seats: list[Seat]) -> bool:
    people = [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
    known = [getattr(s, "user_is_guest", None) for s in people]
    if None not in known:  # read with the table (games.queries.table_of)
        return any(known)
    return Account.objects.filter(user_id__in=[s.user_id for s in people],
                                  is_guest=True).exists()
