"""Quick match: a player's seeks in the pool of a pace, made, listed and cancelled."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import documented_errors as errors
from core.api import valid_body
from matchmaking import selectors
from matchmaking.services import seeks

from . import serializers as s


class SeekListView(APIView):
    @extend_schema(operation_id="seeks_list", responses={200: s.SeekOut(many=True)})
    def get(self, request: Request) -> Response:
        seeks.seeks_seen(user_id=request.user.id)
        return Response(s.SeekOut(selectors.seeks_of(user=request.user), many=True).data)

    @extend_schema(operation_id="seeks_create", request=s.SeekCreateSerializer,
                   responses={201: s.SeekOut, **errors(400, 403, 409)})
    def post(self, request: Request) -> Response:
        data = valid_body(s.SeekCreateSerializer, request)
        seek = seeks.seek_create(user=request.user, pace=data["pace"], rated=data["rated"],
                                 bots_after_seconds=data["bots_after_seconds"])
        return Response(s.SeekOut(selectors.seek_out(seek)).data, status=status.HTTP_201_CREATED)


class SeekDetailView(APIView):
    @extend_schema(operation_id="seeks_cancel", responses={204: None, **errors(404, 409)})
    def delete(self, request: Request, seek_id: int) -> Response:
        seeks.seek_cancel(user=request.user, seek_id=seek_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeekBotsView(APIView):
    """Fill the seats still empty with bots now (the answer to a long wait's question)."""

    @extend_schema(operation_id="seeks_bots_now", request=None,
                   responses={200: s.SeekOut, **errors(404, 409)})
    def post(self, request: Request, seek_id: int) -> Response:
        seek = seeks.seek_bots_now(user=request.user, seek_id=seek_id)
        return Response(s.SeekOut(selectors.seek_out(seek)).data)
