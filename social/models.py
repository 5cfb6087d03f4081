"""The people around the game: friendships and blocks between players, their ratings and
what each rated match did to them, and the reactions sent at a table.

This app sits below ``games`` and knows nothing of it: a match is named by its id alone,
which the games app hands over with the facts it tells (a finished match's places, a
reaction's seat and ``seq``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Greatest, Least


class Friendship(models.Model):
    """A friend request from ``from_user`` to ``to_user``, and once accepted a friendship of
    the two. One row per pair, whichever of them asked (the database refuses a second)."""

    class Status(models.TextChoices):
        REQUESTED = "requested"
        ACCEPTED = "accepted"

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_requests_sent"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
        related_name="friend_requests_received",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REQUESTED)
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(Least("from_user", "to_user"),
                                    Greatest("from_user", "to_user"),
                                    name="friendship_unique_pair"),
            models.CheckConstraint(condition=~Q(from_user=F("to_user")),
                                   name="friendship_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.status} friendship {self.from_user_id} → {self.to_user_id}"


class Block(models.Model):
    """``blocker`` wants nothing from ``blocked``: no requests, invites or reactions."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made",
        db_index=False,  # block_unique_pair's index serves it
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique_pair"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_self"),
        ]

    def __str__(self) -> str:
        return f"user {self.blocker_id} blocks user {self.blocked_id}"


class PlayerRating(models.Model):
    """A player's OpenSkill rating (Plackett-Luce): ``mu`` and ``sigma``, and the one number
    shown for it, ``rating``. Written only by ``social.services.ratings``; a player with no row
    has not finished a rated match."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.IntegerField()
    matches = models.PositiveIntegerField(default=0)
    # The player's choice, in Settings: listed on the global leaderboard or not.
    on_global_leaderboard = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["-rating", "user"], name="rating_board")]

    def __str__(self) -> str:
        return f"rating {self.rating} of user {self.user_id}"


class RatingChange(models.Model):
    """What one finished match did to one player's rating: written once per match and player
    (the unique constraint makes a second delivery of the finished match a no-op)."""

    match_id = models.BigIntegerField()  # rating_change_unique's index serves it
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes", db_index=False)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    before = models.IntegerField()
    after = models.IntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    # The player's rated matches including this one: the first 10 are provisional.
    matches = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match_id", "user"], name="rating_change_unique"),
        ]
        indexes = [models.Index(fields=["user", "created_at"], name="rating_change_user_time")]

    def __str__(self) -> str:
        return f"rating {self.before} → {self.after} of user {self.user_id} in {self.match_id}"


class Reaction(models.Model):
    """One reaction a seated player sent at a table. Kept beside the match, never in its
    engine state: it changes nothing of the game, and the replay shows it at ``seq``."""

    match_id = models.BigIntegerField()  # reaction_match_seq's index serves it
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="reactions")
    reaction = models.CharField(max_length=12)
    # The match's seq when it was sent: where the replay shows it.
    seq = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["match_id", "seq"], name="reaction_match_seq")]

    def __str__(self) -> str:
        return f"{self.reaction} from seat {self.seat} of match {self.match_id}"
