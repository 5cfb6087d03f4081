"""Pairing: the pool's open seeks become matches.

Each pool (a pace, rated or casual) is paired in one transaction: its open seeks are claimed
with ``SELECT … FOR UPDATE SKIP LOCKED``, grouped (``matchmaking.pool``), and each table is
created and started through ``games.services.matches.match_pair`` while its seeks are marked
matched. Any number of workers may pair at once: rows another worker holds are skipped, and a
worker that dies mid-way holds nothing once its transaction rolls back. The players are told
after the commit (``matchmaking.signals.seeks_matched``). A live seek whose player's screen
has stopped asking for it (``services.seeks.still_seeking``) is cancelled there instead.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from celery import signature
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games.engine.bots import BOT_LEVELS, LEVEL_MIN_TURN_SECONDS
from games.engine.bots.ratings import bot_rating
from games.services.matches import match_pair
from matchmaking import pool
from matchmaking.models import LIVE_PACES, PACE_SECONDS, Seek
from matchmaking.signals import seek_waiting_long, seeks_matched
from social.selectors import blocks_among
from social.services.ratings import rating_shown

from .seeks import PAIR_TASK, still_seeking

# The most seeks of one pool claimed by one transaction: a pool larger than this is paired
# by several runs (or workers) at once.
POOL_BATCH = 400
# A slow-pace seek waits this long before its player is asked whether bots should fill in.
ASK_ABOUT_BOTS_AFTER = timedelta(hours=24)


def seeks_pair() -> int:
    """Pair every pool that has open seeks, once; how many matches were made. When live
    seeks wait for bots, a run is queued for the moment the first of them is due."""
    pools = (Seek.objects.filter(status=Seek.Status.OPEN).values_list("pace", "rated")
             .distinct().order_by())
    made = sum(_pool_pair(pace=pace, rated=rated) for pace, rated in list(pools))
    _pair_when_bots_due()
    return made


def _pool_pair(*, pace: str, rated: bool) -> int:
    with transaction.atomic():
        seeks = list(Seek.objects.select_for_update(skip_locked=True)
                     .filter(status=Seek.Status.OPEN, pace=pace, rated=rated)
                     .order_by("created_at")[:POOL_BATCH])
        if pace in LIVE_PACES:
            seeks = _without_absent(seeks)
        if len(seeks) < 2 and not any(s.bots_at for s in seeks):
            return 0
        now = timezone.now()
        waiting = [pool.Waiting(
            seek_id=s.id, user_id=s.user_id, rating=s.rating,
            waited=(now - s.created_at).total_seconds(),
            bots_due=s.bots_at is not None and s.bots_at <= now,
            bots_ok=s.bots_at is not None) for s in seeks]
        blocked = {frozenset(pair) for pair in blocks_among(user_ids=[s.user_id for s in seeks])}
        tables = pool.tables_from(waiting, blocked)
        for table in tables:
            _seat(table, pace=pace, rated=rated, now=now)
        return len(tables)


def _without_absent(seeks: list[Seek]) -> list[Seek]:
    """``seeks`` (of a live pace, locked by the caller) whose players are still waiting on
    them; the others are cancelled: a live table would start and play out on autopilot for
    a player who has left (closed the app without a word, or lost the network)."""
    present = still_seeking([s.user_id for s in seeks])
    absent = [s.id for s in seeks if s.user_id not in present]
    if absent:
        Seek.objects.filter(pk__in=absent, status=Seek.Status.OPEN).update(
            status=Seek.Status.CANCELLED)
    return [s for s in seeks if s.user_id in present]


def _seat(table: pool.Table, *, pace: str, rated: bool, now: datetime) -> None:
    """Create and start ``table``'s match and mark its seeks matched (in the caller's
    transaction, under its row locks)."""
    user_ids = [w.user_id for w in table.seats]
    level = bot_level_for(rating=round(sum(w.rating for w in table.seats) / len(user_ids)),
                          turn_seconds=PACE_SECONDS[pace])
    change = match_pair(user_ids=user_ids, turn_seconds=PACE_SECONDS[pace], rated=rated,
                        bot_level=level)
    match_id = change.match.id
    Seek.objects.filter(pk__in=[w.seek_id for w in table.seats]).update(
        status=Seek.Status.MATCHED, match_id=match_id, matched_at=now)
    transaction.on_commit(lambda: seeks_matched.send(
        sender=Seek, match_id=match_id, user_ids=user_ids))


def bot_level_for(*, rating: int, turn_seconds: int) -> str:
    """The bot level whose fixed rating is nearest ``rating`` among those that may play at
    ``turn_seconds`` a turn."""
    allowed = [lv for lv in BOT_LEVELS if LEVEL_MIN_TURN_SECONDS.get(lv, 0) <= turn_seconds]
    return min(allowed, key=lambda lv: abs(_shown(lv) - rating))


def _shown(level: str) -> int:
    mu, sigma = bot_rating(level)
    return rating_shown(mu=mu, sigma=sigma)


def _pair_when_bots_due() -> None:
    """Queue a run for when the next live seek's bots are due (one per second at most, across
    workers: the cache's add is atomic), so a table fills on time between beat's runs too."""
    due = (Seek.objects.filter(status=Seek.Status.OPEN, bots_at__gt=timezone.now())
           .order_by("bots_at").values_list("bots_at", flat=True).first())
    if due is None or due - timezone.now() > timedelta(minutes=10):
        return
    if cache.add(f"seeks-pair-at:{int(due.timestamp())}", 1, timeout=700):
        # A little after the moment, so the run never comes early and finds nothing due.
        eta = due + timedelta(milliseconds=200)
        signature(PAIR_TASK).apply_async(eta=eta, expires=eta + timedelta(seconds=30))


def seeks_remind() -> int:
    """Ask each player whose slow-pace seek has waited ``ASK_ABOUT_BOTS_AFTER`` (once per
    seek) whether bots should fill the table; how many were asked. Each seek is claimed with
    a conditional write, so two runs never ask twice."""
    now = timezone.now()
    due = (Seek.objects.filter(status=Seek.Status.OPEN, bots_at__isnull=True,
                               asked_at__isnull=True, created_at__lte=now - ASK_ABOUT_BOTS_AFTER)
           .exclude(pace__in=LIVE_PACES).values_list("id", "user_id"))
    asked = 0
    for seek_id, user_id in list(due):
        if Seek.objects.filter(pk=seek_id, asked_at__isnull=True).update(asked_at=now):
            seek_waiting_long.send(sender=Seek, seek_id=seek_id, user_id=user_id)
            asked += 1
    return asked
