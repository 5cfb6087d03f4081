"""Websocket authentication: the session cookie (browsers) or an ``Authorization: Token``
header (API clients), resolved once at the handshake."""

from __future__ import annotations

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser
from rest_framework.exceptions import AuthenticationFailed

from accounts.authentication import TokenAuthentication


@database_sync_to_async
def _user_for_token(key: str):  # noqa: ANN202
    try:
        user, _ = TokenAuthentication().authenticate_credentials(key.encode())
    except AuthenticationFailed:
        return AnonymousUser()
    return user


class _TokenHeaderMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):  # noqa: ANN001 - ASGI signature
        headers = dict(scope.get("headers", []))
        value = headers.get(b"authorization", b"").decode("latin-1")
        if value.startswith("Token "):
            scope = dict(scope, user=await _user_for_token(value[6:].strip()))
        return await super().__call__(scope, receive, send)


def TokenOrSessionAuthMiddleware(inner):  # noqa: ANN001, ANN201, N802 - mirrors Channels' stacks
    """Session auth first; a token header, when present, decides instead."""
    return AuthMiddlewareStack(_TokenHeaderMiddleware(inner))
