"""Admin pages for accounts, and the admin's sign-in."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core.throttles import LiveScopedRateThrottle

from .models import FoldedUsername
from .services.usernames import username_fold, username_normalise

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
