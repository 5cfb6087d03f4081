"""Telling players of invitations: the invitee when seats are reserved for them, the inviter
when one is declined. A player on the site hears it over their socket (``invitation`` and
``invitation.declined`` frames); one who is not gets a push, in their own language."""

from __future__ import annotations

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.selectors import account_language
from core.realtime import publish_frames
from games.models import Match, Seat
from notifications.services.push import push_to_user
from social.presence import online_users


def _speaking_to(user_id: int) -> translation.override:
    return translation.override(account_language(user_id) or settings.LANGUAGE_CODE)


def _name(user_id: int | None) -> str:
    found = get_user_model().objects.filter(pk=user_id).values_list("username", flat=True)
    return found.first() or ""


def notify_invited(*, match_id: int, user_ids: list[int]) -> int:
    """Tell each invitee of ``match_id`` (while the match still waits for them): a socket
    frame if they are on the site, else a push. How many pushes were accepted."""
    match = (Match.objects.filter(pk=match_id, status=Match.Status.WAITING)
             .values("rematch_of_id").first())
    if match is None:
        return 0
    online = online_users(user_ids)
    # Who kept each seat, by name ("" once that account is gone).
    names = dict(Seat.objects.filter(match_id=match_id, kind=Seat.Kind.RESERVED,
                                     reserved_for_id__in=user_ids)
                 .values_list("reserved_for_id", "invited_by__username"))
    publish_frames({u: [orjson.dumps({"type": "invitation", "match": match_id,
                                      "invited_by": names.get(u) or "",
                                      "rematch": bool(match["rematch_of_id"])}).decode()]
                    for u in user_ids if u in online})
    sent = 0
    for user_id in sorted(set(user_ids) - online):
        inviter = names.get(user_id) or ""
        with _speaking_to(user_id):
            title = (_("A rematch is offered") if match["rematch_of_id"]
                     else _("You are invited to a match"))
            body = _("%(name)s invited you to match #%(id)s of Call Break.") % {
                "name": inviter, "id": match_id}
        sent += push_to_user(user_id=user_id, kind="turn", title=title, body=body,
                             url=f"/m/{match_id}", match_id=match_id)
    return sent


def notify_declined(*, match_id: int, inviter_id: int, invitee_id: int) -> int:
    """Tell the inviter that ``invitee_id`` declined: over the socket if on the site (the
    table's view shows the open seat too), else by push."""
    invitee = _name(invitee_id)
    if inviter_id in online_users([inviter_id]):
        frame = orjson.dumps({"type": "invitation.declined", "match": match_id,
                              "declined_by": invitee}).decode()
        publish_frames({inviter_id: [frame]})
        return 0
    with _speaking_to(inviter_id):
        title = _("Invitation declined")
        body = _("%(name)s declined your invitation to match #%(id)s: the seat is open.") % {
            "name": invitee, "id": match_id}
    return push_to_user(user_id=inviter_id, kind="turn", title=title, body=body,
                        url=f"/m/{match_id}", match_id=match_id)
