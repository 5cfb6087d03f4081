"""The games API about players: the one-tap first game (a guest when no one is signed in), an
invite link's preview for someone not yet signed in, a player's stats and profile (their
rating beside them), what a match did to its players' ratings, and the export of a player's
matches."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api.csrf import CsrfCheckedForBrowsers
from accounts.api.views import guest_sign_in
from core.api import documented_errors as errors
from core.errors import NotFound
from core.schema import typed
from core.throttles import LiveScopedRateThrottle
from games import selectors
from games.services import matches as match_services
from games.view_shape import MatchView
from social import selectors as social
from social.api import serializers as ss
from social.selectors import relation_between

from . import serializers as s
from .views import view_of

RECENT_MATCHES = 10


class VsComputerView(APIView):
    """Play vs computer: a 5-hand standard match at 30 s a turn against three bots, started at
    once, or back to the player's own one still in play. Someone not signed in becomes a guest
    on this browser first."""

    permission_classes = [CsrfCheckedForBrowsers]

    def get_throttles(self) -> list[Any]:
        throttle = LiveScopedRateThrottle()
        # A new account per tap is what a flood would make; a signed-in player just creates.
        self.throttle_scope = "create" if self.request.user.is_authenticated else "guest"
        return [throttle]

    @extend_schema(request=None, responses={200: typed(MatchView), 201: typed(MatchView),
                                            **errors(400)})
    def post(self, request: Request) -> Response:
        """201 with a new match; 200 with the player's own such match still in play, which
        would otherwise be left to autopilot."""
        if request.user.is_authenticated:
            game = match_services.FIRST_GAME
            unfinished = selectors.unfinished_vs_computer(
                user=request.user, turn_seconds=game["turn_seconds"],
                hands=game["rules"]["hands"], level=game["opponents"][0].removeprefix("bot:"))
            if unfinished is not None:
                match, seats, seat = selectors.match_for_user(match_id=unfinished,
                                                              user=request.user)
                return Response(selectors.table_view(match=match, seats=seats, seat=seat))
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


class UserStatsView(APIView):
    @extend_schema(responses={200: s.StatsOut, **errors(404)})
    def get(self, request: Request, username: str) -> Response:
        return Response(selectors.user_stats(username=username, viewer=request.user))


class ProfileView(APIView):
    """A player's rating, its graph, their stats and their latest finished matches (each with
    its replay), and how you stand with them. No presence: that is for friends only."""

    @extend_schema(operation_id="users_profile", responses={200: s.ProfileOut,
                                                             **errors(404)})
    def get(self, request: Request, username: str) -> Response:
        user = (get_user_model().objects.filter(username=username)
                .only("id", "username", "account__is_guest").select_related("account").first())
        if user is None:
            raise NotFound(_("No such player."))
        # A guest's profile is theirs alone (the stats say no such player to anyone else).
        stats = selectors.user_stats(username=user.username, viewer=request.user)
        recent = list(reversed(stats["results"][-RECENT_MATCHES:]))
        changes = social.my_rating_changes(user_id=user.id,
                                           match_ids=[r["match_id"] for r in recent])
        return Response({
            "username": user.username,
            "rating": social.ratings_of(user_ids=[user.id])[user.id],
            "graph": social.rating_graph(user_id=user.id),
            "stats": stats,
            "recent": [{**r, "replay": f"/replay/{r['match_id']}",
                        "rating_change": changes.get(r["match_id"])} for r in recent],
            "relation": relation_between(user=request.user, other_id=user.id),
            "guest": user.account.is_guest,
        })


class MatchRatingsView(APIView):
    """What a finished match did to its players' ratings, by seat; empty for a moment after
    the end, while the worker rates it, and for a match nobody was rated in."""

    @extend_schema(operation_id="matches_ratings",
                   responses={200: ss.RatingChangeOut(many=True), **errors(404)})
    def get(self, request: Request, match_id: int) -> Response:
        selectors.match_for_user(match_id=match_id, user=request.user)
        return Response(social.match_rating_changes(match_id=match_id))
