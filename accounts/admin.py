"""Admin pages for accounts, push subscriptions and notification settings, and the admin's
sign-in."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import urlsplit

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from .models import FoldedUsername, NotificationSettings, PushSubscription
from .throttles import LiveScopedRateThrottle
from .usernames import username_fold, username_normalise

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


class _FoldedUsernameCheck:
    """Staff may pick reserved names, but not a twin of a name in use (see ``usernames``)."""

    def clean_username(self) -> str:
        name = username_normalise(self.cleaned_data["username"])
        twins = FoldedUsername.objects.filter(folded=username_fold(name))
        if self.instance.pk is not None:
            twins = twins.exclude(user_id=self.instance.pk)
        if twins.exists():
            raise ValidationError(_("That username is taken."), code="taken")
        return name


class AccountCreationForm(_FoldedUsernameCheck, AdminUserCreationForm):
    pass


class AccountChangeForm(_FoldedUsernameCheck, UserChangeForm):
    pass


admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class AccountAdmin(UserAdmin):
    form = AccountChangeForm
    add_form = AccountCreationForm
