"""Open tables: public matches waiting for players, joined with their invite code through
``POST /api/matches/join/`` like any other."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors


class OpenTableOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    invite_code = serializers.CharField(help_text="Join with POST /api/matches/join/")
    created_by = serializers.CharField(allow_null=True)
    rules = serializers.DictField()
    hands = serializers.IntegerField(allow_null=True)
    turn_seconds = serializers.IntegerField(help_text="The pace: seconds a turn")
    seats_free = serializers.IntegerField(min_value=1, max_value=3)
    players = serializers.ListField(child=serializers.CharField(),
                                    help_text="The names at the table (invitees too)")


class OpenTableListView(APIView):
    @extend_schema(operation_id="tables_list", responses={200: OpenTableOut(many=True)})
    def get(self, request: Request) -> Response:
        return Response(selectors.open_tables(user=request.user))
