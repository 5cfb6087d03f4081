"""Reads of the people around the game: who are someone's friends and who blocked whom (what
games asks before it seats players together, shows a presence or delivers a reaction), and
ratings: the number a player shows, its history, a match's changes, and the leaderboards
(among friends, and global), all time or over the last 30 days.

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

from core.errors import DomainError
from social.models import Block, Friendship, PlayerRating, RatingChange, Reaction

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


# --- Friends and blocks ---------------------------------------------------------------------


def pair_of(a: Any, b: Any) -> Q:
    """The friendship row of two players, whichever of them asked."""
    return Q(from_user=a, to_user=b) | Q(from_user=b, to_user=a)


def friend_ids(*, user_id: int) -> list[int]:
    """The ids of ``user_id``'s friends (accepted requests either way), in one query."""
    rows = Friendship.objects.filter(
        Q(from_user_id=user_id) | Q(to_user_id=user_id), status=Friendship.Status.ACCEPTED
    ).values_list("from_user_id", "to_user_id")
    return sorted({b if a == user_id else a for a, b in rows})


def friendships_of(*, user: Any) -> dict[str, list[Any]]:
    """``user``'s friends, the requests they received and sent, and who they blocked, as
    users (one query each, names included)."""
    rows = list(Friendship.objects.filter(Q(from_user=user) | Q(to_user=user))
                .select_related("from_user", "to_user").order_by("-created_at", "-id"))
    friends = [r.to_user if r.from_user_id == user.id else r.from_user
               for r in rows if r.status == Friendship.Status.ACCEPTED]
    pending = [r for r in rows if r.status == Friendship.Status.REQUESTED]
    blocked = [b.blocked for b in Block.objects.filter(blocker=user).select_related("blocked")
               .order_by("blocked__username")]
    return {
        "friends": sorted(friends, key=lambda u: u.username.casefold()),
        "incoming": [r.from_user for r in pending if r.to_user_id == user.id],
        "outgoing": [r.to_user for r in pending if r.from_user_id == user.id],
        "blocked": blocked,
    }


def relation_between(*, user: Any, other_id: int) -> str:
    """How ``user`` stands with another player: ``self``, ``friends``, ``requested`` (user
    asked), ``incoming`` (they asked), ``blocked`` (user blocked them) or ``none``."""
    if other_id == user.id:
        return "self"
    if Block.objects.filter(blocker=user, blocked_id=other_id).exists():
        return "blocked"
    row = (Friendship.objects.filter(pair_of(user.id, other_id))
           .values_list("status", "from_user_id").first())
    if row is None:
        return "none"
    status, asker = row
    if status == Friendship.Status.ACCEPTED:
        return "friends"
    return "requested" if asker == user.id else "incoming"


def blocked_between(*, user_id: int, other_id: int) -> bool:
    """True when either of the two players blocked the other."""
    return Block.objects.filter(Q(blocker_id=user_id, blocked_id=other_id)
                                | Q(blocker_id=other_id, blocked_id=user_id)).exists()


def blocked_either_way(*, user_id: int) -> set[int]:
    """Everyone ``user_id`` blocked or was blocked by, in one query."""
    pairs = (Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id))
             .values_list("blocker_id", "blocked_id"))
    return {b if a == user_id else a for a, b in pairs}


def blocks_among(*, user_ids: list[int]) -> set[tuple[int, int]]:
    """Every (blocker, blocked) pair among ``user_ids``, in one query."""
    return set(Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids)
               .values_list("blocker_id", "blocked_id"))


# --- Reactions -------------------------------------------------------------------------------


def reactions_seen(*, match_id: int, people: list[int], viewer_id: int | None) -> list[dict]:
    """The reactions at match ``match_id`` (seated persons: ``people``) in the order sent,
    less those of players the viewer blocked or was blocked by (a reaction shows no card, so
    the replay may show the rest)."""
    blocked = blocks_among(user_ids=people) if viewer_id is not None else set()
    hidden = {a if b == viewer_id else b for a, b in blocked if viewer_id in (a, b)}
    return [{"seq": r["seq"], "seat": r["seat"], "reaction": r["reaction"]}
            for r in Reaction.objects.filter(match_id=match_id).order_by("id")
            .values("seq", "seat", "reaction", "user_id")
            if r["user_id"] not in hidden]
