"""What every app's API shares: the one error shape, ``{"code": "...", "detail": "..."}`` plus
field errors (and the facts a refusal adds), its place in the OpenAPI schema, and reading a
request's JSON body through a serializer.

Refusals of the domain (``core.errors.DomainError`` and its kinds) answer with their own status.

DRF's views answer through ``exception_handler``; what Django answers itself (no such path, a
body over the size limit, too many fields, a CSRF refusal, a crash) goes through the views
below, which keep Django's own pages outside ``/api/``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import csrf, defaults
from rest_framework import exceptions, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import DomainError


class ErrorOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs")
    detail = serializers.CharField(help_text="A sentence for the player")
    fields = serializers.DictField(required=False, help_text="Invalid input: the messages of "
                                   "each field")


def documented_errors(*statuses: int) -> dict[int, type[ErrorOut]]:
    """The refusals an operation documents; those of the machinery around every view (sign-in,
    body, throttle) are added by ``core.schema``."""
    return {status: ErrorOut for status in statuses}


class Pages(PageNumberPagination):
    """Pages of a list, numbered from 1; a ``page`` that is not such a number (an empty one
    included) is refused rather than read as the first page."""

    def get_page_number(self, request: Any, paginator: Any) -> int:
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not (raw.isascii() and raw.isdigit() and int(raw) >= 1):
            raise DomainError(_("page is a whole number from 1."), code="bad_page")
        return int(raw)


class StrictBooleanField(serializers.BooleanField):
    """A JSON ``true`` or ``false`` and nothing else (DRF's own also takes 0, 1, "yes", "on"
    and more, which the schema does not say)."""

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        self.fail("invalid", input=data)


class StrictCharField(serializers.CharField):
    """A JSON string and nothing else (DRF's own also turns a number into its digits)."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        # The bound holds for what was sent, as the schema states it, not what trimming leaves.
        if self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


def valid_body(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    """The request's JSON object, validated by ``serializer_class`` (a 400 otherwise)."""
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"detail": _("The body must be a JSON object.")})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, with a stable machine ``code`` on every error body."""
    if isinstance(exc, DomainError):
        return Response({"code": exc.code, "detail": str(exc.detail), **exc.extra},
                        status=exc.status)
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


API_PREFIX = "/api/"


def _api_error(status_code: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"code": code, "detail": detail}, status=status_code)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not request.path.startswith(API_PREFIX):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _api_error(413, "too_large", _("The request body is larger than this API accepts."))
    if isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        return _api_error(400, "too_many_fields", _("The request has more fields than allowed."))
    return _api_error(400, "bad_request", _("The request could not be understood."))


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not request.path.startswith(API_PREFIX):
        return defaults.permission_denied(request, exception)
    return _api_error(403, "forbidden", _("You may not do that."))


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not request.path.startswith(API_PREFIX):
        return defaults.page_not_found(request, exception)
    return _api_error(404, "not_found", _("There is nothing at this address."))


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """Django's CSRF refusal (``CSRF_FAILURE_VIEW``), for a view that Django itself guards."""
    if not request.path.startswith(API_PREFIX):
        return csrf.csrf_failure(request, reason)
    return _api_error(403, "csrf_failed",
                      _("The request lacks a valid CSRF token; reload the page and try again."))


def server_error(request: HttpRequest) -> HttpResponse:
    if not request.path.startswith(API_PREFIX):
        return defaults.server_error(request)
    return _api_error(500, "server_error", _("Something went wrong on our side; try again."))
