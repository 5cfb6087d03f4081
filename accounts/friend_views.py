"""Friend requests and blocks over HTTP: validate the name, call ``accounts.friends``.

The friends list itself, with presence and ratings, is served by the games API (accounts know
nothing of matches)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import friends
from .throttles import LiveScopedRateThrottle


class UsernameSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text="Any case or width will do.")


# The API's one error shape, the component the games API declares (accounts import nothing of
# games, so it is referred to by name).
ERROR_OUT = {"$ref": "#/components/schemas/ErrorOut"}
FriendshipOut = inline_serializer("FriendshipOut", {
    "username": serializers.CharField(),
    "status": serializers.ChoiceField(choices=["requested", "accepted"]),
})
BlockOut = inline_serializer("BlockOut", {"username": serializers.CharField()})


def _errors(*statuses: int) -> dict[int, dict[str, str]]:
    return {code: ERROR_OUT for code in statuses}


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
                   responses={201: FriendshipOut, **_errors(400, 404, 409)})
    def post(self, request: Request) -> Response:
        made = friends.friend_request_send(user=request.user, username=_username(request))
        # The row is the other player's when this request accepted theirs.
        other = made.to_user if made.from_user_id == request.user.id else made.from_user
        return Response({"username": other.username, "status": made.status},
                        status=status.HTTP_201_CREATED)


class FriendRequestAcceptView(FriendView):
    @extend_schema(operation_id="friends_request_accept", request=None,
                   responses={200: FriendshipOut, **_errors(404)})
    def post(self, request: Request, username: str) -> Response:
        made = friends.friend_request_accept(user=request.user, username=username)
        return Response({"username": made.from_user.username, "status": made.status})


class FriendRequestDeclineView(FriendView):
    @extend_schema(operation_id="friends_request_decline", request=None,
                   responses={204: None, **_errors(404)})
    def post(self, request: Request, username: str) -> Response:
        friends.friend_request_decline(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FriendDetailView(FriendView):
    """End a friendship, or withdraw a request you sent."""

    @extend_schema(operation_id="friends_remove", responses={204: None, **_errors(404)})
    def delete(self, request: Request, username: str) -> Response:
        friends.friend_remove(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BlockListView(FriendView):
    """Block a player: any friendship ends; no requests, invites by name or reactions from
    them reach you."""

    @extend_schema(operation_id="blocks_add", request=UsernameSerializer,
                   responses={201: BlockOut, **_errors(400, 404)})
    def post(self, request: Request) -> Response:
        block = friends.block_add(user=request.user, username=_username(request))
        return Response({"username": block.blocked.username}, status=status.HTTP_201_CREATED)


class BlockDetailView(FriendView):
    @extend_schema(operation_id="blocks_remove", responses={204: None, **_errors(404)})
    def delete(self, request: Request, username: str) -> Response:
        friends.block_remove(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)
