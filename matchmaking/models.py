"""A seek: a player waiting in the pool of one pace, rated or casual, for three others.

A seek changes state once: the player cancels it (``open`` → ``cancelled``), or the pairing
seats it (``open`` → ``matched``, with the match) or, at a live pace, cancels it for a player
who has left. Each is a conditional write on an open row, so no two can both happen.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

# Each pace and its turn time (a choice a match offers too).
PACE_SECONDS: dict[str, int] = {"15s": 15, "30s": 30, "60s": 60,
                                "1h": 3600, "1d": 86400, "3d": 259200}
LIVE_PACES = ("15s", "30s", "60s")


class Seek(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        MATCHED = "matched"
        CANCELLED = "cancelled"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="seeks", db_index=False)
    pace = models.CharField(max_length=3, choices=[(p, p) for p in PACE_SECONDS])
    rated = models.BooleanField()
    # The player's shown rating when they sought: what the pool groups by.
    rating = models.IntegerField()
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.OPEN)
    # From when bots may take the seats still empty; None: wait for people.
    bots_at = models.DateTimeField(null=True, blank=True)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    matched_at = models.DateTimeField(null=True, blank=True)
    # When the player of a long wait was asked whether bots should fill the table (once).
    asked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "pace"], condition=Q(status="open"),
                                    name="seek_one_open_per_pace"),
            models.CheckConstraint(condition=Q(status="matched") | Q(match__isnull=True),
                                   name="seek_match_only_when_matched"),
        ]
        indexes = [
            models.Index(fields=["pace", "rated", "created_at"], name="seek_pool",
                         condition=Q(status="open")),
            models.Index(fields=["user", "created_at"], name="seek_user_time"),
        ]

    def __str__(self) -> str:
        return f"seek {self.pk} of user {self.user_id} ({self.pace}, {self.status})"

    @property
    def live(self) -> bool:
        return self.pace in LIVE_PACES
