"""Reads: per-player views, match lists, records and stats. Nothing here writes.

Every view of a table is built by ``games.match_view`` from the engine's ``view_for`` for
the asking seat, the one place that decides what a seat may see.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Forbidden, NotFound
from games.engine import MatchState, Rules, match_record
from games.engine.ending import final_places
from games.engine.rules import made_call
from games.match_view import match_view, moment_of, seat_view
from games.models import Match, Seat
from games.queries import table_of
from games.view_shape import MatchView
from social.presence import online_users
from social.selectors import reactions_seen


def table_view(*, match: Match, seats: list[Seat], seat: int | None) -> MatchView:
    """``seat``'s view of the match as it stands now."""
    state = MatchState.from_json(match.state) if match.state is not None else None
    online = online_users([s.user_id for s in seats if s.user_id])
    return match_view(match=match, seats=seats, seat=seat, at=moment_of(match, state),
                      online=online)


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
    return matches.select_related("clock").prefetch_related(
        Prefetch("seats", queryset=seats)).order_by(
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
        "seats": [seat_view(s, online) for s in seats],
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
    record["seats"] = [seat_view(s, set()) for s in seats]
    record["match_id"] = match.id
    record["made_by"] = list(
        match.moves.order_by("seq").values("seq", "seat", "kind", "call", "card", "made_by",
                                           "note")
    )
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    record["reactions"] = reactions_seen(match_id=match.id, people=people, viewer_id=viewer_id)
    return record


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
