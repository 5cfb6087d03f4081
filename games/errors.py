"""The errors a service or a read can refuse a request with: nothing has changed.

Each carries a stable machine ``code`` and a ``detail`` sentence for the player. The API's
exception handler (``games/api/errors.py``) maps each kind to an HTTP status.
"""

from __future__ import annotations


class DomainError(Exception):
    """A refused request. ``code`` is stable, ``detail`` is for the player."""

    code = "invalid"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code


class NotFound(DomainError):
    code = "not_found"


class Forbidden(DomainError):
    code = "forbidden"


class Conflict(DomainError):
    code = "conflict"


class StaleSeq(Conflict):
    """The client acted on a view older than the match: ``match_id`` lets the API answer with
    the current view."""

    code = "stale"

    def __init__(self, detail: str, *, match_id: int) -> None:
        super().__init__(detail)
        self.match_id = match_id


class NotYourTurn(Conflict):
    code = "not_your_turn"


class IllegalMove(DomainError):
    """The engine refused the action; ``code`` is the engine's rule code and ``params`` its
    facts, from which the API words the refusal in the player's language."""

    def __init__(self, detail: str, *, code: str, params: dict[str, object] | None = None) -> None:
        super().__init__(detail, code=code)
        self.params = params or {}


class TooMany(DomainError):
    """Over a rate the player may act at (e.g. reactions): try again in a moment."""

    code = "too_many"
