"""The one exception type of the engine."""

from __future__ import annotations


class EngineError(ValueError):
    """An action or input the rules do not allow.

    ``code`` is a stable machine-readable string (``"must_beat"``, ``"not_your_turn"``,
    ``"bad_rules"`` ...); ``detail`` is an English sentence for logs and tools. ``params``
    holds what a player's sentence needs (cards as ``"KH"``, suits as ``"H"``, numbers), so the
    API layer can say it in the player's language. Subclassing ``ValueError`` lets callers that
    only know "bad input" catch it too.
    """

    def __init__(self, code: str, detail: str, *,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.params = params or {}

