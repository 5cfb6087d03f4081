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

from core import realtime
from core.errors import DomainError, TooMany
from social.models import Reaction
from social.selectors import blocks_among

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


def reaction_record(*, match_id: int, seat: int, seq: int, user: Any, people: list[int],
                    reaction: str) -> Reaction:
    """Store ``reaction`` from ``user`` in ``seat`` of ``match_id`` at ``seq`` and send it to
    ``people`` (the table's seated persons) who have no block with the sender. The games app
    has checked that ``user`` sits there and that the match is in play."""
    if reaction not in REACTIONS:
        raise DomainError(_("Choose one of the table's reactions."), code="bad_reaction")
    _spend_allowance(user.id)
    blocked = blocks_among(user_ids=people)
    recipients = [u for u in people
                  if u == user.id or ((user.id, u) not in blocked and (u, user.id) not in blocked)]
    frame = realtime.reaction_frame(match_id=match_id, seat=seat, reaction=reaction, seq=seq)
    with transaction.atomic():
        sent = Reaction.objects.create(match_id=match_id, seat=seat, user=user,
                                       reaction=reaction, seq=seq)
        transaction.on_commit(lambda: realtime.publish_frames({u: [frame] for u in recipients}))
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
