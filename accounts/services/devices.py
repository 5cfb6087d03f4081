"""The devices a player is signed in on: an API token each, or a browser session each.

Tokens are django-rest-knox tokens: only a hash is stored, each expires after
``REST_KNOX["TOKEN_TTL"]`` and each can be revoked alone.
"""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest
from knox.models import AuthToken

from accounts.models import SignedInSession
from core.realtime import credentials_changed

# Every request with a token reads all of its player's tokens (knox drops the expired ones), and a
# player rarely signs in on more devices than this.
MAX_TOKENS_PER_USER = 20


@transaction.atomic
def device_token_create(*, user: AbstractBaseUser) -> tuple[AuthToken, str]:
    """A new token for one device: the stored row and the secret, shown to the client once.
    The oldest tokens beyond ``MAX_TOKENS_PER_USER`` are revoked."""
    instance, token = AuthToken.objects.create(user=user)
    older = (AuthToken.objects.filter(user=user).exclude(pk=instance.pk)
             .order_by("-created").values_list("pk", flat=True)[MAX_TOKENS_PER_USER - 1:])
    if AuthToken.objects.filter(pk__in=list(older)).delete()[0]:
        sockets_recheck(user_id=user.pk)
    return instance, token


def sockets_recheck(*, user_id: int) -> None:
    """Once this transaction commits, every open socket of ``user_id`` checks the token or
    session it was opened with, and closes if that one has ended."""
    transaction.on_commit(lambda: credentials_changed(user_id))


def device_sign_out(*, request: HttpRequest, token: AuthToken | None) -> None:
    """End this device's sign-in only: its token when it used one, else its session."""
    user_id = request.user.pk
    if token is not None:
        token.delete()
    else:
        logout(request)
    sockets_recheck(user_id=user_id)


def sign_out_everywhere(*, request: HttpRequest, user: AbstractBaseUser) -> None:
    """Revoke every token of ``user`` and end every browser session they signed in with."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    with transaction.atomic():
        AuthToken.objects.filter(user=user).delete()
        keys = list(SignedInSession.objects.filter(user=user).values_list("session_key",
                                                                           flat=True))
        SignedInSession.objects.filter(user=user).delete()
    for key in keys:
        store(session_key=key).delete()
    logout(request)  # this browser's cookie too, when the request came with one
    sockets_recheck(user_id=user.pk)  # now that the sessions are gone too
