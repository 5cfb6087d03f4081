"""Tables for matches, seats and moves.

A match's story is told once: the ``Move`` rows are the log of every call, card and agreement
to finish, and the engine state after the last of them is stored in two parts
(``games.stored_state``): ``Match.state``, the hand under way, rewritten by every move, and a
``FinishedHand`` row per hand scored, written once. A view costs one read of the match with
its finished hands. Records and stats are derived from the state. Every change goes through
``games.services``.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bot_names import bot_name

# Invite codes are read aloud and typed on phones: capitals and digits nobody mixes up (no 0
# or O, 1, I or L), ten of them (about 2^49 codes; joining is throttled).
INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 10


def new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


def invite_code_forms(typed: str) -> list[str]:
    """The stored codes ``typed`` may stand for: itself, and a code of the alphabet above in
    whatever case, with spaces and dashes, it was typed (older codes mix cases and have
    dashes of their own, so they are matched as typed)."""
    exact = typed.strip()
    folded = "".join(c for c in exact if not c.isspace() and c != "-").upper()
    return list(dict.fromkeys([exact, folded]))


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        BIDDING = "bidding"
        PLAYING = "playing"
        FINISHED = "finished"

    ACTIVE = (Status.BIDDING, Status.PLAYING)

    # None once its creator's account is removed: the match and its record stay.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="created_matches",
    )
    rules = models.JSONField()
    # None: an open-ended match, played until the table agrees to finish.
    hands_to_play = models.PositiveSmallIntegerField(null=True, blank=True)
    turn_seconds = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    # Bumped by every change a player can see; clients send the seq they last saw.
    seq = models.PositiveIntegerField(default=0)
    invite_code = models.CharField(max_length=16, unique=True, default=new_invite_code)
    # The engine state after the last move, less its finished hands (``FinishedHand``) and
    # rules (``rules``), in the compact form of ``games.stored_state``. None before the deal.
    state = models.TextField(null=True, blank=True)  # noqa: DJ001 - None: not dealt yet
    turn = models.SmallIntegerField(null=True, blank=True)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Played on a phone with no network against its bots, then sent here (the record's id):
    # such a match is unrated, and stored once however often it is sent.
    offline_id = models.UUIDField(null=True, blank=True, unique=True)
    # A casual match (a casual quick match) moves nobody's rating.
    rated = models.BooleanField(default=True)
    # Listed under the open tables (``GET /api/tables/``) while it waits for players.
    public = models.BooleanField(default=False)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["-created_at"], name="match_public_waiting",
                                condition=Q(public=True, status="waiting"))]

    def __str__(self) -> str:
        return f"Match {self.pk} ({self.status})"

    # The current turn's deadline and warning time live in the match's ``TurnClock``; a match
    # read with its clock (``games.queries.table_of``) carries them, else the first use reads
    # the clock. The transaction core writes them back (``TurnClock.write``).
    @property
    def deadline(self) -> datetime | None:
        return self._clock_value("deadline")

    @deadline.setter
    def deadline(self, value: datetime | None) -> None:
        self.__dict__["deadline"] = value

    @property
    def warn_at(self) -> datetime | None:
        return self._clock_value("warn_at")

    @warn_at.setter
    def warn_at(self, value: datetime | None) -> None:
        self.__dict__["warn_at"] = value

    @property
    def hand_break_until(self) -> datetime | None:
        return self._clock_value("hand_break_until")

    @hand_break_until.setter
    def hand_break_until(self, value: datetime | None) -> None:
        self.__dict__["hand_break_until"] = value

    def _clock_value(self, name: str) -> datetime | None:
        if name not in self.__dict__:
            # The reverse accessor uses the clock a query selected with the match, if any.
            clock = getattr(self, "clock", None) if self.pk else None
            for field in TurnClock.TIMES:
                self.__dict__.setdefault(field, getattr(clock, field) if clock else None)
        return self.__dict__[name]


class TurnClock(models.Model):
    """The current turn's deadline of a match (the single source of truth for timeouts) and
    when the player on a long turn is warned that it is near.

    Kept apart from the match row, whose state changes with every move: the sweeper's indexes
    are on this small row, so the match row's updates change no indexed column and stay HOT
    (rewritten in place with no new index entries), which keeps the WAL of a move small."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True,
                                 related_name="clock")
    deadline = models.DateTimeField(null=True, blank=True)
    # None: no warning (a short turn, a bot's, or no turn at all).
    warn_at = models.DateTimeField(null=True, blank=True)
    # The match's seq when its player was warned: once per turn.
    warned_seq = models.PositiveIntegerField(null=True, blank=True)
    # The end of the pause after a hand, while its scoreboard shows: the next hand's first
    # turn, its clock and its bots begin then. None, or past, once play runs on.
    hand_break_until = models.DateTimeField(null=True, blank=True)

    # The times a match carries from its clock (``Match.deadline`` and the like).
    TIMES = ("deadline", "warn_at", "hand_break_until")

    class Meta:
        indexes = [
            models.Index(fields=["deadline"], name="clock_deadline",
                         condition=Q(deadline__isnull=False)),
            models.Index(fields=["warn_at"], name="clock_warn_at",
                         condition=Q(warn_at__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"clock of match {self.match_id}"

    @classmethod
    def write(cls, match: Match) -> None:
        """Store ``match``'s deadline, warning time and hand break, in one statement."""
        cls.objects.bulk_create(
            [cls(match_id=match.pk, **{name: getattr(match, name) for name in cls.TIMES})],
            update_conflicts=True, unique_fields=["match"], update_fields=list(cls.TIMES))


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human"
        BOT = "bot"
        EXTERNAL = "external"
        OPEN = "open"
        RESERVED = "reserved"

    class FormerPlayer(models.TextChoices):
        """Who sat here, once their account is gone: the seat and the record stay."""

        NONE = ""
        GUEST = "guest"
        DELETED = "deleted"

    # No index of its own on a foreign key whose column leads a unique constraint: that
    # constraint's index serves its look-ups, and every row written maintains one index fewer.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats",
                              db_index=False)
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # Set to None when the player's account is removed (see games.services.departures).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="seats",
    )
    reserved_for = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="reserved_seats",
    )
    # Who kept a reserved seat for ``reserved_for``: the match's creator, a rematch's asker
    # or a player seated at the waiting table.
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    former_player = models.CharField(max_length=8, choices=FormerPlayer.choices, blank=True,
                                     default=FormerPlayer.NONE)
    bot_level = models.CharField(max_length=10, blank=True, default="")
    # A bot's name kept from elsewhere (the offline match it was played in, the match a
    # rematch repeats); empty: the name the match's id gives it.
    fixed_name = models.CharField(max_length=40, blank=True, default="")
    external_url = models.URLField(max_length=300, blank=True, default="")
    # A seat on autopilot is played by the bot at once until its player acts again.
    autopilot = models.BooleanField(default=False)
    missed_turns = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_unique_number"),
            models.UniqueConstraint(
                fields=["match", "user"], name="seat_unique_user", condition=Q(user__isnull=False)
            ),
            models.CheckConstraint(condition=Q(number__lte=3), name="seat_number_0_3"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.number} of match {self.match_id}"

    @property
    def display_name(self) -> str:
        if self.kind == self.Kind.HUMAN and self.user is not None:
            return self.user.username
        if self.kind == self.Kind.HUMAN:
            if self.former_player == self.FormerPlayer.GUEST:
                return _("Guest")
            return _("Deleted player")
        if self.kind == self.Kind.BOT:
            return self.fixed_name or bot_name(match_id=self.match_id, seat_number=self.number)
        if self.kind == self.Kind.EXTERNAL:
            return "External bot"
        if self.kind == self.Kind.RESERVED and self.reserved_for is not None:
            # The seat's kind says it is an invitation; clients word that themselves.
            return self.reserved_for.username
        return "Open seat"

    @property
    def public_kind(self) -> str:
        return f"bot:{self.bot_level}" if self.kind == self.Kind.BOT else self.kind


