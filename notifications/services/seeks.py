"""Telling players about their seeks: a match was found (a ``seek.matched`` frame to a player
on the site, else a push), and, after a long wait at a slow pace, whether bots should fill
the table (a push). Each in the player's own language."""

from __future__ import annotations

import orjson
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.selectors import account_language
from core.realtime import publish_frames
from matchmaking.models import Seek
from notifications.services.push import push_to_user
from social.presence import online_users


def _speaking_to(user_id: int) -> translation.override:
    return translation.override(account_language(user_id) or settings.LANGUAGE_CODE)


def notify_seek_matched(*, match_id: int, user_ids: list[int]) -> int:
    """Tell each player seated from the pool at ``match_id``: over the socket if they are on
    the site, else by push. How many pushes were accepted."""
    online = online_users(user_ids)
    frame = orjson.dumps({"type": "seek.matched", "match": match_id}).decode()
    publish_frames({u: [frame] for u in user_ids if u in online})
    sent = 0
    for user_id in sorted(set(user_ids) - online):
        with _speaking_to(user_id):
            title = _("Your match is ready")
            body = _("Players were found: match #%(id)s of Call Break has started.") % {
                "id": match_id}
        sent += push_to_user(user_id=user_id, kind="turn", title=title, body=body,
                             url=f"/m/{match_id}", match_id=match_id)
    return sent


def notify_seek_waiting(*, seek_id: int, user_id: int) -> int:
    """Ask the player of a slow-pace seek that has waited long (still open) whether bots
    should fill the seats nobody took; the lobby lists the seek with that choice."""
    if not Seek.objects.filter(pk=seek_id, status=Seek.Status.OPEN).exists():
        return 0
    with _speaking_to(user_id):
        title = _("Still looking for players")
        body = _("Nobody else has been found for your match in a day. Fill the empty seats "
                 "with bots?")
    return push_to_user(user_id=user_id, kind="turn", title=title, body=body,
                        url=f"/?seek={seek_id}", match_id=None)
