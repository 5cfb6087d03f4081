"""Invitations that arrive: the matches where a seat is reserved for me, and my answer."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import StrictBooleanField, StrictCharField
from core.api import documented_errors as errors
from core.schema import typed
from games import selectors
from games.services import invitations
from games.view_shape import MatchView

from .views import view_of


class InvitationOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    invited_by = StrictCharField(allow_null=True)
    rules = serializers.DictField()
    hands = serializers.IntegerField(allow_null=True)
    turn_seconds = serializers.IntegerField(help_text="The pace: seconds a turn")
    rematch = StrictBooleanField(help_text="A rematch of a match played together")


class InvitationListView(APIView):
    @extend_schema(operation_id="invitations_list", responses={200: InvitationOut(many=True)})
    def get(self, request: Request) -> Response:
        return Response(selectors.invitations_for(user=request.user))


class InvitationAcceptView(APIView):
    """Take the seat reserved for me; the match starts once every seat is taken."""

    @extend_schema(request=None, responses={200: typed(MatchView), **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        change = invitations.invitation_accept(user=request.user, match_id=match_id)
        return Response(view_of(change, request.user))


class InvitationDeclineView(APIView):
    """Give the seat back: it becomes open, and the inviter is told."""

    @extend_schema(request=None, responses={204: None, **errors(404)})
    def post(self, request: Request, match_id: int) -> Response:
        invitations.invitation_decline(user=request.user, match_id=match_id)
        return Response(status=204)
