"""The social API: friends (requests, the list with presence and ratings), blocks, your
rating and the leaderboards, and the reactions a table offers."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import Pages, StrictCharField, valid_body
from core.api import documented_errors as errors
from core.errors import DomainError
from core.throttles import LiveScopedRateThrottle
from social import selectors
from social.models import PlayerRating
from social.presence import online_users
from social.services import friends, ratings, reactions

from . import serializers as ss


class UsernameSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text="Any case or width will do.")


FriendshipOut = inline_serializer("FriendshipOut", {
    "username": StrictCharField(),
    "status": serializers.ChoiceField(choices=["requested", "accepted"]),
})
BlockOut = inline_serializer("BlockOut", {"username": StrictCharField()})


def _username(request: Request) -> str:
    serializer = UsernameSerializer(data=request.data if isinstance(request.data, dict) else {})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["username"]


class FriendView(APIView):
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "friends"


class FriendRequestListView(FriendView):
    """Ask a player to be friends (if they had asked you, you are friends at once)."""

    @extend_schema(operation_id="friends_request_send", request=UsernameSerializer,
                   responses={201: FriendshipOut, **errors(400, 404, 409)})
    def post(self, request: Request) -> Response:
        made = friends.friend_request_send(user=request.user, username=_username(request))
        # The row is the other player's when this request accepted theirs.
        other = made.to_user if made.from_user_id == request.user.id else made.from_user
        return Response({"username": other.username, "status": made.status},
                        status=status.HTTP_201_CREATED)


class FriendRequestAcceptView(FriendView):
    @extend_schema(operation_id="friends_request_accept", request=None,
                   responses={200: FriendshipOut, **errors(404)})
    def post(self, request: Request, username: str) -> Response:
        made = friends.friend_request_accept(user=request.user, username=username)
        return Response({"username": made.from_user.username, "status": made.status})


class FriendRequestDeclineView(FriendView):
    @extend_schema(operation_id="friends_request_decline", request=None,
                   responses={204: None, **errors(404)})
    def post(self, request: Request, username: str) -> Response:
        friends.friend_request_decline(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FriendDetailView(FriendView):
    """End a friendship, or withdraw a request you sent."""

    @extend_schema(operation_id="friends_remove", responses={204: None, **errors(404)})
    def delete(self, request: Request, username: str) -> Response:
        friends.friend_remove(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BlockListView(FriendView):
    """Block a player: any friendship ends; no requests, invites by name or reactions from
    them reach you."""

    @extend_schema(operation_id="blocks_add", request=UsernameSerializer,
                   responses={201: BlockOut, **errors(400, 404)})
    def post(self, request: Request) -> Response:
        block = friends.block_add(user=request.user, username=_username(request))
        return Response({"username": block.blocked.username}, status=status.HTTP_201_CREATED)


class BlockDetailView(FriendView):
    @extend_schema(operation_id="blocks_remove", responses={204: None, **errors(404)})
    def delete(self, request: Request, username: str) -> Response:
        friends.block_remove(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FriendListView(APIView):
    """Your friends (online or not, and their ratings), the requests waiting either way, and
    who you blocked. Only friends see each other's presence."""

    @extend_schema(operation_id="friends_list", responses={200: ss.FriendsOut})
    def get(self, request: Request) -> Response:
        found = selectors.friendships_of(user=request.user)
        ids = [u.id for u in found["friends"]]
        online = online_users(ids)
        rated = selectors.ratings_of(user_ids=ids)
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
        return Response({**selectors.rating_public(row),
                         "on_global_leaderboard": row.on_global_leaderboard if row else True})

    @extend_schema(operation_id="ratings_me_update", request=ss.MyRatingIn,
                   responses={200: ss.MyRatingOut})
    def patch(self, request: Request) -> Response:
        data = valid_body(ss.MyRatingIn, request)
        row = ratings.rating_listing_set(user=request.user,
                                         on_global_leaderboard=data["on_global_leaderboard"])
        return Response({**selectors.rating_public(row),
                         "on_global_leaderboard": row.on_global_leaderboard})


class LeaderboardView(APIView):
    """The best-rated players: ``global`` (past their provisional matches, unless they opted
    out) or your ``friends`` and you; over ``all`` time or the last ``30d`` (players with a
    rated match in those days, and how many)."""

    @extend_schema(operation_id="leaderboard", parameters=[ss.LeaderboardQuery],
                   responses={200: ss.LeaderboardPageOut, **errors(400, 404)})
    def get(self, request: Request) -> Response:
        # Plain values: an empty "scope=" is a value to refuse, not a field left out.
        query = ss.LeaderboardQuery(data=request.query_params.dict())
        if not query.is_valid():
            raise DomainError(next(iter(query.errors.values()))[0], code="bad_leaderboard")
        rows = selectors.leaderboard(scope=query.validated_data["scope"],
                                        period=query.validated_data["period"],
                                        user=request.user)
        paginator = Pages()
        page = paginator.paginate_queryset(rows, request, view=self)
        first = (paginator.page.start_index() if page else 1)
        return paginator.get_paginated_response(
            selectors.leaderboard_entries(page, first_rank=first))


class ReactionChoicesView(APIView):
    """The reactions a table offers, in order: a code for programs and the emoji shown."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="reactions_list",
                   responses={200: ss.ReactionChoiceOut(many=True)})
    def get(self, request: Request) -> Response:
        return Response([{"code": c, "emoji": e} for c, e in reactions.REACTIONS.items()])
