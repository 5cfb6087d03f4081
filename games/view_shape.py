"""The one shape of a match as a player sees it, and the one function that draws it from the
engine's ``view_for`` and the match's own facts: the server builds it (``games.match_view``),
the browser's offline referee too (``games.offline_referee``), and the same types describe
the socket frame, the HTTP body and the OpenAPI schema.

Pure Python over the engine (it is shipped to the browser beside it): no Django.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, get_type_hints

from games.engine.bots import suggested_call


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

    id: int | str  # a string: a match kept on the phone, not yet on the server
    status: Literal["waiting", "bidding", "playing", "finished"]
    seq: int
    my_seat: int | None
    seats: list[SeatView]
    hands: int | None
    turn_seconds: int
    deadline: str | None
    # The end of the pause after a hand, while its scoreboard shows; None when play runs on.
    hand_break_until: str | None
    invite_code: str | None
    created_at: str | None
    rules: dict[str, Any]
    hand: list[str]
    places: list[int] | None
    suggested_call: int | None  # the normal bot's call, for the seat to call, in unrated matches
    # Whether the match rates its players, and when not, why (the same for every seat).
    rated: bool
    unrated_reason: Literal["offline", "casual", "outside_bot", "guest", "short"] | None


TABLE_KEYS = tuple(get_type_hints(TableView))


def shaped(engine: dict[str, Any], *, dealt: bool, **match: Any) -> MatchView:
    """The match view of ``engine`` (``view_for`` of the viewer's seat, its ``seat`` None for a
    visitor), with the ``match``'s own facts (``id``, ``status``, ``seq``, ``seats``, ``hands``,
    ``turn_seconds``, ``deadline``, ``hand_break_until``, ``invite_code``, ``created_at``,
    ``rules``, ``unrated_reason``). ``dealt`` is False before the first deal: no hand, no
    dealer yet."""
    seat = engine["seat"]
    view: dict[str, Any] = {key: engine[key] for key in TABLE_KEYS}
    if not dealt:
        view.update(hand_number=0, dealer=None)
    view.update(match)
    view["rated"] = view["unrated_reason"] is None
    view.update(
        my_seat=seat,
        hand=engine.get("hand", []),
        places=engine["places"] if engine["phase"] == "finished" else None,
        # A rating measures the player's own calls: the hint is for unrated play only.
        suggested_call=(suggested_call(engine, seat=seat)
                        if seat is not None and not view["rated"] else None),
    )
    return view  # type: ignore[return-value]
