"""DRF views for matches: validate input, call a service or selector, shape the answer.

Refusals are raised as ``core.errors.DomainError`` by the services and selectors and become
answers in the API's exception handler, so no view catches them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from core.api import Pages, valid_body
from core.api import documented_errors as errors
from core.errors import DomainError
from core.schema import typed
from core.throttles import LiveScopedRateThrottle
from games import selectors
from games.engine import Rules
from games.events import Change
from games.models import Analysis
from games.services import analysis, moves, reactions
from games.services import matches as match_services
from games.services.external import external_rules_warnings
from games.services.moves import InTransaction
from games.view_shape import MatchView
from social.api.serializers import ReactionIn, ReactionOut
from social.presence import online_users
from social.selectors import my_rating_changes

from . import serializers as s
from .idempotency import KEY_SCHEMA, answered_once, key_of
from .rules_words import rules_catalogue_in_words


def view_of(change: Change, user: Any) -> MatchView:
    """The user's own view of the table they just acted on: the one the change built for
    their socket, or (when nothing changed) the table as it stands."""
    view = change.view_of(user.id)
    if view is not None:
        return view
    seat = next((x.number for x in change.seats
                 if x.user_id == user.id and x.kind == x.Kind.HUMAN), None)
    return selectors.table_view(match=change.match, seats=change.seats, seat=seat)


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
                "rules": reverse("rules", request=request),
                "schema": reverse("schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )


class RulesView(APIView):
    """Everything the new-match form offers: the engine's presets, choices, toggles and
    limits, the turn times and the bot levels, with their words in the request's language."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.RulesCatalogueOut})
    def get(self, request: Request) -> Response:
        return Response(rules_catalogue_in_words(
            turn_seconds=match_services.TURN_SECONDS_CHOICES,
            default_turn_seconds=match_services.DEFAULT_TURN_SECONDS))


class MatchListView(APIView):
    throttle_scope = "create"

    def get_throttles(self) -> list[Any]:
        # Creating is limited; reading the list is not.
        return [LiveScopedRateThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        operation_id="matches_list",
        parameters=[OpenApiParameter("status", str, enum=["waiting", "active", "finished"]),
                    OpenApiParameter("page", {"type": "integer", "minimum": 1})],
        responses={200: s.MatchPageOut, **errors(400, 404)},
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status")
        if wanted not in (None, "waiting", "active", "finished"):
            raise DomainError(_("status is waiting, active or finished."), code="bad_status")
        paginator = Pages()
        page = paginator.paginate_queryset(
            selectors.match_list(user=request.user, status=wanted), request, view=self
        )
        users = {seat.user_id for match in page for seat in match.seats.all() if seat.user_id}
        online = online_users(sorted(users))
        changes = my_rating_changes(user_id=request.user.id, match_ids=[m.id for m in page])
        return paginator.get_paginated_response(
            [{**selectors.match_summary(match=m, user=request.user, online=online),
              "rating_change": changes.get(m.id)} for m in page]
        )

    @extend_schema(request=s.MatchCreateSerializer,
                   responses={201: typed(s.MatchCreated), **errors(400)})
    def post(self, request: Request) -> Response:
        data = valid_body(s.MatchCreateSerializer, request)
        rules = {**data["rules"], "hands": data["hands"]} if "hands" in data else data["rules"]
        table = match_services.match_create(
            user=request.user, rules=rules, turn_seconds=data.get("turn_seconds"),
            opponents=data["opponents"], public=data["public"],
        )
        warnings = external_rules_warnings(rules=Rules.from_dict(table.match.rules),
                                           seats=table.seats)
        return Response({**view_of(table, request.user), "warnings": warnings},
                        status=status.HTTP_201_CREATED)


class MatchJoinView(APIView):
    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=s.JoinSerializer,
                   responses={200: typed(MatchView), **errors(400, 404, 409)})
    def post(self, request: Request) -> Response:
        data = valid_body(s.JoinSerializer, request)
        table = match_services.match_join(user=request.user, invite_code=data["invite_code"])
        return Response(view_of(table, request.user))


