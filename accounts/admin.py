"""Admin pages for push subscriptions and notification settings, and the admin's sign-in."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import urlsplit

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from .models import NotificationSettings, PushSubscription
from .throttles import LiveScopedRateThrottle

# The admin's password form draws on the same budget as the API's sign-in, so splitting
# guesses between the two buys an attacker nothing.
_SIGN_IN = SimpleNamespace(throttle_scope="auth")


def admin_login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
    """The admin's sign-in page, with attempts throttled like ``/api/auth/login/``."""
    if request.method == "POST":
        throttle = LiveScopedRateThrottle()
        if not throttle.allow_request(request, _SIGN_IN):
            wait = throttle.wait()
            seconds = max(1, round(wait)) if wait is not None else 60
            return HttpResponse(
                f"Too many sign-in attempts. Try again in {seconds} seconds.\n",
                status=429, content_type="text/plain; charset=utf-8",
                headers={"Retry-After": str(seconds)},
            )
    return admin.site.login(request, extra_context)


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
