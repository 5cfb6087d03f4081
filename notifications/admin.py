"""Admin pages for push subscriptions and notification settings."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import admin

from notifications.models import NotificationSettings, PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "push_service", "created_at", "last_success_at")
    list_select_related = ("user",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("endpoint", "p256dh", "auth", "created_at", "last_success_at", "user_agent")

    @admin.display(description="push service")
    def push_service(self, subscription: PushSubscription) -> str:
        return urlsplit(subscription.endpoint).hostname or ""


@admin.register(NotificationSettings)
class NotificationSettingsAdmin(admin.ModelAdmin):
    list_display = ("user", "notify_turn", "notify_deadline", "notify_finished")
    list_select_related = ("user",)
    list_filter = ("notify_turn", "notify_deadline", "notify_finished")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
