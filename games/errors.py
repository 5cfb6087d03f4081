"""The refusals of a move: the ``core.errors`` family, with what a move's answer adds."""

from __future__ import annotations

from typing import Any

from core.errors import Conflict, DomainError


class StaleSeq(Conflict):
    """The client acted on a view older than the match; the answer carries the asker's
    current view (``match``), so the client can draw the table as it is and try again."""

    code = "stale"

    def __init__(self, detail: str, *, view: dict[str, Any]) -> None:
        super().__init__(detail, extra={"match": view})


class NotYourTurn(Conflict):
    code = "not_your_turn"


class IllegalMove(DomainError):
    """The engine refused the action; ``code`` is the engine's rule code, ``params`` its
    facts, and ``detail`` the sentence worded from them in the player's language."""

    def __init__(self, detail: str, *, code: str, params: dict[str, object] | None = None) -> None:
        super().__init__(detail, code=code)
        self.params = params or {}