class MatchDetailView(APIView):
    @extend_schema(parameters=[OpenApiParameter("invite_code", str)],
                   responses={200: typed(MatchView), **errors(404)})
    def get(self, request: Request, match_id: int) -> Response:
        match, seats, seat = selectors.match_for_user(
            match_id=match_id, user=request.user,
            invite_code=request.query_params.get("invite_code"),
        )
        return Response(selectors.table_view(match=match, seats=seats, seat=seat))


_MOVE_SCHEMA = {"responses": {200: typed(MatchView), **errors(400, 404, 409)},
                "parameters": [OpenApiParameter(
                    "Idempotency-Key", KEY_SCHEMA, OpenApiParameter.HEADER,
                    description="Retries with the same key get the first answer; a key "
                                "belongs to one match.")]}


class _MoveView(APIView):
    """A player's action on a match in play; ``act`` calls its service."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "move"
    input_serializer: type[serializers.Serializer] = s.SeqSerializer

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            in_transaction: InTransaction) -> Change:
        raise NotImplementedError

    def post(self, request: Request, match_id: int) -> Response:
        data = valid_body(self.input_serializer, request)
        body = answered_once(
            user=request.user, key=key_of(request), match_id=match_id,
            act=lambda keep: self.act(request, match_id, data, keep),
            answer=lambda change: view_of(change, request.user))
        return Response(body)


class MatchCallView(_MoveView):
    input_serializer = s.CallSerializer

    @extend_schema(request=s.CallSerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            in_transaction: InTransaction) -> Change:
        return moves.move_call(match_id=match_id, user=request.user, call=data["call"],
                               seq=data["seq"], in_transaction=in_transaction)


class MatchPlayView(_MoveView):
    input_serializer = s.PlaySerializer

    @extend_schema(request=s.PlaySerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            in_transaction: InTransaction) -> Change:
        return moves.move_play(match_id=match_id, user=request.user, card=data["card"],
                               seq=data["seq"], in_transaction=in_transaction)


class MatchRedealView(_MoveView):
    @extend_schema(request=s.SeqSerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            in_transaction: InTransaction) -> Change:
        return moves.move_redeal(match_id=match_id, user=request.user, seq=data["seq"],
                                 in_transaction=in_transaction)


class MatchFinishView(_MoveView):
    """Agree to finish an open-ended match after this hand."""

    @extend_schema(request=s.SeqSerializer, **_MOVE_SCHEMA)
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def act(self, request: Request, match_id: int, data: dict[str, Any],
            in_transaction: InTransaction) -> Change:
        return moves.move_finish(match_id=match_id, user=request.user, seq=data["seq"],
                                 in_transaction=in_transaction)


class MatchBackView(APIView):
    """The player takes their seat back from autopilot."""

    @extend_schema(request=None, responses={200: typed(MatchView), **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        return Response(view_of(moves.seat_back(match_id=match_id, user=request.user),
                                request.user))


class MatchFillView(APIView):
    """Start a waiting match now, bots in the seats still empty or reserved."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=None, responses={200: typed(MatchView), **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        table = match_services.match_fill_with_bots(user=request.user, match_id=match_id)
        return Response(view_of(table, request.user))


