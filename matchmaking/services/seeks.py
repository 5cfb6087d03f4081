"""A player's seeks: made, cancelled, or told to fill the table with bots. Each change asks
for a pairing after its commit (``matchmaking.tasks.seeks_pair``, sent by name: the tasks
sit above the services)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import signature
from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, DomainError, Forbidden, NotFound
from matchmaking.models import LIVE_PACES, PACE_SECONDS, Seek
from social.presence import online_users
from social.selectors import ratings_of
from social.services.ratings import MODEL, rating_shown

PAIR_TASK = "matchmaking.tasks.seeks_pair"
BOTS_AFTER_MAX = 600
# The rating a player with no rated match yet is grouped at: a new player's.
NEW_PLAYER_RATING = rating_shown(mu=MODEL.mu, sigma=MODEL.sigma)


def seek_create(*, user: Any, pace: str, rated: bool, bots_after_seconds: int | None) -> Seek:
    """Put ``user`` in the pool of ``pace`` (rated or casual). At a live pace, bots fill the
    empty seats after ``bots_after_seconds`` (None: wait for people); a slow pace waits for
    people until its player says otherwise."""
    if pace not in PACE_SECONDS:
        raise DomainError(_("Choose a pace of 15, 30 or 60 seconds a turn, or 1 hour, 1 day "
                            "or 3 days a turn."), code="bad_pace")
    if bots_after_seconds is not None and not 0 <= bots_after_seconds <= BOTS_AFTER_MAX:
        raise DomainError(_("Bots may join after 0 to %(max)d seconds, or never.")
                          % {"max": BOTS_AFTER_MAX}, code="bad_bots_after")
    if rated and user.account.is_guest:
        raise Forbidden(_("Guests play casual matches: sign up to play rated ones."),
                        code="guest_not_rated")
    now = timezone.now()
    live = pace in LIVE_PACES
    bots_at = (now + timedelta(seconds=bots_after_seconds)
               if live and bots_after_seconds is not None else None)
    rating = ratings_of(user_ids=[user.id])[user.id]["rating"]
    # Marked before the row exists: a pairing may run the moment it commits.
    seeks_seen(user_id=user.id)
    try:
        with transaction.atomic():
            seek = Seek.objects.create(user=user, pace=pace, rated=rated, bots_at=bots_at,
                                       rating=NEW_PLAYER_RATING if rating is None else rating)
            _pair_after_commit()
    except IntegrityError:
        # seek_one_open_per_pace: checked by the database, so two requests at once agree.
        raise Conflict(_("You are already looking for players at this pace."),
                       code="seek_open")
    return seek


def seek_cancel(*, user: Any, seek_id: int) -> None:
    """Take ``user``'s open seek out of the pool. The write waits for a pairing that holds
    the row, so a seek is either cancelled or matched, never both."""
    if Seek.objects.filter(pk=seek_id, user=user, status=Seek.Status.OPEN).update(
            status=Seek.Status.CANCELLED):
        return
    _refuse_closed(user, seek_id)


def seek_bots_now(*, user: Any, seek_id: int) -> Seek:
    """Let bots fill the empty seats of ``user``'s open seek now (the answer to the question
    a long wait asks)."""
    with transaction.atomic():
        if not Seek.objects.filter(pk=seek_id, user=user, status=Seek.Status.OPEN).update(
                bots_at=timezone.now()):
            _refuse_closed(user, seek_id)
        _pair_after_commit()
    return Seek.objects.get(pk=seek_id)


def _refuse_closed(user: Any, seek_id: int) -> None:
    seek = Seek.objects.filter(pk=seek_id, user=user).first()
    if seek is None or seek.status == Seek.Status.CANCELLED:
        raise NotFound(_("You have no such seek."), code="no_seek")
    raise Conflict(_("This seek has found its match already."), code="seek_matched",
                   extra={"match_id": seek.match_id})


def _pair_after_commit() -> None:
    task = signature(PAIR_TASK)
    transaction.on_commit(task.apply_async)


# A live search needs its player at the table when it starts: the screen that waits on it
# asks for the player's seeks every few seconds, and each ask marks them as still there.
def _seen_key(user_id: int) -> str:
    return f"seeks:seen:{user_id}"


def seeks_seen(*, user_id: int) -> None:
    """Mark ``user_id`` as still waiting on their searches (their screen asked for them)."""
    cache.set(_seen_key(user_id), 1, settings.LIVE_SEEK_SEEN_SECONDS)


def still_seeking(user_ids: list[int]) -> set[int]:
    """The users among ``user_ids`` still with us: their screen has asked for their searches
    lately, or their app has its socket open."""
    keys = {_seen_key(u): u for u in user_ids}
    asked = {keys[k] for k in cache.get_many(list(keys))} if keys else set()
    return asked | online_users([u for u in user_ids if u not in asked])
