"""Reads: per-player views, match lists, records and stats. Nothing here writes.

Every view is built from the engine's ``view_for`` for the asking seat, the one place that
decides what a seat may see.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.friends import blocks_among
from games.engine import MatchState, Rules, match_record, view_for
from games.engine.bots import suggested_call
from games.engine.ending import final_places
from games.engine.rules import made_call
from games.errors import Forbidden, NotFound
from games.models import Match, Seat
from games.presence import online_users
from games.queries import table_of
from games.signals import Moment


def seat_public(seat: Seat, online: set[int]) -> dict[str, Any]:
    return {
        "seat": seat.number,
        "name": seat.display_name,
        "kind": seat.public_kind,
        "level": seat.bot_level if seat.kind == Seat.Kind.BOT else None,
        "autopilot": seat.autopilot,
        "online": seat.user_id in online if seat.user_id else None,
    }


def match_view(*, match: Match, seats: list[Seat], seat: int | None,
               state: MatchState | None = None, online: set[int] | None = None,
               at: Moment | None = None) -> dict[str, Any]:
    """The view of ``match`` for ``seat`` (None: a visitor holding the invite code); ``at``: as
    it was just after one step of a change, rather than as it is now."""
    if at is not None:
        state = at.state
    elif state is None and match.state is not None:
        state = MatchState.from_json(match.state)
    if online is None:
        online = online_users([s.user_id for s in seats if s.user_id])
    deadline = at.deadline if at is not None else match.deadline
    base: dict[str, Any] = {
        "id": match.id,
        "status": at.status if at is not None else match.status,
        "seq": at.seq if at is not None else match.seq,
        "my_seat": seat,
        "seats": [seat_public(s, online) for s in seats],
        "hands": match.hands_to_play,
        "turn_seconds": match.turn_seconds,
        "deadline": deadline.isoformat() if deadline else None,
        "invite_code": match.invite_code if seat is not None else None,
        "created_at": match.created_at.isoformat() if match.created_at else None,
        "rules": match.rules,
    }
    if state is None:
        return {
            **base, "hand_number": 0, "dealer": None, "turn": None, "hand": [], "legal": [],
            "can_redeal": False, "calls": [None] * 4, "tricks_won": [0] * 4, "trick": [],
            "tricks": [], "last_trick": None, "scores": [0] * 4, "hand_results": [],
            "places": None, "suggested_call": None, "finish_votes": [], "finish_agreed": False,
            "play_off": False,
        }
    view = view_for(state, seat)
    return {
        **base,
        "hand_number": view["hand_number"],
        "dealer": view["dealer"],
        "turn": view["turn"],
        "hand": view.get("hand", []),
        "legal": view["legal"],
        "can_redeal": view["can_redeal"],
        "calls": view["calls"],
        "tricks_won": view["tricks_won"],
        "trick": view["trick"],
        "tricks": view["tricks"],
        "last_trick": view["last_trick"],
        "scores": view["scores"],
        "hand_results": view["hand_results"],
        "places": view["places"] if state.phase == "finished" else None,
        "suggested_call": suggested_call(view, seat=seat) if seat is not None else None,
        "finish_votes": view["finish_votes"],
        "finish_agreed": view["finish_agreed"],
        "play_off": view["play_off"],
    }


def match_for_user(*, match_id: int, user: Any,
                   invite_code: str | None = None) -> tuple[Match, list[Seat], int | None]:
    """The match, its seats and the user's seat; 404 unless seated or holding the code."""
    found = table_of(match_id)
    if found is None:
        raise NotFound(_("No such match."))
    match, seats = found
    for seat in seats:
        if seat.user_id == user.id and seat.kind == Seat.Kind.HUMAN:
            return match, seats, seat.number
    if invite_code and invite_code == match.invite_code:
        return match, seats, None
    raise NotFound(_("No such match."))


def match_list(*, user: Any, status: str | None) -> QuerySet[Match]:
    """The user's matches, newest first, seats prefetched."""
    matches = Match.objects.filter(seats__user=user, seats__kind=Seat.Kind.HUMAN)
    if status == "active":
        matches = matches.filter(status__in=Match.ACTIVE)
    elif status:
        matches = matches.filter(status=status)
    seats = Seat.objects.select_related("user", "reserved_for").order_by("number")
    return matches.prefetch_related(Prefetch("seats", queryset=seats)).order_by(
        "-updated_at", "-id"
    )


