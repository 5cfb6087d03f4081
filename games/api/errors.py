"""The domain's refusals as HTTP answers: each kind of ``DomainError`` has one status, and the
body is the API's one error shape, ``{"code": ..., "detail": ...}``."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.response import Response

from games import selectors
from games.errors import (
    Conflict,
    DomainError,
    Forbidden,
    IllegalMove,
    NotFound,
    StaleSeq,
    TooMany,
)

from .refusals import refusal_sentence

STATUS_OF = ((NotFound, 404), (Forbidden, 403), (Conflict, 409), (TooMany, 429))


def domain_error_response(error: DomainError, request: Request | None) -> Response:
    """The answer to a refused request; a stale one carries the asker's current view, so the
    client can draw the table as it is and try again."""
    status = next((code for kind, code in STATUS_OF if isinstance(error, kind)), 400)
    detail = error.detail
    if isinstance(error, IllegalMove):
        detail = refusal_sentence(error.code, error.params, error.detail)
    body: dict[str, Any] = {"code": error.code, "detail": str(detail)}
    if isinstance(error, StaleSeq) and request is not None:
        match, seats, seat = selectors.match_for_user(match_id=error.match_id, user=request.user)
        body["match"] = selectors.match_view(match=match, seats=seats, seat=seat)
    return Response(body, status=status)
