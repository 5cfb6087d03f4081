"""Post-match analysis: the hard bot's search, given the expert's think time,
reviews every call and card of one seat and says which alternatives it prefers, by how much
(expected score over the rest of the hand, in tenths like all scores) and why: a reason code
with the figures of the chosen and the best option it rests on (``games.engine.bots.reasons``)."""

from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, DomainError, Forbidden, NotFound
from games.engine import MatchState, match_record, record_steps, view_for
from games.engine.bots import explain_options, figures_json, reason_for, rounded
from games.events import analysis_queued
from games.models import Analysis, Match, Seat
from games.stored_state import state_of_match

TOP_OPTIONS = 5
# How many times one analysis may be computed: the first request and one retry after a failure.
ATTEMPTS = 2


def analysis_request(*, match_id: int, user: Any, seat: int) -> Analysis:
    """The analysis of ``seat`` for a player of the match; queued on first request."""
    match = _finished_match(match_id=match_id, user=user, seat=seat)
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(match=match, seat=seat)
        if created:
            analysis_queued(match_id=match.id, seat=seat)
    return analysis


def analysis_retry(*, match_id: int, user: Any, seat: int) -> Analysis:
    """Queue a failed analysis again, once; any other analysis is answered as it stands (and
    queued if it was never asked for)."""
    analysis = analysis_request(match_id=match_id, user=user, seat=seat)
    if analysis.status != Analysis.Status.FAILED:
        return analysis
    with transaction.atomic():
        retried = Analysis.objects.filter(
            pk=analysis.pk, status=Analysis.Status.FAILED, attempts__lt=ATTEMPTS,
        ).update(status=Analysis.Status.PENDING, attempts=F("attempts") + 1, finished_at=None)
        if not retried:
            raise Conflict(_("The analysis of this match is unavailable."),
                           code="analysis_failed")
        analysis_queued(match_id=match_id, seat=seat)
        # Read before the commit sends the task: the answer is the retry's own state, pending,
        # not whatever a fast worker has made of it since.
        analysis.refresh_from_db()
    return analysis


def analysis_failed(*, match_id: int, seat: int) -> bool:
    """Mark a pending analysis that could not be computed as failed; False if it was not
    pending."""
    return bool(Analysis.objects.filter(
        match_id=match_id, seat=seat, status=Analysis.Status.PENDING,
    ).update(status=Analysis.Status.FAILED, finished_at=timezone.now()))


def can_retry(analysis: Analysis) -> bool:
    return analysis.status == Analysis.Status.FAILED and analysis.attempts < ATTEMPTS


def _finished_match(*, match_id: int, user: Any, seat: int) -> Match:
    match = Match.objects.filter(pk=match_id, seats__user=user,
                                 seats__kind=Seat.Kind.HUMAN).first()
    if match is None:
        raise NotFound(_("No such match."))
    if match.status != Match.Status.FINISHED:
        raise Forbidden(_("Analysis is available once the match has finished."),
                        code="not_finished")
    if not 0 <= seat <= 3:
        raise DomainError(_("The seat is a number from 0 to 3."), code="bad_seat")
    return match


def analysis_run(*, match_id: int, seat: int) -> bool:
    """Compute a pending analysis; False when there is nothing to do."""
    analysis = Analysis.objects.filter(match_id=match_id, seat=seat,
                                       status=Analysis.Status.PENDING).first()
    if analysis is None:
        return False
    match = Match.objects.get(pk=match_id)
    record = match_record(state_of_match(match))
    decisions = [review_decision(state, action, seat=seat, seed=i)
                 for i, (state, action) in enumerate(record_steps(record))
                 if action.get("seat") == seat and action["type"] in ("call", "play")]
    return bool(Analysis.objects.filter(pk=analysis.pk, status=Analysis.Status.PENDING).update(
        status=Analysis.Status.READY, decisions=decisions, finished_at=timezone.now()))


def review_decision(state: MatchState, action: dict[str, Any], *, seat: int,
                    seed: int) -> dict[str, Any]:
    """One decision: what was chosen, what the bot prefers, the expected loss and, when
    there is one, the reason with the figures of both options."""
    view = view_for(state, seat)
    calling = action["type"] == "call"
    chosen = action["call"] if calling else action["card"]
    entry = {"hand_number": state.hand_number,
             "trick": None if calling else len(state.tricks),
             "kind": action["type"], "chosen": chosen}
    if len(view["legal"]) == 1:
        return {**entry, "best": chosen, "loss": 0, "reason": None,
                "options": [{"action": chosen, "value": None}]}
    options = explain_options(view, seat=seat, rng=random.Random(seed),
                              budget_ms=settings.ANALYSIS_BUDGET_MS,
                              max_rollouts=settings.ANALYSIS_ROLLOUTS)
    rated = {option: (value, figures) for option, value, figures in options}
    best, best_value, best_figures = options[0]
    chosen_value, chosen_figures = rated.get(chosen, (best_value, best_figures))
    loss = max(0, round(best_value - chosen_value))
    entry = {**entry, "best": best, "loss": loss,
             "options": [{"action": a, "value": round(v, 1)} for a, v, _ in options[:TOP_OPTIONS]]}
    if not loss:
        return {**entry, "reason": None}
    # The reason is read from the figures as recorded, so the record alone bears it out.
    reason = reason_for(action["type"], chosen, best, rounded(chosen_figures),
                        rounded(best_figures))
    return {**entry, "reason": reason,
            "figures": {"chosen": figures_json(chosen_value, chosen_figures),
                        "best": figures_json(best_value, best_figures)}}
