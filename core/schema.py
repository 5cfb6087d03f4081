"""The OpenAPI schema's error answers, derived from how each view is configured, so that every
operation documents each error status it can give (in the API's one error shape).

Views name the refusals of their own logic (404, 409, ...); this adds the ones that follow
from the machinery around them: a query string with too many fields (400, any view), a bad
token (401), a missing sign-in or CSRF token (401, 403), a body too large or not JSON (413,
415) and a throttle (429)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import resolve_type_hint
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny

from core.api import ErrorOut

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class ApiSchema(AutoSchema):
    def get_operation(self, path: str, path_regex: str, path_prefix: str, method: str,
                      registry: Any) -> dict[str, Any] | None:
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        error = self.resolve_serializer(ErrorOut, "response").ref
        for status in sorted(self.error_statuses(has_body="requestBody" in operation)):
            operation["responses"].setdefault(str(status), {
                "content": {"application/json": {"schema": error}}, "description": ""})
        return operation

    def error_statuses(self, *, has_body: bool) -> set[int]:
        """The error statuses the view's configuration can answer this operation with."""
        view = self.view
        # Every DRF view reads the query string (for a ?format= choice).
        statuses = {400}
        authenticators = view.get_authenticators()
        if authenticators:
            statuses.add(401)
        if not all(isinstance(p, AllowAny) for p in view.get_permissions()):
            statuses |= {401, 403}
        if self.method not in SAFE_METHODS and any(
                isinstance(a, SessionAuthentication) for a in authenticators):
            statuses.add(403)
        if has_body:
            statuses |= {413, 415}
        if view.get_throttles():
            statuses.add(429)
        if "{" in self.path:
            statuses.add(404)
        return statuses


def typed(hint: Any) -> dict[str, Any]:
    """The OpenAPI schema of a typed shape (a ``TypedDict``, with its nested types), for the
    views that answer with one: the same type then describes the answer, the socket frame
    and the schema."""
    return resolve_type_hint(hint)
