"""``Authorization: Token …`` for the API, read in one prepared statement.

The same answers as DRF's ``TokenAuthentication`` (which this extends): the token and its user
in one query, ``Invalid token.`` for an unknown key, ``User inactive or deleted.`` for an
inactive user."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from callbreak_site import rows


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        users = get_user_model()
        db = rows.database()
        with db.cursor() as cursor:
            cursor.execute(_token_sql(db.vendor), [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token = rows.from_row(Token, row, db=db)
        user = rows.from_row(users, row, offset=len(Token._meta.concrete_fields), db=db)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        Token.user.field.set_cached_value(token, user)
        return user, token


@cache
def _token_sql(vendor: str) -> str:
    users = get_user_model()
    return (f"SELECT {rows.columns(Token, 't')}, {rows.columns(users, 'u')} "
            f"FROM {rows.table(Token)} t JOIN {rows.table(users)} u ON u.id = t.user_id "
            "WHERE t.key = %s")
