"""The deadline sweeper: finds overdue turns and plays them; warns players whose long turn
is running out. Restart-safe: every claim is conditional on ``seq``, so two sweepers (or a
sweeper and a task due at the deadline) never act twice on one turn."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F
from django.utils import timezone

from games.models import Match, TurnClock
from games.signals import turn_warning_due

from .moves import turn_timeout


def deadlines_sweep(*, now: datetime | None = None, limit: int = 200) -> int:
    """Play every overdue turn (oldest first, at most ``limit``); returns how many were played."""
    now = now or timezone.now()
    overdue = list(
        TurnClock.objects.filter(deadline__lt=now, match__status__in=Match.ACTIVE)
        .order_by("deadline").values_list("match_id", "match__seq")[:limit]
    )
    played = sum(turn_timeout(match_id=match_id, seq=seq, now=now) for match_id, seq in overdue)
    deadline_warnings(now=now)
    return played


def deadline_warnings(*, now: datetime, limit: int = 200) -> int:
    """Warn players of long turns once 80 % of the time has gone; once per turn."""
    candidates = (
        TurnClock.objects.filter(warn_at__lte=now, deadline__gt=now,
                                 match__status__in=Match.ACTIVE)
        .exclude(warned_seq=F("match__seq")).order_by("warn_at")
        .values_list("match_id", "match__seq")[:limit]
    )
    sent = 0
    for match_id, seq in candidates:
        claimed = TurnClock.objects.filter(match_id=match_id, match__seq=seq).exclude(
            warned_seq=seq).update(warned_seq=seq)
        if claimed:
            turn_warning_due.send(sender=Match, match_id=match_id, seq=seq)
            sent += 1
    return sent

