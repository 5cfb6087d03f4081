"""Register, sign in (session or token), sign out and ``me``: thin views over Django auth."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login, logout
from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .serializers import (
    AuthResultSerializer,
    CredentialsSerializer,
    MeSerializer,
    RegisterSerializer,
)
from .throttles import LiveScopedRateThrottle

User = get_user_model()


class AuthView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "auth"
    # Sign-in endpoints carry no session yet; CSRF is enforced once a session exists.
    authentication_classes: list = []


class RegisterView(AuthView):
    @extend_schema(request=RegisterSerializer, responses={201: AuthResultSerializer})
    def post(self, request: Request) -> Response:
        serializer = RegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = User.objects.create_user(
            username=data["username"], password=data["password"], email=data.get("email", "")
        )
        token = Token.objects.create(user=user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response(
            {"username": user.username, "token": token.key}, status=status.HTTP_201_CREATED
        )


class TokenView(AuthView):
    """API sign-in: the user's token."""

    start_session = False

    @extend_schema(request=CredentialsSerializer, responses={200: AuthResultSerializer})
    def post(self, request: Request) -> Response:
        serializer = CredentialsSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        if self.start_session:
            login(request, user)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"username": user.username, "token": token.key})


class LoginView(TokenView):
    """Browser sign-in: starts a session too."""

    start_session = True


class LogoutView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, Token):
            request.auth.delete()
        logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer})
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(request.user).data)


class CsrfView(APIView):
    """Sets the ``csrftoken`` cookie for the browser app and returns the token."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(responses={200: None})
    def get(self, request: Request) -> Response:
        return Response({"csrf_token": get_token(request)})
