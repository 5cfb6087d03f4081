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
from games.engine import Rules, match_record
from games.engine.ending import final_places
from games.engine.rules import made_call
from games.match_view import match_view, moment_of, seat_view
from games.models import Match, Seat, invite_code_forms
from games.queries import table_of
from games.stored_state import state_of_match
from games.view_shape import MatchView
from social.presence import online_users
from social.selectors import blocked_either_way, reactions_seen


def table_view(*, match: Match, seats: list[Seat], seat: int | None) -> MatchView:
    """``seat``'s view of the match as it stands now."""
    state = state_of_match(match)
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
    if invite_code and match.invite_code in invite_code_forms(invite_code):
        return match, seats, None
    if any(s.kind == Seat.Kind.RESERVED and s.reserved_for_id == user.id for s in seats):
        return match, seats, None  # invited: the table opens for them to accept
    raise NotFound(_("No such match."))


def unfinished_vs_computer(*, user: Any, turn_seconds: int, hands: int,
                           level: str) -> int | None:
    """The newest match still in play that ``user`` made alone against three bots of
    ``level``, ``hands`` long at ``turn_seconds`` a turn ("Play vs computer" goes back to it
    rather than leaving it to autopilot), or None."""
    recent = (Match.objects.filter(created_by=user, status__in=Match.ACTIVE,
                                   turn_seconds=turn_seconds, hands_to_play=hands,
                                   offline_id__isnull=True)
              .prefetch_related("seats").order_by("-created_at", "-id")[:5])
    for match in recent:
        kinds = {(s.number, s.kind, s.user_id if s.number == 0 else s.bot_level)
                 for s in match.seats.all()}
        if kinds == {(0, Seat.Kind.HUMAN, user.id),
                     *((n, Seat.Kind.BOT, level) for n in (1, 2, 3))}:
            return match.id
    return None


def match_list(*, user: Any, status: str | None) -> QuerySet[Match]:
    """The user's matches, newest first, seats prefetched."""
    matches = Match.objects.filter(seats__user=user, seats__kind=Seat.Kind.HUMAN)
    if status == "active":
        matches = matches.filter(status__in=Match.ACTIVE)
    elif status:
        matches = matches.filter(status=status)
    seats = Seat.objects.select_related("user", "reserved_for").order_by("number")
    return matches.select_related("clock").prefetch_related(
        Prefetch("seats", queryset=seats), "finished_hands").order_by(
        "-updated_at", "-id"
    )


def match_summary(*, match: Match, user: Any, online: set[int]) -> dict[str, Any]:
    seats = list(match.seats.all())
    my_seat = next((s.number for s in seats if s.user_id == user.id), None)
    finished = match.status == Match.Status.FINISHED
    state = state_of_match(match)
    places = final_places(state) if finished and state is not None else None
    return {
        "id": match.id,
        "status": match.status,
        "my_seat": my_seat,
        "my_turn": match.status in Match.ACTIVE and match.turn == my_seat,
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "seats": [seat_view(s, online) for s in seats],
        "hand_number": state.hand_number if state is not None else 0,
        "hands": match.hands_to_play,
        "scores": list(state.scores) if state is not None else [0] * 4,
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
    record = match_record(state_of_match(match))
    record["seats"] = [seat_view(s, set()) for s in seats]
    record["match_id"] = match.id
    record["finished_at"] = match.finished_at.isoformat() if match.finished_at else None
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
             .prefetch_related("match__finished_hands")
             .order_by("match__finished_at"))
    results, made, called = [], 0, 0
    for seat in seats:
        match = seat.match
        state = state_of_match(match)
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
    hands at what pace, and whether a seat is left. Nothing of any seat's cards or players,
    and nothing once the match has started."""
    match = (Match.objects.filter(invite_code__in=invite_code_forms(invite_code))
             .select_related("created_by")
             .only("status", "hands_to_play", "turn_seconds", "rules", "created_by__username")
             .first())
    if match is None:
        raise NotFound(_("No match has that invite code."), code="bad_invite_code")
    if match.status != Match.Status.WAITING:
        raise NotFound(_("This match has started: its invite has ended."), code="invite_ended")
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


def invitations_for(*, user: Any) -> list[dict[str, Any]]:
    """The waiting matches where a seat is reserved for ``user``, newest first: who invited
    them, the rules and the pace."""
    seats = (Seat.objects.filter(kind=Seat.Kind.RESERVED, reserved_for=user,
                                 match__status=Match.Status.WAITING)
             .select_related("match", "invited_by").order_by("-match_id"))
    return [{"match_id": s.match_id,
             "invited_by": s.invited_by.username if s.invited_by else None,
             "rules": s.match.rules, "hands": s.match.hands_to_play,
             "turn_seconds": s.match.turn_seconds, "rematch": s.match.rematch_of_id is not None}
            for s in seats]


def open_tables(*, user: Any, limit: int = 50) -> list[dict[str, Any]]:
    """Public matches waiting for players, newest first, with their invite code (a public
    table is joined with it, and the join checks blocks and seats again). A table where
    ``user`` sits already, or where anyone has a block with them, is not listed: a block is
    not announced."""
    blocked = blocked_either_way(user_id=user.id)
    seats = Seat.objects.select_related("user", "reserved_for").order_by("number")
    matches = (Match.objects.filter(public=True, status=Match.Status.WAITING)
               .select_related("created_by").prefetch_related(Prefetch("seats", queryset=seats))
               .order_by("-created_at")[:limit])
    tables = []
    for match in matches:
        table = list(match.seats.all())
        present = {match.created_by_id, *(s.user_id for s in table),
                   *(s.reserved_for_id for s in table)} - {None}
        free = sum(s.kind == Seat.Kind.OPEN for s in table)
        if not free or user.id in present or present & blocked:
            continue
        tables.append({
            "match_id": match.id, "invite_code": match.invite_code,
            "created_by": match.created_by.username if match.created_by else None,
            "rules": match.rules, "hands": match.hands_to_play,
            "turn_seconds": match.turn_seconds, "seats_free": free,
            "players": [s.display_name for s in table if s.kind != Seat.Kind.OPEN],
        })
    return tables