class FinishedHand(models.Model):
    """A scored hand of a match: the engine's entry for it (``MatchState.history``, in
    ``games/engine/RECORD.md``), written once when the hand ends and never changed. Kept out of
    the match row so that a move does not rewrite the hands before it."""

    # The unique constraint's index serves these look-ups (see Seat.match).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="finished_hands",
                              db_index=False)
    number = models.PositiveSmallIntegerField()
    result = models.JSONField()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"],
                                    name="finished_hand_unique_number"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of match {self.match_id}"


class Move(models.Model):
    class Kind(models.TextChoices):
        CALL = "call"
        PLAY = "play"
        REDEAL = "redeal"
        FINISH = "finish"
        FINISH_AGREED = "finish_agreed"

    class MadeBy(models.TextChoices):
        HUMAN = "human"
        BOT = "bot"
        AUTOPILOT = "autopilot"
        EXTERNAL = "external"
        FALLBACK = "fallback"

    # The unique constraint's index serves these look-ups (see Seat.match).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves",
                              db_index=False)
    hand_number = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=13, choices=Kind.choices)
    call = models.PositiveSmallIntegerField(null=True, blank=True)
    card = models.CharField(max_length=2, blank=True, default="")
    made_by = models.CharField(max_length=10, choices=MadeBy.choices)
    note = models.CharField(max_length=200, blank=True, default="")
    # The time of the change that made it, the time the next turn's clock counts from.
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="move_unique_match_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.card or self.call} by seat {self.seat} (#{self.seq})"


class IdempotentResponse(models.Model):
    """The first answer to a request carrying an ``Idempotency-Key``, replayed on retries."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             db_index=False)  # idempotency_unique_key's index serves it
    key = models.CharField(max_length=80)
    match = models.ForeignKey(Match, on_delete=models.CASCADE)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key"),
        ]

    def __str__(self) -> str:
        return f"Idempotency-Key {self.key} of user {self.user_id}"


class Analysis(models.Model):
    """The strongest bot's review of one seat's calls and cards in a finished match."""

    class Status(models.TextChoices):
        PENDING = "pending"
        READY = "ready"
        FAILED = "failed"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses",
                              db_index=False)  # analysis_unique_seat's index serves it
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    decisions = models.JSONField(default=list)
    # Times it has been queued: a failed analysis may be asked for once more.
    attempts = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="analysis_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"Analysis of seat {self.seat} in match {self.match_id}"
