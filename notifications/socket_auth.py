"""Websocket handshake: the page's origin first, then who is asking.

Browsers send any site's cookies with a websocket handshake, so a page elsewhere could open a
socket in a signed-in player's name; the ``Origin`` header is what tells it apart. It must be
the site's own origin (the scheme, host and port the socket was opened on, with the host in
``ALLOWED_HOSTS``) or one of ``CSRF_TRUSTED_ORIGINS``, compared exactly. The player is then
resolved once: the session cookie (browsers) or an ``Authorization: Token`` header (API
clients).
"""

from __future__ import annotations

import logging
from importlib import import_module
from typing import Any
from urllib.parse import urlsplit

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.http.request import split_domain_port, validate_host
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from knox.models import AuthToken
from rest_framework.exceptions import AuthenticationFailed

from accounts.api.authentication import TokenAuthentication

logger = logging.getLogger(__name__)

Origin = tuple[str, str, int]
DEFAULT_PORTS = {"http": 80, "https": 443}


def parse_origin(value: str) -> Origin | None:
    """``(scheme, host, port)`` of a serialised origin, the default port filled in; None for
    anything that is not exactly an http(s) origin."""
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if (scheme not in DEFAULT_PORTS or not parts.hostname or parts.path or parts.query
            or parts.fragment or parts.username is not None):
        return None
    return scheme, parts.hostname.lower(), DEFAULT_PORTS[scheme] if port is None else port


def _own_origin(scope: dict[str, Any], headers: dict[bytes, bytes]) -> Origin | None:
    host, port = split_domain_port(headers.get(b"host", b"").decode("latin-1"))
    if not host or not validate_host(host, settings.ALLOWED_HOSTS):
        return None
    secure = scope.get("scheme") in ("wss", "https")
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        name, value = proxy_header
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        secure = secure or headers.get(header, b"").decode("latin-1") == value
    scheme = "https" if secure else "http"
    return scheme, host.strip("[]"), int(port) if port else DEFAULT_PORTS[scheme]


def origin_allowed(scope: dict[str, Any]) -> bool:
    """True when the handshake's ``Origin`` is the site's own or a trusted one."""
    headers = dict(scope.get("headers", []))
    origin = parse_origin(headers.get(b"origin", b"").decode("latin-1"))
    if origin is None:
        return False
    trusted = {parse_origin(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == _own_origin(scope, headers) or origin in trusted


class SameOriginValidator:
    """Refuses the handshake (HTTP 403) of a socket opened from any other origin."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send):  # noqa: ANN001, ANN204 - ASGI signature
        if scope["type"] == "websocket" and not origin_allowed(scope):
            origin = dict(scope.get("headers", [])).get(b"origin", b"").decode("latin-1")
            logger.warning("Refused a websocket from origin %r.", origin[:100])
            return await WebsocketDenier.as_asgi()(scope, receive, send)
        return await self.inner(scope, receive, send)


@database_sync_to_async
def _user_for_token(key: str):  # noqa: ANN202
    """The token's user and the stored token's key (its digest), or nobody."""
    try:
        user, token = TokenAuthentication().authenticate_credentials(key.encode())
    except AuthenticationFailed:
        return AnonymousUser(), None
    return user, token.pk


class _TokenHeaderMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):  # noqa: ANN001 - ASGI signature
        headers = dict(scope.get("headers", []))
        value = headers.get(b"authorization", b"").decode("latin-1")
        if value.startswith("Token "):
            user, token = await _user_for_token(value[6:].strip())
            scope = dict(scope, user=user, auth_token=token)
        return await super().__call__(scope, receive, send)


@database_sync_to_async
def credential_holds(*, user_id: int, token: str | None, session_key: str | None) -> bool:
    """True while the credential a socket was opened with still signs ``user_id`` in: its
    token is neither revoked nor expired, or its browser session still exists and was signed
    in with the user's current password. Nothing is changed (a session is never flushed here:
    that is the page's own request to make)."""
    if token is not None:
        return AuthToken.objects.filter(
            Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()), pk=token, user_id=user_id,
            user__is_active=True).exists()
    if not session_key:
        return False
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    if not session.exists(session_key):
        return False
    if str(session.get(SESSION_KEY)) != str(user_id):
        return False
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    return user is not None and constant_time_compare(session.get(HASH_SESSION_KEY, ""),
                                                      user.get_session_auth_hash())


def TokenOrSessionAuthMiddleware(inner):  # noqa: ANN001, ANN201, N802 - mirrors Channels' stacks
    """Session auth first; a token header, when present, decides instead."""
    return AuthMiddlewareStack(_TokenHeaderMiddleware(inner))
