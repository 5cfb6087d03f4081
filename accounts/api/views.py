"""The accounts API, thin views over Django auth, django-rest-knox and ``accounts.services``:
register, sign in (browser session or device token), sign out and ``me``; and the accounts a
person can keep: a guest's one-tap start and claim, email and its confirmation, password
reset and change, and deleting the account. All throttled, and none tells whether an account
or an email exists."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, login, logout, update_session_auth_hash
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from knox.models import AuthToken
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Account
from accounts.selectors import account_language
from accounts.services import devices, email, guests, passwords, removal
from core.api import valid_body
from core.parsers import BoundedJSONParser
from core.throttles import LiveScopedRateThrottle

from .csrf import CsrfCheckedForBrowsers
from .serializers import (
    AccountDeleteSerializer,
    AccountLanguageSerializer,
    ClaimSerializer,
    CredentialsSerializer,
    DoneSerializer,
    EmailSerializer,
    MeSerializer,
    PasswordChangeSerializer,
    PasswordResetConfirmSerializer,
    PasswordResetSerializer,
    RegisterSerializer,
    SignedInSerializer,
    TokenInSerializer,
    TokenSerializer,
)
from .throttles import SignInAccountThrottle

User = get_user_model()


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


class AuthView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "auth"
    # No session is read here; the ones that start a session check CSRF themselves.
    authentication_classes: list = []
    # A form post is what another site can make a browser send without asking.
    parser_classes = [BoundedJSONParser]


class RegisterView(AuthView):
    """Create an account and sign this browser in. API clients then ask ``token/``."""

    permission_classes = [CsrfCheckedForBrowsers]

    @extend_schema(request=RegisterSerializer, responses={201: SignedInSerializer})
    def post(self, request: Request) -> Response:
        serializer = RegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        sender = email.request_sender(request)
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=data["username"],
                                                password=data["password"],
                                                email=data.get("email", ""))
        except IntegrityError:
            # A twin signed up between the check and the insert.
            raise serializers.ValidationError({"username": [_("That username is taken.")]})
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if user.email:
            email.email_change(sender=sender, user=user, email=user.email)
        return Response({"username": user.username}, status=status.HTTP_201_CREATED)


class TokenView(AuthView):
    """API sign-in: a new token for this device, valid until it expires or is revoked."""

    throttle_classes = [LiveScopedRateThrottle, SignInAccountThrottle]

    @extend_schema(request=CredentialsSerializer, responses={200: TokenSerializer})
    def post(self, request: Request) -> Response:
        serializer = CredentialsSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        instance, token = devices.device_token_create(user=user)
        return Response({"username": user.username, "token": token, "expiry": instance.expiry})


class LoginView(AuthView):
    """Browser sign-in: starts a session."""

    permission_classes = [CsrfCheckedForBrowsers]
    throttle_classes = [LiveScopedRateThrottle, SignInAccountThrottle]

    @extend_schema(request=CredentialsSerializer, responses={200: SignedInSerializer})
    def post(self, request: Request) -> Response:
        serializer = CredentialsSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        login(request, user)
        response = Response({"username": user.username})
        # The account's language follows it to this browser.
        language = account_language(user)
        if language:
            language_cookie_set(response, language=language)
        return response


class LogoutView(APIView):
    """Sign this device out: its token, or its browser session. Other devices stay in."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        token = request.auth if isinstance(request.auth, AuthToken) else None
        devices.device_sign_out(request=request, token=token)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutEverywhereView(APIView):
    """Sign out on every device: every token is revoked and every browser session ended."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        devices.sign_out_everywhere(request=request, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer})
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request.user).data)

    @extend_schema(request=AccountLanguageSerializer, responses={200: MeSerializer})
    def patch(self, request: Request) -> Response:
        """Change the account's language or digits; the language cookie follows."""
        account, _created = Account.objects.get_or_create(user=request.user)
        serializer = AccountLanguageSerializer(account, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        request.user.account = account
        response = Response(MeSerializer(request.user).data)
        if "language" in serializer.validated_data:
            language_cookie_set(response, language=account.language)
        return response


class CsrfView(APIView):
    """Sets the ``csrftoken`` cookie for the browser app and returns the token."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(responses={200: None})
    def get(self, request: Request) -> Response:
        return Response({"csrf_token": get_token(request)})


def guest_sign_in(request: Any) -> Any:
    """A new guest, signed in on this browser (the session is the guest's only key)."""
    user = guests.guest_create()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


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
        data = valid_body(ClaimSerializer, request)
        try:
            user = guests.guest_claim(user=request.user, username=data["username"],
                                      password=data["password"], email=data.get("email", ""))
        except IntegrityError:
            raise serializers.ValidationError({"username": [_("That username is taken.")]})
        update_session_auth_hash(request, user)  # a new password must not sign this browser out
        if user.email:
            email.email_change(sender=email.request_sender(request), user=user,
                               email=user.email)
        return Response({"username": user.get_username()})


class EmailView(AccountView):
    """Set or remove the account's email; a new one is confirmed by a mailed link."""

    @extend_schema(request=EmailSerializer, responses={202: DoneSerializer})
    def post(self, request: Request) -> Response:
        address = valid_body(EmailSerializer, request)["email"]
        email.email_change(sender=email.request_sender(request), user=request.user,
                           email=address)
        detail = (_("We sent a link to %(email)s. Open it to confirm the address.")
                  % {"email": address}) if address else _("Your email is removed.")
        return Response({"detail": detail}, status=status.HTTP_202_ACCEPTED)


class EmailConfirmView(PublicAccountView):
    throttle_scope = "auth"

    @extend_schema(request=TokenInSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        email.email_confirm(token=valid_body(TokenInSerializer, request)["token"])
        return Response({"detail": _("Your email is confirmed.")})


class PasswordResetView(PublicAccountView):
    """Mail a reset link to the accounts with this confirmed email; the same answer either way."""

    @extend_schema(request=PasswordResetSerializer, responses={202: DoneSerializer})
    def post(self, request: Request) -> Response:
        address = valid_body(PasswordResetSerializer, request)["email"]
        email.password_reset_send(sender=email.request_sender(request), email=address)
        return Response({"detail": _("If an account has this confirmed email, a link to reset "
                                     "its password is on its way.")},
                        status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmView(PublicAccountView):
    throttle_scope = "auth"

    @extend_schema(request=PasswordResetConfirmSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        data = valid_body(PasswordResetConfirmSerializer, request)
        email.password_reset_confirm(uid=data["uid"], token=data["token"],
                                     password=data["password"])
        return Response({"detail": _("Your new password is set. Sign in with it.")})


class PasswordChangeView(AccountView):
    """Change the password: other devices are signed out, this one stays in."""

    throttle_scope = "auth"

    @extend_schema(request=PasswordChangeSerializer, responses={200: DoneSerializer})
    def post(self, request: Request) -> Response:
        data = valid_body(PasswordChangeSerializer, request)
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
        data = valid_body(AccountDeleteSerializer, request)
        user = request.user
        if user.has_usable_password() and not user.check_password(data.get("password", "")):
            raise PermissionDenied(_("That is not your password."), code="bad_password")
        removal.account_delete(user=user)
        logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)
