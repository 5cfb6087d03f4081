"""How the server reaches a player who is away: the browsers (or installed apps) that asked
for Web Push, and which kinds of push the player wants."""

from __future__ import annotations

from django.conf import settings
from django.db import models


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