class MatchCancelView(APIView):
    """Call off a waiting match nobody else has joined (204): it is removed."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=None, responses={204: None, **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        match_services.match_cancel(user=request.user, match_id=match_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchLeaveView(APIView):
    """Leave a waiting match another player has joined (204): the seat is open again."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=None, responses={204: None, **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        match_services.match_leave(user=request.user, match_id=match_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchInviteView(APIView):
    """Invite a player by name to an open seat of a waiting match I sit at."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "join"

    @extend_schema(request=s.InviteIn, responses={200: typed(MatchView), **errors(400, 404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        data = valid_body(s.InviteIn, request)
        table = match_services.match_invite(user=request.user, match_id=match_id,
                                            username=data["username"])
        return Response(view_of(table, request.user))


class MatchRematchView(APIView):
    """Offer a rematch (201), or accept the one another player offered (200)."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "rematch"

    @extend_schema(request=None, responses={200: typed(MatchView), 201: typed(MatchView),
                                            **errors(404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        table, offered = match_services.match_rematch(user=request.user, match_id=match_id)
        return Response(view_of(table, request.user),
                        status=status.HTTP_201_CREATED if offered else status.HTTP_200_OK)


class MatchRecordView(APIView):
    @extend_schema(responses={200: inline_serializer("MatchRecord", {
        "version": serializers.IntegerField(), "rules": serializers.DictField(),
        "hands": serializers.ListField(child=serializers.DictField()),
        "totals": serializers.ListField(child=serializers.IntegerField()),
        "places": serializers.ListField(child=serializers.IntegerField()),
        "seats": s.SeatsField(),
        "reactions": s.RecordReactionOut(many=True)}), **errors(404)})
    def get(self, request: Request, match_id: int) -> Response:
        match, seats, _seat = selectors.match_for_user(match_id=match_id, user=request.user)
        return Response(selectors.match_record_for(match=match, seats=seats,
                                                   viewer_id=request.user.id))


class MatchAnalysisView(APIView):
    """The review of one seat's decisions: 202 while it is computed, 200 once it is ready or
    has failed (a failed one says whether it may be asked for again)."""

    @extend_schema(parameters=[s.AnalysisQuery],
                   responses={200: s.AnalysisOut, 202: s.AnalysisOut, **errors(400, 404)})
    def get(self, request: Request, match_id: int) -> Response:
        found = analysis.analysis_request(match_id=match_id, user=request.user,
                                          seat=_analysis_seat(request))
        return _analysis_answer(found)

    @extend_schema(operation_id="matches_analysis_retry", parameters=[s.AnalysisQuery],
                   request=None, description="Queue a failed analysis once more.",
                   responses={200: s.AnalysisOut, 202: s.AnalysisOut,
                              **errors(400, 404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        found = analysis.analysis_retry(match_id=match_id, user=request.user,
                                        seat=_analysis_seat(request))
        return _analysis_answer(found)


def _analysis_seat(request: Request) -> int:
    query = s.AnalysisQuery(data=request.query_params.dict())  # "seat=" is refused, not left out
    if not query.is_valid():
        raise DomainError(_("Give the seat as ?seat=0 to 3."), code="bad_seat")
    return query.validated_data["seat"]


def _analysis_answer(found: Analysis) -> Response:
    ready = found.status == found.Status.READY
    body: dict[str, Any] = {"status": found.status, "seat": found.seat,
                            "decisions": found.decisions if ready else []}
    if found.status == found.Status.FAILED:
        retry = analysis.can_retry(found)
        body["can_retry"] = retry
        body["detail"] = (_("Analysis unavailable, try again.") if retry
                          else _("Analysis unavailable for this match."))
    return Response(body, status=202 if found.status == found.Status.PENDING else 200)


class MatchReactionView(APIView):
    """Send a reaction to the table (also possible over the socket); the other seated players
    see it beside your seat, unless they blocked you or you them."""

    throttle_classes = [LiveScopedRateThrottle]
    throttle_scope = "move"

    @extend_schema(operation_id="matches_react", request=ReactionIn,
                   responses={201: ReactionOut, **errors(400, 404, 409, 429)})
    def post(self, request: Request, match_id: int) -> Response:
        data = valid_body(ReactionIn, request)
        sent = reactions.reaction_send(match_id=match_id, user=request.user,
                                       reaction=data["reaction"])
        return Response({"seat": sent.seat, "reaction": sent.reaction, "seq": sent.seq},
                        status=status.HTTP_201_CREATED)
