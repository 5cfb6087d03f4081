"""A match as one seat sees it, at one moment: built from the engine's ``view_for`` (the one
place that decides what a seat may see) in the one shape of ``games.view_shape``, sent over the
socket as ``match.view`` and answered by the HTTP API.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.engine import MatchState, Rules, new_match, view_for
from games.models import Match, Seat
from games.rated import unrated_reason
from games.view_shape import MatchView, SeatView, shaped


@dataclass(frozen=True)
class Moment:
    """The match just after one step of a change: what the players' views of it show."""

    seq: int
    status: str
    deadline: datetime | None
    state: MatchState | None  # None while the match waits for players
    hand_break_until: datetime | None = None


def moment_of(match: Match, state: MatchState | None) -> Moment:
    """The match as it stands now."""
    return Moment(seq=match.seq, status=match.status, deadline=match.deadline, state=state,
                  hand_break_until=match.hand_break_until)


def seat_view(seat: Seat, online: set[int] | None) -> SeatView:
    """One seat as the table shows it; ``online`` None: presence is not the viewer's to see."""
    return {
        "seat": seat.number,
        "name": seat.display_name,
        "kind": seat.public_kind,
        "level": seat.bot_level if seat.kind == Seat.Kind.BOT else None,
        "autopilot": seat.autopilot,
        "online": seat.user_id in online if seat.user_id and online is not None else None,
    }


def match_view(*, match: Match, seats: list[Seat], seat: int | None, at: Moment,
               online: set[int]) -> MatchView:
    """The view of ``match`` for ``seat`` as it was ``at`` one moment, with ``online`` the
    seated players who have a socket open. Whether a player is online is for the players at
    the table: a visitor holding the invite code (``seat`` None) sees no one's."""
    state = at.state
    if state is None:
        # Before the first deal: the engine's view of a match with no cards out yet.
        state = new_match(Rules.from_dict(match.rules), first_dealer=0)
    return shaped(
        view_for(state, seat), dealt=at.state is not None,
        id=match.id, status=at.status, seq=at.seq,
        seats=[seat_view(s, online if seat is not None else None) for s in seats],
        hands=match.hands_to_play, turn_seconds=match.turn_seconds,
        deadline=at.deadline.isoformat() if at.deadline else None,
        hand_break_until=at.hand_break_until.isoformat() if at.hand_break_until else None,
        invite_code=match.invite_code if seat is not None else None,
        created_at=match.created_at.isoformat() if match.created_at else None,
        rules=match.rules,
        unrated_reason=unrated_reason(
            match=match, seats=seats,
            hands_played=len(at.state.history) if at.status == Match.Status.FINISHED
            and at.state is not None else None),
    )
