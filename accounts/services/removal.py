"""Removing an account: every device signed out, then the user row deleted.

The matches the person played keep their seats and records (the games app listens for the
deletion and marks each seat "Guest" or "Deleted player")."""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from knox.models import AuthToken

from accounts.models import SignedInSession
from accounts.services.devices import sockets_recheck


def account_delete(*, user: AbstractBaseUser) -> None:
    """Delete ``user``: their tokens and browser sessions end with it."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    with transaction.atomic():
        keys = list(SignedInSession.objects.filter(user=user)
                    .values_list("session_key", flat=True))
        user_id = user.pk
        AuthToken.objects.filter(user=user).delete()
        user.delete()
    for key in keys:
        store(session_key=key).delete()
    sockets_recheck(user_id=user_id)
