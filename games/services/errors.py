"""Errors a service raises; the API layer maps each kind to an HTTP status."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request: nothing changed. ``code`` is stable, ``detail`` is for the player."""

    code = "invalid"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code
        self.extra = extra


class NotFound(ServiceError):
    code = "not_found"


class Forbidden(ServiceError):
    code = "forbidden"


class Conflict(ServiceError):
    code = "conflict"


class StaleSeq(Conflict):
    code = "stale"


class NotYourTurn(Conflict):
    code = "not_your_turn"


class IllegalMove(ServiceError):
    """The engine refused the action; ``code`` is the engine's rule code."""

