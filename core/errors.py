"""The one family of refusals every app raises: nothing has changed, and the player is told why.

Each carries a stable machine ``code``, a ``detail`` sentence in the player's language, the
HTTP ``status`` it is answered with (the API's exception handler, ``core.api``, reads it) and
any ``extra`` facts the answer carries beside them (a stale move's current view, say).
"""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A refused request. ``code`` is stable, ``detail`` is for the player."""

    code = "invalid"
    status = 400

    def __init__(self, detail: str, *, code: str | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra or {}
        if code is not None:
            self.code = code


class Refused(DomainError):
    """A request that breaks a rule (to yourself, to a blocked player)."""

    code = "refused"


class NotFound(DomainError):
    code = "not_found"
    status = 404


class Forbidden(DomainError):
    code = "forbidden"
    status = 403


class Conflict(DomainError):
    """The request clashes with the state things are in (already done, already full)."""

    code = "conflict"
    status = 409


class TooMany(DomainError):
    """Over a rate the player may act at (e.g. reactions): try again in a moment."""

    code = "too_many"
    status = 429
