"""The games side of accounts: the one-tap first game (a guest when no one is signed in), an
invite link's preview for someone not yet signed in, and the export of a player's matches."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.account_views import guest_sign_in
from accounts.csrf import CsrfCheckedForBrowsers
from accounts.throttles import LiveScopedRateThrottle
from games import selectors
from games.services import matches as match_services

from . import serializers as s
from .views import errors, view_of


class VsComputerView(APIView):
    """Play vs computer: a 5-hand standard match at 30 s a turn against three bots, started at
    once. Someone not signed in becomes a guest on this browser first."""

    permission_classes = [CsrfCheckedForBrowsers]

    def get_throttles(self) -> list[Any]:
        throttle = LiveScopedRateThrottle()
        # A new account per tap is what a flood would make; a signed-in player just creates.
        self.throttle_scope = "create" if self.request.user.is_authenticated else "guest"
        return [throttle]

    @extend_schema(request=None, responses={201: s.MatchViewOut, **errors(400)})
    def post(self, request: Request) -> Response:
        user = request.user if request.user.is_authenticated else guest_sign_in(request)
        table = match_services.match_create(user=user, **match_services.FIRST_GAME)
        return Response(view_of(table, user), status=status.HTTP_201_CREATED)


class InvitePreviewView(APIView):
    """Who invited you and to what, before you sign in or play as a guest."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "invite"

    @extend_schema(responses={200: s.InvitePreviewOut, **errors(404)})
    def get(self, request: Request, invite_code: str) -> Response:
        return Response(selectors.invite_preview(invite_code=invite_code))


class MatchExportView(APIView):
    """All my finished matches as one JSON file, each in the record format."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "account"

    @extend_schema(responses={200: s.ExportOut})
    def get(self, request: Request) -> HttpResponse:
        body = selectors.match_export(user=request.user)
        response = HttpResponse(json.dumps(body, ensure_ascii=False),
                                content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="callbreak-matches.json"'
        return response