def match_summary(*, match: Match, user: Any, online: set[int]) -> dict[str, Any]:
    seats = list(match.seats.all())
    my_seat = next((s.number for s in seats if s.user_id == user.id), None)
    finished = match.status == Match.Status.FINISHED
    state = match.state or {}
    scores = state.get("scores", [0] * 4)
    places = final_places(MatchState.from_json(state)) if finished else None
    return {
        "id": match.id,
        "status": match.status,
        "my_seat": my_seat,
        "my_turn": match.status in Match.ACTIVE and match.turn == my_seat,
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "seats": [seat_public(s, online) for s in seats],
        "hand_number": state.get("hand_number", 0),
        "hands": match.hands_to_play,
        "scores": scores,
        "places": places,
        "created_at": match.created_at.isoformat(),
        "updated_at": match.updated_at.isoformat(),
        "offline": match.offline_id is not None,
    }


def match_record_for(*, match: Match, seats: list[Seat],
                     viewer_id: int | None = None) -> dict[str, Any]:
    """The engine's full record, once the match is over (before that it would show hands)."""
    if match.status != Match.Status.FINISHED or match.state is None:
        raise Forbidden(_("The record of a match is available once it has finished."),
                        code="not_finished")
    record = match_record(MatchState.from_json(match.state))
    record["seats"] = [seat_public(s, set()) for s in seats]
    record["match_id"] = match.id
    record["made_by"] = list(
        match.moves.order_by("seq").values("seq", "seat", "kind", "call", "card", "made_by",
                                           "note")
    )
    record["reactions"] = reactions_seen(match=match, seats=seats, viewer_id=viewer_id)
    return record


def reactions_seen(*, match: Match, seats: list[Seat], viewer_id: int | None) -> list[dict]:
    """The match's reactions in the order sent, less those of players the viewer blocked or
    was blocked by (a reaction shows no card, so the replay may show the rest)."""
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    blocked = blocks_among(user_ids=people) if viewer_id is not None else set()
    hidden = {a if b == viewer_id else b for a, b in blocked if viewer_id in (a, b)}
    return [{"seq": r["seq"], "seat": r["seat"], "reaction": r["reaction"]}
            for r in match.reactions.order_by("id").values("seq", "seat", "reaction", "user_id")
            if r["user_id"] not in hidden]


def user_stats(*, username: str, viewer: Any = None) -> dict[str, Any]:
    """Matches played, wins (first places, shared ones included), average total and calls
    made, over finished matches; every figure is read from the matches' final states.

    A guest's stats are theirs alone until they claim the account: to anyone else, no such
    player."""
    user = (get_user_model().objects.filter(username=username)
            .only("id", "account__is_guest").select_related("account").first())
    if user is None or (user.account.is_guest and getattr(viewer, "pk", None) != user.pk):
        raise NotFound(_("No such player."))
    seats = (Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN,
                                 match__status=Match.Status.FINISHED)
             .select_related("match").only("number", "match", "match__state",
                                           "match__rules", "match__finished_at")
             .order_by("match__finished_at"))
    results, made, called = [], 0, 0
    for seat in seats:
        match = seat.match
        state = MatchState.from_json(match.state)
        rules = Rules.from_dict(match.rules)
        for hand in state.history:
            called += 1
            made += made_call(hand["calls"][seat.number], hand["tricks_won"][seat.number], rules)
        results.append({"match_id": match.id, "finished_at": match.finished_at.isoformat(),
                        "total": state.scores[seat.number],
                        "place": final_places(state)[seat.number],
                        "hands": rules.hands, "hands_played": len(state.history)})
    played = len(results)
    return {
        "username": username,
        "matches_played": played,
        "wins": sum(1 for r in results if r["place"] == 1),
        "average_total": round(sum(r["total"] for r in results) / played, 1) if played else 0,
        "calls_made_pct": round(100 * made / called, 1) if called else 0.0,
        "results": results,
    }


def invite_preview(*, invite_code: str) -> dict[str, Any]:
    """What an invite link may tell someone not yet seated: who invited them, to how many
    hands at what pace, and whether a seat is left. Nothing of any seat's cards or players."""
    match = (Match.objects.filter(invite_code=invite_code).select_related("created_by")
             .only("status", "hands_to_play", "turn_seconds", "rules", "created_by__username")
             .first())
    if match is None:
        raise NotFound(_("No match has that invite code."), code="bad_invite_code")
    open_seats = match.seats.filter(kind=Seat.Kind.OPEN).count()
    return {
        "invited_by": match.created_by.username if match.created_by else None,
        "hands": match.hands_to_play,
        "turn_seconds": match.turn_seconds,
        "rules": match.rules,
        "started": match.status != Match.Status.WAITING,
        "open_seats": open_seats,
    }


def match_export(*, user: Any) -> dict[str, Any]:
    """Every finished match ``user`` played, each in the record format, oldest first."""
    ids = (Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN,
                               match__status=Match.Status.FINISHED)
           .order_by("match__finished_at", "match_id").values_list("match_id", flat=True))
    records = []
    for match_id in ids:
        match, seats = table_of(match_id)
        records.append(match_record_for(match=match, seats=seats))
    return {"username": user.get_username(), "exported_at": timezone.now().isoformat(),
            "matches": records}
