"""The social reads and reactions over HTTP: the friends list (with presence and ratings),
ratings, leaderboards, profiles and a table's reactions. Friend requests and blocks
themselves are ``accounts.friend_views``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.friends import friendships_of, relation_between
from accounts.throttles import LiveScopedRateThrottle
from games import leaderboards, selectors
from games.errors import DomainError, NotFound
from games.models import PlayerRating
from games.presence import online_users
from games.services import ratings, reactions

from . import social_serializers as ss
from .views import _valid, errors

RECENT_MATCHES = 10


class FriendListView(APIView):
    """Your friends (online or not, and their ratings), the requests waiting either way, and
    who you blocked. Only friends see each other's presence."""

    @extend_schema(operation_id="friends_list", responses={200: ss.FriendsOut})
    def get(self, request: Request) -> Response:
        found = friendships_of(user=request.user)
        ids = [u.id for u in found["friends"]]
        online = online_users(ids)
        rated = leaderboards.ratings_of(user_ids=ids)
        return Response({
            "friends": [{"username": u.username, "online": u.id in online, "rating": rated[u.id]}
                        for u in found["friends"]],
            "incoming": [{"username": u.username} for u in found["incoming"]],
            "outgoing": [{"username": u.username} for u in found["outgoing"]],
            "blocked": [{"username": u.username} for u in found["blocked"]],
        })


class MyRatingView(APIView):
    """Your rating, and whether you are listed on the global leaderboard (change it here)."""

    @extend_schema(operation_id="ratings_me", responses={200: ss.MyRatingOut})
    def get(self, request: Request) -> Response:
        row = PlayerRating.objects.filter(user=request.user).first()
        return Response({**leaderboards.rating_public(row),
                         "on_global_leaderboard": row.on_global_leaderboard if row else True})

    @extend_schema(operation_id="ratings_me_update", request=ss.MyRatingIn,
                   responses={200: ss.MyRatingOut})
    def patch(self, request: Request) -> Response:
        data = _valid(ss.MyRatingIn, request)
        row = ratings.rating_listing_set(user=request.user,
                                         on_global_leaderboard=data["on_global_leaderboard"])
        return Response({**leaderboards.rating_public(row),
                         "on_global_leaderboard": row.on_global_leaderboard})


class LeaderboardView(APIView):
    """The best-rated players: ``global`` (past their provisional matches, unless they opted
    out) or your ``friends`` and you; over ``all`` time or the last ``30d`` (players with a
    rated match in those days, and how many)."""

    @extend_schema(operation_id="leaderboard", parameters=[ss.LeaderboardQuery],
                   responses={200: ss.LeaderboardPageOut, **errors(400, 404)})
    def get(self, request: Request) -> Response:
        query = ss.LeaderboardQuery(data=request.query_params)
        if not query.is_valid():
            raise DomainError(next(iter(query.errors.values()))[0], code="bad_leaderboard")
        rows = leaderboards.leaderboard(scope=query.validated_data["scope"],
                                        period=query.validated_data["period"],
                                        user=request.user)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        first = (paginator.page.start_index() if page else 1)
        return paginator.get_paginated_response(
            leaderboards.leaderboard_entries(page, first_rank=first))


class ProfileView(APIView):
    """A player's rating, its graph, their stats and their latest finished matches (each with
    its replay), and how you stand with them. No presence: that is for friends only."""

    @extend_schema(operation_id="users_profile", responses={200: ss.ProfileOut,
                                                             **errors(404)})
    def get(self, request: Request, username: str) -> Response:
        user = get_user_model().objects.filter(username=username).only("id", "username").first()
        if user is None:
            raise NotFound(_("No such player."))
        stats = selectors.user_stats(username=user.username)
        recent = list(reversed(stats["results"][-RECENT_MATCHES:]))
        changes = leaderboards.my_rating_changes(user_id=user.id,
                                                 match_ids=[r["match_id"] for r in recent])
        return Response({
            "username": user.username,
            "rating": leaderboards.ratings_of(user_ids=[user.id])[user.id],
            "graph": leaderboards.rating_graph(user_id=user.id),
            "stats": stats,
            "recent": [{**r, "replay": f"/replay/{r['match_id']}",
                        "rating_change": changes.get(r["match_id"])} for r in recent],
            "relation": relation_between(user=request.user, other_id=user.id),
        })


class MatchRatingsView(APIView):
    """What a finished match did to its players' ratings, by seat; empty for a moment after
    the end, while the worker rates it, and for a match nobody was rated in."""

    @extend_schema(operation_id="matches_ratings",
                   responses={200: ss.RatingChangeOut(many=True), **errors(404)})
    def get(self, request: Request, match_id: int) -> Response:
        selectors.match_for_user(match_id=match_id, user=request.user)
        return Response(leaderboards.match_rating_changes(match_id=match_id))


class ReactionChoicesView(APIView):
    """The reactions a table offers, in order: a code for programs and the emoji shown."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="reactions_list",
                   responses={200: ss.ReactionChoiceOut(many=True)})
    def get(self, request: Request) -> Response:
        return Response([{"code": c, "emoji": e} for c, e in reactions.REACTIONS.items()])


class MatchReactionView(APIView):
    """Send a reaction to the table (also possible over the socket); the other seated players
    see it beside your seat, unless they blocked you or you them."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "move"

    @extend_schema(operation_id="matches_react", request=ss.ReactionIn,
                   responses={201: ss.ReactionOut, **errors(400, 404, 409, 429)})
    def post(self, request: Request, match_id: int) -> Response:
        data: dict[str, Any] = _valid(ss.ReactionIn, request)
        sent = reactions.reaction_send(match_id=match_id, user=request.user,
                                       reaction=data["reaction"])
        return Response({"seat": sent.seat, "reaction": sent.reaction, "seq": sent.seq},
                        status=status.HTTP_201_CREATED)


