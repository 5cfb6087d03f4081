"""Accounts a person can keep: a guest's one-tap start and claim, email and its confirmation,
password reset and change, and deleting the account. Thin views over ``guests``, ``email``
and ``removal``; all throttled, and none tells whether an account or an email exists."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout, update_session_auth_hash
from django.db import IntegrityError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from knox.models import AuthToken
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from callbreak_site.parsers import BoundedJSONParser

from . import email, guests, passwords, removal
from .account_serializers import (
    AccountDeleteSerializer,
    ClaimSerializer,
    DoneSerializer,
    EmailSerializer,
    PasswordChangeSerializer,
    PasswordResetConfirmSerializer,
    PasswordResetSerializer,
    TokenInSerializer,
)
from .csrf import CsrfCheckedForBrowsers
from .serializers import SignedInSerializer
from .throttles import LiveScopedRateThrottle


def guest_sign_in(request: Any) -> Any:
    """A new guest, signed in on this browser (the session is the guest's only key)."""
    user = guests.guest_create()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"detail": _("The body must be a JSON object.")})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class AccountView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "account"
    parser_classes = [BoundedJSONParser]


class PublicAccountView(AccountView):
    permission_classes = [AllowAny]
    # No session is read: these act on what the link or the address names.
    authentication_classes: list = []


class GuestView(AccountView):
    """Start as a guest on this browser: no name to choose, no password."""

    permission_classes = [CsrfCheckedForBrowsers]
    authentication_classes: list = []
    throttle_scope = "guest"

    @extend_schema(request=None, responses={201: SignedInSerializer})
    def post(self, request: Request) -> Response:
        user = guest_sign_in(request)
        return Response({"username": user.get_username()}, status=status.HTTP_201_CREATED)


class ClaimView(AccountView):
    """A guest keeps their account: a username and password of their own, same matches."""

    @extend_schema(request=ClaimSerializer, responses={200: SignedInSerializer})
    def post(self, request: Request) -> Response:
        data = _valid(ClaimSerializer, request)
        try:
            user = guests.guest_claim(user=request.user, username=data["username"],
                                      password=data["password"], email=data.get("email", ""))
        except IntegrityError:
            raise serializers.ValidationError({"username": [_("That username is taken.")]})
        update_session_auth_hash(request, user)  # a new password must not sign this browser out
        if user.email:
            email.email_change(request=request, user=user, email=user.email)
        return Response({"username": user.get_username()})


class EmailView(AccountView):
    """Set or remove the account's email; a new one is confirmed by a mailed link."""

    @extend_schema(request=EmailSerializer, responses={202: DoneSerializer})
    def post(self, request: Request) -> Response:
        address = _valid(EmailSerializer, request)["email"]
        email.email_change(request=request, user=request.user, email=address)
        detail = (_("We sent a link to %(email)s. Open it to confirm the address.")
                  % {"email": address}) if address else _("Your email is removed.")
        return Response({"detail": detail}, status=status.HTTP_202_ACCEPTED)


class EmailConfirmView(PublicAccountView):
    throttle_scope = "auth"

    @extend_schema(request=TokenInSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        email.email_confirm(token=_valid(TokenInSerializer, request)["token"])
        return Response({"detail": _("Your email is confirmed.")})


class PasswordResetView(PublicAccountView):
    """Mail a reset link to the accounts with this confirmed email; the same answer either way."""

    @extend_schema(request=PasswordResetSerializer, responses={202: DoneSerializer})
    def post(self, request: Request) -> Response:
        address = _valid(PasswordResetSerializer, request)["email"]
        email.password_reset_send(request=request, email=address)
        return Response({"detail": _("If an account has this confirmed email, a link to reset "
                                     "its password is on its way.")},
                        status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmView(PublicAccountView):
    throttle_scope = "auth"

    @extend_schema(request=PasswordResetConfirmSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        data = _valid(PasswordResetConfirmSerializer, request)
        email.password_reset_confirm(uid=data["uid"], token=data["token"],
                                     password=data["password"])
        return Response({"detail": _("Your new password is set. Sign in with it.")})


class PasswordChangeView(AccountView):
    """Change the password: other devices are signed out, this one stays in."""

    throttle_scope = "auth"

    @extend_schema(request=PasswordChangeSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        data = _valid(PasswordChangeSerializer, request)
        user = request.user
        if not user.check_password(data["old_password"]):
            raise serializers.ValidationError(
                {"old_password": [_("That is not your current password.")]})
        passwords.password_change(
            user=user, password=data["password"],
            keep=request.auth if isinstance(request.auth, AuthToken) else None)
        update_session_auth_hash(request, user)
        return Response({"detail": _("Your password is changed.")})


class AccountDeleteView(AccountView):
    """Delete the account: the matches keep their records, the name there reads "Deleted
    player" (a guest's: "Guest"), and every device is signed out."""

    throttle_scope = "auth"

    @extend_schema(request=AccountDeleteSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        data = _valid(AccountDeleteSerializer, request)
        user = request.user
        if user.has_usable_password() and not user.check_password(data.get("password", "")):
            raise PermissionDenied(_("That is not your password."), code="bad_password")
        removal.account_delete(user=user)
        logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)
