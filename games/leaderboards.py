"""Reads of ratings: the number a player shows, its history, a match's changes, and the
leaderboards (among friends, and global), all time or over the last 30 days.

A leaderboard lists display names, ratings and match counts only: no presence, nothing of
any match. The global one lists players past their provisional matches who have not opted
out; the friends' one lists the asker and their friends, provisional or not.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.friends import friend_ids
from games.errors import DomainError
from games.models import PlayerRating, RatingChange

SCOPES = ("global", "friends")
PERIODS = ("all", "30d")
PERIOD_DAYS = 30
GRAPH_POINTS = 200
# A player's first matches say little; their rating is marked provisional until then.
PROVISIONAL_MATCHES = 10


def is_provisional(matches: int) -> bool:
    return matches < PROVISIONAL_MATCHES


def rating_public(row: PlayerRating | None) -> dict[str, Any]:
    """A player's rating as shown: None before their first rated match."""
    if row is None or row.matches == 0:
        return {"rating": None, "matches": 0, "provisional": True}
    return {"rating": row.rating, "matches": row.matches,
            "provisional": is_provisional(row.matches)}


def ratings_of(*, user_ids: list[int]) -> dict[int, dict[str, Any]]:
    """The shown rating of each of ``user_ids``, in one query."""
    rows = {r.user_id: r for r in PlayerRating.objects.filter(user_id__in=user_ids)}
    return {u: rating_public(rows.get(u)) for u in user_ids}


def rating_graph(*, user_id: int) -> list[dict[str, Any]]:
    """The player's rating after each of their last ``GRAPH_POINTS`` rated matches, oldest
    first, for the profile's graph."""
    changes = (RatingChange.objects.filter(user_id=user_id).order_by("-created_at", "-id")
               .values("match_id", "created_at", "after")[:GRAPH_POINTS])
    return [{"match_id": c["match_id"], "at": c["created_at"].isoformat(),
             "rating": c["after"]} for c in reversed(changes)]


def match_rating_changes(*, match_id: int) -> list[dict[str, Any]]:
    """What a finished match did to its rated players' ratings, by seat (empty until the
    worker has rated it, and for a match with nobody rated)."""
    changes = RatingChange.objects.filter(match_id=match_id).order_by("seat")
    return [change_public(c) for c in changes]


def change_public(change: RatingChange) -> dict[str, Any]:
    return {"seat": change.seat, "before": change.before, "after": change.after,
            "change": change.after - change.before, "matches": change.matches,
            "provisional": is_provisional(change.matches)}


def my_rating_changes(*, user_id: int, match_ids: list[int]) -> dict[int, dict[str, Any]]:
    """The user's own rating change in each of ``match_ids`` that was rated, in one query."""
    changes = RatingChange.objects.filter(user_id=user_id, match_id__in=match_ids)
    return {c.match_id: change_public(c) for c in changes}


def leaderboard(*, scope: str, period: str, user: Any) -> QuerySet[PlayerRating]:
    """The rows of one leaderboard, best first (ties by who got there first), each with
    ``username`` and ``period_matches``; one query per page and one to count."""
    if scope not in SCOPES:
        raise DomainError(_("Choose the global leaderboard or your friends'."),
                          code="bad_scope")
    if period not in PERIODS:
        raise DomainError(_("Choose all time or the last 30 days."), code="bad_period")
    rows = PlayerRating.objects.filter(matches__gt=0)
    if scope == "global":
        rows = rows.filter(matches__gte=PROVISIONAL_MATCHES, on_global_leaderboard=True)
    else:
        rows = rows.filter(user_id__in=[user.id, *friend_ids(user_id=user.id)])
    if period == "30d":
        since = timezone.now() - timedelta(days=PERIOD_DAYS)
        rows = rows.annotate(period_matches=Count(
            "user__rating_changes", filter=Q(user__rating_changes__created_at__gte=since)),
        ).filter(period_matches__gt=0)
    else:
        rows = rows.annotate(period_matches=F("matches"))
    return (rows.annotate(username=F("user__username"))
            .only("user_id", "rating", "matches").order_by("-rating", "updated_at", "user_id"))


def leaderboard_entries(rows: list[PlayerRating], *, first_rank: int) -> list[dict[str, Any]]:
    return [{"rank": first_rank + i, "username": row.username, "rating": row.rating,
             "matches": row.period_matches, "provisional": is_provisional(row.matches)}
            for i, row in enumerate(rows)]
