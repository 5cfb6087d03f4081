"""A player's Web Push subscriptions and notification settings, the folded form of their
username, and the browser sessions they signed in with."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Greatest, Least
from django.utils import timezone


class PushSubscription(models.Model):
    """One browser (or installed app) that asked to be woken up for this player.

    ``endpoint`` is the push service URL the browser handed out; ``p256dh`` and ``auth`` are the
    browser's public key and auth secret (base64url, no padding) that messages are encrypted to.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=500, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    user_agent = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"


class NotificationSettings(models.Model):
    """Which kinds of push a player wants; a missing row means "all of them"."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    notify_turn = models.BooleanField(default=True)
    notify_deadline = models.BooleanField(default=True)
    notify_finished = models.BooleanField(default=True)

    class Meta:
        verbose_name_plural = "notification settings"

    def __str__(self) -> str:
        return f"notification settings of user {self.user_id}"


class FoldedUsername(models.Model):
    """An account's username in folded form (see ``accounts.usernames``), unique across accounts:
    the database refuses a second name that differs from one in use only in case or width."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="folded_username",
    )
    folded = models.TextField(unique=True)

    def __str__(self) -> str:
        return self.folded


class SignedInSession(models.Model):
    """A browser session a player signed in with, so "sign out everywhere" can end them all."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="signed_in_sessions"
    )
    session_key = models.CharField(max_length=40, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"session of user {self.user_id}"


class Account(models.Model):
    """What a person keeps beside the login: whether it is a guest's, and how the app speaks
    to them. Every user has one (created with the user, see ``accounts.signals``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="account",
    )
    # A guest plays from one device with no password until they claim the account.
    is_guest = models.BooleanField(default=False)
    # A code of settings.LANGUAGES, or "" to follow the browser.
    language = models.CharField(max_length=10, blank=True, default="")
    # Numbers in Latin digits even where the language's own digits are the default.
    latin_digits = models.BooleanField(default=False)
    # The last day the person used the app (a guest unused for 30 days is removed).
    last_seen_at = models.DateTimeField(default=timezone.now)
    # The address the person proved they read, by its link; confirmed while it equals the
    # user's email, so a changed email is unconfirmed until its own link is opened.
    confirmed_email = models.EmailField(blank=True, default="")

    class Meta:
        indexes = [
            models.Index(fields=["last_seen_at"], name="account_guest_last_seen",
                         condition=models.Q(is_guest=True)),
        ]

    def __str__(self) -> str:
        return f"account of user {self.user_id}"


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
