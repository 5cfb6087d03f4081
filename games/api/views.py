"""DRF views for matches: validate input, call a service or selector, shape the answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from accounts.throttles import LiveScopedRateThrottle
from games import selectors
from games.presence import online_users
from games.services import analysis, moves
from games.services import matches as match_services
from games.services.errors import (
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
    StaleSeq,
)
from games.services.moves import Acted

from . import serializers as s

_STATUS = {NotFound: 404, Forbidden: 403, Conflict: 409}
ERRORS = {400: s.ErrorOut, 404: s.ErrorOut, 409: s.ErrorOut}


def error_response(error: ServiceError) -> Response:
    code = next((c for kind, c in _STATUS.items() if isinstance(error, kind)), 400)
    body: dict[str, Any] = {"code": error.code, "detail": error.detail}
    if isinstance(error, StaleSeq) and "match" in error.extra:
        match, seats, seat = error.extra["match"]
        body["match"] = selectors.match_view(match=match, seats=seats, seat=seat)
    return Response(body, status=code)


def acted_response(acted: Acted, user: Any, code: int = 200) -> Response:
    if acted.replayed is not None:
        return Response(acted.replayed, status=code)
    if acted.views is not None and user.id in acted.views:
        return Response(acted.views[user.id], status=code)  # as the player's socket gets it
    seat = next((x.number for x in acted.seats if x.user_id == user.id), None)
    view = selectors.match_view(match=acted.match, seats=acted.seats, seat=seat,
                                state=acted.state)
    return Response(view, status=code)


class ApiRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "name": "Call Break online",
                "auth": {
                    "register": reverse("auth-register", request=request),
                    "token": reverse("auth-token", request=request),
                    "me": reverse("auth-me", request=request),
                },
                "matches": reverse("match-list", request=request),
                "schema": reverse("schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )


class MatchListView(APIView):
    @extend_schema(
        operation_id="matches_list",
        parameters=[OpenApiParameter("status", str, enum=["waiting", "active", "finished"]),
                    OpenApiParameter("page", int)],
        responses={200: s.MatchPageOut, 400: s.ErrorOut},
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status")
        if wanted not in (None, "", "waiting", "active", "finished"):
            return Response({"code": "bad_status",
                             "detail": "status is waiting, active or finished."}, status=400)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(
            selectors.match_list(user=request.user, status=wanted or None), request, view=self
        )
        users = {seat.user_id for match in page for seat in match.seats.all() if seat.user_id}
        online = online_users(sorted(users))
        return paginator.get_paginated_response(
            [selectors.match_summary(match=m, user=request.user, online=online) for m in page]
        )

    @extend_schema(request=s.MatchCreateSerializer, responses={201: s.MatchViewOut, **ERRORS})
    def post(self, request: Request) -> Response:
        data = _valid(s.MatchCreateSerializer, request)
        try:
            acted = match_services.match_create(
                user=request.user, rules=data["rules"], hands=data.get("hands"),
                turn_seconds=data["turn_seconds"], opponents=data["opponents"],
            )
        except ServiceError as error:
            return error_response(error)
        return acted_response(acted, request.user, status.HTTP_201_CREATED)


class MatchJoinView(APIView):
    @extend_schema(request=s.JoinSerializer, responses={200: s.MatchViewOut, **ERRORS})
    def post(self, request: Request) -> Response:
        data = _valid(s.JoinSerializer, request)
        try:
            acted = match_services.match_join(user=request.user, invite_code=data["invite_code"])
        except ServiceError as error:
            return error_response(error)
        return acted_response(acted, request.user)


class MatchDetailView(APIView):
    @extend_schema(parameters=[OpenApiParameter("invite_code", str)],
                   responses={200: s.MatchViewOut, 404: s.ErrorOut})
    def get(self, request: Request, match_id: int) -> Response:
        try:
            match, seats, seat = selectors.match_for_user(
                match_id=match_id, user=request.user,
                invite_code=request.query_params.get("invite_code"),
            )
        except ServiceError as error:
            return error_response(error)
        return Response(selectors.match_view(match=match, seats=seats, seat=seat))


class _MoveView(APIView):
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "move"
    input_serializer: type[serializers.Serializer] = s.SeqSerializer

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            key: str | None) -> Acted:
        raise NotImplementedError

    def post(self, request: Request, match_id: int) -> Response:
        data = _valid(self.input_serializer, request)
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and not 8 <= len(key) <= 80:
            return Response({"code": "bad_idempotency_key",
                             "detail": "An Idempotency-Key is 8 to 80 characters."}, status=400)
        try:
            acted = self.act(request, match_id, data, key)
        except ServiceError as error:
            return error_response(error)
        return acted_response(acted, request.user)


_MOVE_SCHEMA = {"responses": {200: s.MatchViewOut, **ERRORS},
                "parameters": [OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)]}


class MatchCallView(_MoveView):
    input_serializer = s.CallSerializer

    @extend_schema(request=s.CallSerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request, match_id, data, key):  # noqa: ANN001, ANN201
        return moves.move_call(match_id=match_id, user=request.user, call=data["call"],
                               seq=data["seq"], idempotency_key=key)


class MatchPlayView(_MoveView):
    input_serializer = s.PlaySerializer

    @extend_schema(request=s.PlaySerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request, match_id, data, key):  # noqa: ANN001, ANN201
        return moves.move_play(match_id=match_id, user=request.user, card=data["card"],
                               seq=data["seq"], idempotency_key=key)


class MatchRedealView(_MoveView):
    @extend_schema(request=s.SeqSerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request, match_id, data, key):  # noqa: ANN001, ANN201
        return moves.move_redeal(match_id=match_id, user=request.user, seq=data["seq"],
                                 idempotency_key=key)


class MatchBackView(APIView):
    """The player takes their seat back from autopilot."""

    @extend_schema(request=None, responses={200: s.MatchViewOut, **ERRORS})
    def post(self, request: Request, match_id: int) -> Response:
        try:
            acted = moves.seat_back(match_id=match_id, user=request.user)
        except ServiceError as error:
            return error_response(error)
        return acted_response(acted, request.user)


class MatchRematchView(APIView):
    @extend_schema(request=None, responses={201: s.MatchViewOut, **ERRORS})
    def post(self, request: Request, match_id: int) -> Response:
        try:
            acted = match_services.match_rematch(user=request.user, match_id=match_id)
        except ServiceError as error:
            return error_response(error)
        return acted_response(acted, request.user, status.HTTP_201_CREATED)


class MatchRecordView(APIView):
    @extend_schema(responses={200: inline_serializer("MatchRecord", {
        "version": serializers.IntegerField(), "rules": serializers.DictField(),
        "hands": serializers.ListField(child=serializers.DictField()),
        "totals": serializers.ListField(child=serializers.IntegerField()),
        "places": serializers.ListField(child=serializers.IntegerField()),
        "seats": s.SeatOut(many=True)}), 403: s.ErrorOut, 404: s.ErrorOut})
    def get(self, request: Request, match_id: int) -> Response:
        try:
            match, seats, _ = selectors.match_for_user(match_id=match_id, user=request.user)
            return Response(selectors.match_record_for(match=match, seats=seats))
        except ServiceError as error:
            return error_response(error)


class MatchAnalysisView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("seat", int, required=True)],
        responses={200: s.AnalysisOut, 202: s.AnalysisOut, 400: s.ErrorOut, 403: s.ErrorOut,
                   404: s.ErrorOut},
    )
    def get(self, request: Request, match_id: int) -> Response:
        seat = request.query_params.get("seat", "")
        if not seat.isdigit():
            return Response({"code": "bad_seat", "detail": "Give the seat as ?seat=0 to 3."},
                            status=400)
        try:
            found = analysis.analysis_request(match_id=match_id, user=request.user,
                                              seat=int(seat))
        except ServiceError as error:
            return error_response(error)
        ready = found.status == found.Status.READY
        return Response({"status": found.status, "seat": found.seat,
                         "decisions": found.decisions if ready else []},
                        status=200 if ready else 202)


class UserStatsView(APIView):
    @extend_schema(responses={200: s.StatsOut, 404: s.ErrorOut})
    def get(self, request: Request, username: str) -> Response:
        try:
            return Response(selectors.user_stats(username=username))
        except ServiceError as error:
            return error_response(error)


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"detail": "The body must be a JSON object."})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
