"""Register, sign in (browser session or device token), sign out and ``me``: thin views over
Django auth and django-rest-knox."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.db import IntegrityError, transaction
from django.middleware.csrf import get_token
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from knox.models import AuthToken
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from callbreak_site.parsers import BoundedJSONParser

from . import devices, email
from .csrf import CsrfCheckedForBrowsers
from .languages import account_language, language_cookie_set
from .models import Account
from .serializers import (
    AccountLanguageSerializer,
    CredentialsSerializer,
    MeSerializer,
    RegisterSerializer,
    SignedInSerializer,
    TokenSerializer,
)
from .throttles import LiveScopedRateThrottle

User = get_user_model()


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
            email.email_change(request=request, user=user, email=user.email)
        return Response({"username": user.username}, status=status.HTTP_201_CREATED)


class TokenView(AuthView):
    """API sign-in: a new token for this device, valid until it expires or is revoked."""

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
