"""``POST /api/matches/offline/``: a match played on a phone with no network, sent once it has
finished (the service, ``games.services.offline``, replays its record through the engine)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api.csrf import CsrfCheckedForBrowsers
from accounts.api.views import guest_sign_in
from core.api import StrictCharField
from core.api import documented_errors as errors
from core.throttles import LiveScopedRateThrottle
from games import selectors
from games.services.offline import offline_match_check, offline_match_store

from . import serializers as s


class OfflineMatchIn(serializers.Serializer):
    id = serializers.UUIDField(help_text="The match's id, made on the phone: a match sent "
                               "again with the same id is stored once")
    opponents = serializers.ListField(child=StrictCharField(max_length=20), min_length=3,
                                      max_length=3, help_text='Seats 1 to 3, "bot:<level>"')
    record = serializers.DictField(help_text="The engine's match record (RECORD.md), finished")
    created_at = serializers.DateTimeField(required=False, help_text="When the phone "
                                           "started it (information only)")


class OfflineMatchView(APIView):
    """Store a finished offline match against bots in the player's history, once. Someone not
    signed in becomes a guest on this browser first. A record that does not replay under the
    rules is refused (``bad_record``) and nothing is stored."""

    permission_classes = [CsrfCheckedForBrowsers]

    def get_throttles(self) -> list[Any]:
        self.throttle_scope = "create" if self.request.user.is_authenticated else "guest"
        return [LiveScopedRateThrottle()]

    @extend_schema(request=OfflineMatchIn, responses={
        201: s.MatchSummaryOut,
        200: OpenApiResponse(s.MatchSummaryOut, description="Sent before: stored already"),
        **errors(400, 409)})
    def post(self, request: Request) -> Response:
        body = OfflineMatchIn(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        # Checked before anyone is signed in: a refused record leaves no guest behind.
        checked = offline_match_check(opponents=data["opponents"], record=data["record"])
        user = request.user if request.user.is_authenticated else guest_sign_in(request)
        match, new = offline_match_store(user=user, offline_id=data["id"], checked=checked)
        summary = selectors.match_summary(match=match, user=user, online=set())
        return Response({**summary, "rating_change": None},
                        status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)
