"""Reactions: a seated player sends one of a fixed set of emoji to the table.

No free text, so nothing to moderate; nothing about cards, so nothing to hide. Each is stored
beside the match (never in its engine state) with the match's ``seq``, so the replay can show
it where it happened; it reaches only the seated people who have no block with the sender.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.friends import blocks_among
from games.errors import Conflict, DomainError, NotFound, TooMany
from games.models import Match, Reaction, Seat
from games.signals import reaction_sent

# Codes (stable, for programs) and what each shows, in the order the table offers them.
REACTIONS: dict[str, str] = {
    "clap": "👏",
    "wow": "😮",
    "laugh": "😂",
    "angry": "😡",
    "thanks": "🙏",
    "thumbs_up": "👍",
    "sad": "😢",
    "fire": "🔥",
}


def reaction_send(*, match_id: int, user: Any, reaction: str) -> Reaction:
    """Send ``reaction`` from ``user``'s seat in ``match_id`` to the others at the table."""
    if reaction not in REACTIONS:
        raise DomainError(_("Choose one of the table's reactions."), code="bad_reaction")
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
    _spend_allowance(user.id)
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    blocked = blocks_among(user_ids=people)
    recipients = [u for u in people
                  if u == user.id or ((user.id, u) not in blocked and (u, user.id) not in blocked)]
    with transaction.atomic():
        sent = Reaction.objects.create(match_id=match_id, seat=mine.number, user=user,
                                       reaction=reaction, seq=match.seq)
        reaction_sent.send(sender=Reaction, match_id=match_id, seat=mine.number,
                           user_id=user.id, reaction=reaction, seq=match.seq,
                           recipients=recipients)
    return sent


def _spend_allowance(user_id: int) -> None:
    """At most ``REACTIONS_PER_WINDOW`` reactions per player in each window of
    ``REACTION_WINDOW_SECONDS``, whichever table they go to."""
    window = settings.REACTION_WINDOW_SECONDS
    key = f"reactions:{user_id}"
    cache.add(key, 0, window)
    try:
        spent = cache.incr(key)
    except ValueError:  # the window ended between the two calls: this one opens a new one
        cache.add(key, 1, window)
        spent = 1
    limit = settings.REACTIONS_PER_WINDOW
    if spent > limit:
        raise TooMany(ngettext(
            "You can send %(count)d reaction every %(seconds)d seconds.",
            "You can send %(count)d reactions every %(seconds)d seconds.", limit)
            % {"count": limit, "seconds": window}, code="too_many_reactions")
