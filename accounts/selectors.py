"""Reads of accounts: which language the app speaks to a player (the account's choice, also
kept in Django's language cookie by ``accounts.api.views`` so every request of the browser is
answered in it; an account with no choice, "", follows the browser's ``Accept-Language``)."""

from __future__ import annotations

from accounts.models import Account


def account_language(user: object) -> str:
    """The account's chosen language, "" when it follows the browser (or has no account row)."""
    account = Account.objects.filter(user=user).only("language").first()
    return account.language if account else ""
