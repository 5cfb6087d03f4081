"""``Idempotency-Key`` on the acting endpoints: the first answer to a key is stored in the same
transaction as the move it answers (the service calls back into it before committing), and
every retry of that key gets exactly that answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext as _
from rest_framework.request import Request

from core.errors import Conflict, DomainError
from games.models import IdempotentResponse

KEY_LENGTH = (8, 80)
# Visible ASCII only: a key is an opaque token such as a UUID, stored and compared as text.
KEY_PATTERN = r"^[!-~]+$"
KEY_SCHEMA = {"type": "string", "minLength": KEY_LENGTH[0], "maxLength": KEY_LENGTH[1],
              "pattern": KEY_PATTERN}


def key_of(request: Request) -> str | None:
    """The request's key, or None; a key outside 8–80 visible ASCII characters is refused."""
    key = request.headers.get("Idempotency-Key") or None
    if key is not None and not (KEY_LENGTH[0] <= len(key) <= KEY_LENGTH[1]
                                and re.fullmatch(KEY_PATTERN, key)):
        raise DomainError(_("An Idempotency-Key is 8 to 80 visible ASCII characters."),
                          code="bad_idempotency_key")
    return key


def answered_once(*, user: Any, key: str | None, match_id: int,
                  act: Callable[[Callable[[Any], object] | None], Any],
                  answer: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The body ``answer(change)`` for the change ``act`` makes, once per key: a retry, even one
    racing the first request, returns the stored body instead of acting again.

    ``act`` is given a function to call inside the move's own transaction, which stores the
    body there, so the move and its answer are kept together or not at all. A retry never acts
    twice: the first request moved the match on, so the retry's ``seq`` is stale and the
    service refuses it, and then the stored answer is the answer."""
    if key is None:
        return answer(act(None))
    kept: dict[str, dict[str, Any]] = {}

    def keep(change: Any) -> None:
        kept["body"] = answer(change)
        IdempotentResponse.objects.create(user=user, key=key, match_id=match_id,
                                          status_code=200, body=kept["body"])

    try:
        act(keep)
        return kept["body"]
    except DomainError:
        stored = _stored(user, key, match_id)
        if stored is None:
            raise
        return stored
    except IntegrityError:
        # The key was already used: for another match (nothing of this request is kept),
        # or a moment ago for this one.
        stored = _stored(user, key, match_id)
        if stored is None:
            raise _reused()
        return stored


def _stored(user: Any, key: str, match_id: int) -> dict[str, Any] | None:
    stored = IdempotentResponse.objects.filter(user=user, key=key).first()
    if stored is None:
        return None
    if stored.match_id != match_id:
        raise _reused()
    return stored.body


def _reused() -> Conflict:
    return Conflict(_("That Idempotency-Key was used for another match."),
                    code="idempotency_key_reused")
