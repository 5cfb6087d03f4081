"""The one shape of a match as a player sees it: built here from the engine's ``view_for``
(the one place that decides what a seat may see), sent over the socket as ``match.view``,
answered by the HTTP API and documented in the OpenAPI schema from the same types.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypedDict, get_type_hints

from games.engine import MatchState, Rules, new_match, view_for
from games.engine.bots import suggested_call
from games.models import Match, Seat


class SeatView(TypedDict):
    seat: int
    name: str
    kind: str
    level: Literal["easy", "normal", "hard", "expert"] | None
    autopilot: bool
    online: bool | None


class PlayedCard(TypedDict):
    seat: int
    card: str


class TrickView(TypedDict):
    leader: int
    winner: int
    cards: list[PlayedCard]


class HandResult(TypedDict):
    hand_number: int
    dealer: int
    calls: list[int]
    tricks_won: list[int]
    scores: list[int]
    totals: list[int]
    play_off: bool


class TableView(TypedDict):
    """The keys the match view takes from the engine's ``view_for`` as they are."""

    hand_number: int
    dealer: int | None
    turn: int | None
    legal: list[int | str]
    can_redeal: bool
    calls: list[int | None]
    tricks_won: list[int]
    trick: list[PlayedCard]
    tricks: list[TrickView]
    last_trick: TrickView | None
    scores: list[int]
    hand_results: list[HandResult]
    finish_votes: list[int]
    finish_agreed: bool
    play_off: bool


class MatchView(TableView):
    """One seat's view of a match (``my_seat`` None: a visitor holding the invite code)."""

    id: int
    status: Literal["waiting", "bidding", "playing", "finished"]
    seq: int
    my_seat: int | None
    seats: list[SeatView]
    hands: int | None
    turn_seconds: int
    deadline: str | None
    invite_code: str | None
    created_at: str | None
    rules: dict[str, Any]
    hand: list[str]
    places: list[int] | None
    suggested_call: int | None


TABLE_KEYS = tuple(get_type_hints(TableView))


@dataclass(frozen=True)
class Moment:
    """The match just after one step of a change: what the players' views of it show."""

    seq: int
    status: str
    deadline: datetime | None
    state: MatchState | None  # None while the match waits for players


def moment_of(match: Match, state: MatchState | None) -> Moment:
    """The match as it stands now."""
    return Moment(seq=match.seq, status=match.status, deadline=match.deadline, state=state)


def seat_view(seat: Seat, online: set[int]) -> SeatView:
    return {
        "seat": seat.number,
        "name": seat.display_name,
        "kind": seat.public_kind,
        "level": seat.bot_level if seat.kind == Seat.Kind.BOT else None,
        "autopilot": seat.autopilot,
        "online": seat.user_id in online if seat.user_id else None,
    }


def match_view(*, match: Match, seats: list[Seat], seat: int | None, at: Moment,
               online: set[int]) -> MatchView:
    """The view of ``match`` for ``seat`` as it was ``at`` one moment, with ``online`` the
    seated players who have a socket open."""
    state = at.state
    if state is None:
        # Before the first deal: the engine's view of a match with no cards out yet.
        state = new_match(Rules.from_dict(match.rules), first_dealer=0)
    engine = view_for(state, seat)
    view: dict[str, Any] = {key: engine[key] for key in TABLE_KEYS}
    if at.state is None:
        view.update(hand_number=0, dealer=None)
    view.update(
        id=match.id,
        status=at.status,
        seq=at.seq,
        my_seat=seat,
        seats=[seat_view(s, online) for s in seats],
        hands=match.hands_to_play,
        turn_seconds=match.turn_seconds,
        deadline=at.deadline.isoformat() if at.deadline else None,
        invite_code=match.invite_code if seat is not None else None,
        created_at=match.created_at.isoformat() if match.created_at else None,
        rules=match.rules,
        hand=engine.get("hand", []),
        places=engine["places"] if state.phase == "finished" else None,
        suggested_call=suggested_call(engine, seat=seat) if seat is not None else None,
    )
    return view  # type: ignore[return-value]
