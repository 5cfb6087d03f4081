"""Which language the app speaks to a player: the account's choice, kept in Django's language
cookie too so every request of the browser (the shell, the API, the socket) is answered in it.
An account with no choice ("") follows the browser's ``Accept-Language``."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse

from .models import Account


def language_cookie_set(response: HttpResponse, *, language: str) -> None:
    """Make the browser send ``language`` from now on; "" gives the choice back to it."""
    if not language:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, path=settings.LANGUAGE_COOKIE_PATH,
                               domain=settings.LANGUAGE_COOKIE_DOMAIN)
        return
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def account_language(user: object) -> str:
    """The account's chosen language, "" when it follows the browser (or has no account row)."""
    account = Account.objects.filter(user=user).only("language").first()
    return account.language if account else ""
