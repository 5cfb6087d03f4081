"""One error shape for the whole API: ``{"code": "...", "detail": "..."}`` plus field errors.
Refusals of the domain (``games.errors``) are mapped by ``games.api.errors``."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.api.errors import domain_error_response
from games.errors import DomainError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, with a stable machine ``code`` on every error body."""
    if isinstance(exc, DomainError):
        return domain_error_response(exc, context.get("request"))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = response.data if isinstance(response.data, dict) else {"detail": response.data}
        response.data = {
            "code": "invalid",
            "detail": _first_message(fields),
            "fields": fields,
        }
        response.status_code = status.HTTP_400_BAD_REQUEST
        return response
    if isinstance(exc, exceptions.APIException):
        detail = exc.detail
        code = exc.get_codes() if hasattr(exc, "get_codes") else "error"
        if isinstance(detail, dict):
            response.data = {"code": str(detail.get("code", code)), **detail}
        else:
            response.data = {"code": code if isinstance(code, str) else "error", "detail": detail}
    return response


def _first_message(fields: Any) -> str:
    if isinstance(fields, dict):
        for key, value in fields.items():
            message = _first_message(value)
            if message:
                return message if key in ("detail", "non_field_errors") else f"{key}: {message}"
        return ""
    if isinstance(fields, list):
        return _first_message(fields[0]) if fields else ""
    return str(fields)
