"""A reaction at a table: the table's part. Who sits there and whether the match is in play
is checked here; the reaction itself (the set, the rate, who may see it) is the social app's
(``social.services.reactions``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import Conflict, NotFound
from games.models import Match, Seat
from social.models import Reaction
from social.services.reactions import reaction_record


def reaction_send(*, match_id: int, user: Any, reaction: str) -> Reaction:
    """Send ``reaction`` from ``user``'s seat in ``match_id`` to the others at the table."""
    seats = list(Seat.objects.filter(match_id=match_id).select_related("match")
                 .only("number", "kind", "user_id", "match__status", "match__seq")
                 .order_by("number"))
    mine = next((s for s in seats if s.user_id == user.id and s.kind == Seat.Kind.HUMAN), None)
    if mine is None:
        raise NotFound(_("No such match."))
    match = mine.match
    if match.status == Match.Status.WAITING:
        raise Conflict(_("Reactions can be sent once the match has started."),
                       code="not_started")
    if match.status == Match.Status.FINISHED:
        raise Conflict(_("Reactions cannot be sent after the match has ended."), code="finished")
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    return reaction_record(match_id=match_id, seat=mine.number, seq=match.seq, user=user,
                           people=people, reaction=reaction)
