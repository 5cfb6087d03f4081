"""Reads of the pool: a player's seeks as the lobby shows them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone

from matchmaking.models import Seek
from matchmaking.pool import SEATS

# A matched seek stays listed this long, so a player who was away finds their match.
MATCHED_LISTED_FOR = timedelta(hours=1)


def seeks_of(*, user: Any) -> list[dict[str, Any]]:
    """``user``'s open seeks and those matched in the last hour, newest first, each with how
    many players its pool has found so far (itself included, at most four)."""
    recent = Q(status=Seek.Status.MATCHED, matched_at__gte=timezone.now() - MATCHED_LISTED_FOR)
    seeks = list(Seek.objects.filter(Q(status=Seek.Status.OPEN) | recent, user=user)
                 .order_by("-created_at", "-id"))
    pools = {(s.pace, s.rated) for s in seeks if s.status == Seek.Status.OPEN}
    waiting: dict[tuple[str, bool], int] = {}
    if pools:
        wanted = Q()
        for pace, rated in pools:
            wanted |= Q(pace=pace, rated=rated)
        waiting = {(row["pace"], row["rated"]): row["n"] for row in
                   Seek.objects.filter(wanted, status=Seek.Status.OPEN)
                   .values("pace", "rated").annotate(n=Count("id")).order_by()}
    return [seek_out(s, found=SEATS if s.status == Seek.Status.MATCHED
                     else min(SEATS, waiting.get((s.pace, s.rated), 1))) for s in seeks]


def seek_out(seek: Seek, *, found: int = 1) -> dict[str, Any]:
    return {"id": seek.id, "pace": seek.pace, "rated": seek.rated, "status": seek.status,
            "match_id": seek.match_id, "players_found": found, "bots_at": seek.bots_at,
            "created_at": seek.created_at}
