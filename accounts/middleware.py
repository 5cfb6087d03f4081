"""Note the day a signed-in person last used the app, so unused guest accounts can be removed.

One write per session per day: the day of the last note is kept in the session itself."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import Account

SEEN_KEY = "seen_on"


class LastSeenMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        today = timezone.now().date().isoformat()
        if request.session.get(SEEN_KEY) != today and request.user.is_authenticated:
            Account.objects.filter(user=request.user).update(last_seen_at=timezone.now())
            request.session[SEEN_KEY] = today
        return self.get_response(request)
