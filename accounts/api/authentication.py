"""``Authorization: Token …`` for the API: django-rest-knox's per-device tokens.

Knox decodes the token as UTF-8 and raises on bytes that are not, which would answer 500; a
token is plain ASCII, so anything else is refused as an unknown token before knox sees it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox import auth
from knox.models import AuthToken
from rest_framework import exceptions


class TokenAuthentication(auth.TokenAuthentication):
    def authenticate_credentials(self, token: bytes) -> tuple[Any, AuthToken]:
        if not token.isascii():
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(token)


class TokenScheme(KnoxTokenScheme):
    """Documents these tokens in the OpenAPI schema as knox's own are."""

    target_class = TokenAuthentication
