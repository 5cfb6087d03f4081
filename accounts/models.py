"""Who a person is beside the login: the folded form of their username, the browser sessions
they signed in with, and their account (guest or not, language)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class FoldedUsername(models.Model):
    """An account's username in folded form (see ``accounts.services.usernames``), unique
    across accounts: the database refuses a second name that differs from one in use only in
    case or width."""

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
    # The number of the latest confirmation link: only that link confirms, and only once.
    email_link_number = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["last_seen_at"], name="account_guest_last_seen",
                         condition=models.Q(is_guest=True)),
        ]

    def __str__(self) -> str:
        return f"account of user {self.user_id}"
