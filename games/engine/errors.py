"""The one exception type of the engine."""

from __future__ import annotations


class EngineError(ValueError):
    """An action or input the rules do not allow.

    ``code`` is a stable machine-readable string (``"must_beat"``, ``"not_your_turn"``,
    ``"bad_rules"`` ...); ``detail`` is a sentence a player understands. Subclassing
    ``ValueError`` lets callers that only know "bad input" catch it too.
    """

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail

