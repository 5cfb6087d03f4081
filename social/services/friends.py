"""Friends and blocks: requests by username, accepting, declining, removing, and blocking.

Writes are keyword-only functions named ``<entity>_<action>``; each runs in one transaction
and either changes what it says or raises a ``core.errors`` refusal with a stable code.
The reads (who are someone's friends, who is blocked between whom) are in ``social.selectors``.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Account
from accounts.services import usernames
from core import realtime
from core.errors import Conflict, NotFound, Refused
from social.models import Block, Friendship
from social.selectors import pair_of


def _player(username: str, *, guests: bool = True) -> Any:
    """The player called ``username``; a guest (named by the site, never chosen) only where
    ``guests``, else answered as no such player, so that no answer tells a guest's name."""
    # A NUL is in no name, and PostgreSQL cannot compare text holding one.
    user = (usernames.user_for_sign_in(username)
            if username and "\x00" not in username else None)
    if user is not None and not guests and Account.objects.filter(user=user,
                                                                  is_guest=True).exists():
        user = None
    if user is None and not guests:
        # The same words for a guest and for no one, saying what a guest must do first.
        raise NotFound(_("No player with an account is called %(name)s. A guest can be added "
                         "as a friend once they keep their account.") % {"name": username},
                       code="unknown_user")
    if user is None:
        raise NotFound(_("There is no player called %(name)s.") % {"name": username},
                       code="unknown_user")
    return user


def _refuse_blocks(user: Any, other: Any) -> None:
    # The same answer whichever of the two blocked: a block is not announced.
    if Block.objects.filter(Q(blocker=user, blocked=other)
                            | Q(blocker=other, blocked=user)).exists():
        raise Refused(_("You cannot send %(name)s a friend request.")
                      % {"name": other.username}, code="blocked")


def friend_request_send(*, user: Any, username: str) -> Friendship:
    """Ask ``username`` to be friends; if they already asked ``user``, this accepts."""
    other = _player(username, guests=False)
    if other.id == user.id:
        raise Refused(_("You cannot send a friend request to yourself."), code="friend_self")
    _refuse_blocks(user, other)
    with transaction.atomic():
        existing = Friendship.objects.select_for_update().filter(pair_of(user, other)).first()
        if existing is None:
            try:
                with transaction.atomic():
                    created = Friendship.objects.create(from_user=user, to_user=other)
                _tell(other.id, "request", user.username)
                return created
            except IntegrityError:  # the other asked at the same moment
                existing = Friendship.objects.select_for_update().get(pair_of(user, other))
        if existing.status == Friendship.Status.ACCEPTED:
            raise Conflict(_("You and %(name)s are already friends.") % {"name": other.username},
                           code="already_friends")
        if existing.from_user_id == user.id:
            raise Conflict(_("You have already asked %(name)s to be friends.")
                           % {"name": other.username}, code="already_requested")
        return _accept(existing, by=user)


def friend_request_accept(*, user: Any, username: str) -> Friendship:
    """Accept the request ``username`` sent to ``user``."""
    other = _player(username)
    with transaction.atomic():
        request = _request_to(user, other)
        return _accept(request, by=user)


def friend_request_decline(*, user: Any, username: str) -> None:
    """Decline the request ``username`` sent to ``user``; they may ask again later."""
    other = _player(username)
    with transaction.atomic():
        _request_to(user, other).delete()


def friend_remove(*, user: Any, username: str) -> None:
    """End a friendship, or withdraw a request ``user`` sent."""
    other = _player(username)
    deleted, _rows = Friendship.objects.filter(pair_of(user, other)).filter(
        Q(status=Friendship.Status.ACCEPTED) | Q(from_user=user)).delete()
    if not deleted:
        raise NotFound(_("You and %(name)s are not friends.") % {"name": other.username},
                      code="not_friends")


def block_add(*, user: Any, username: str) -> Block:
    """Block ``username``: any friendship or request between the two ends, and they can no
    longer ask, invite or react to ``user``."""
    other = _player(username)
    if other.id == user.id:
        raise Refused(_("You cannot block yourself."), code="block_self")
    with transaction.atomic():
        Friendship.objects.filter(pair_of(user, other)).delete()
        block, _created = Block.objects.get_or_create(blocker=user, blocked=other)
        return block


def block_remove(*, user: Any, username: str) -> None:
    other = _player(username)
    deleted, _rows = Block.objects.filter(blocker=user, blocked=other).delete()
    if not deleted:
        raise NotFound(_("You have not blocked %(name)s.") % {"name": other.username},
                      code="not_blocked")


def _request_to(user: Any, other: Any) -> Friendship:
    request = (Friendship.objects.select_for_update()
               .filter(from_user=other, to_user=user, status=Friendship.Status.REQUESTED)
               .first())
    if request is None:
        raise NotFound(_("%(name)s has not asked you to be friends.") % {"name": other.username},
                      code="no_request")
    return request


def _accept(request: Friendship, *, by: Any) -> Friendship:
    request.status = Friendship.Status.ACCEPTED
    request.accepted_at = timezone.now()
    request.save(update_fields=["status", "accepted_at"])
    _tell(request.from_user_id, "accepted", by.username)
    return request


def _tell(user_id: int, event: str, by: str) -> None:
    """Once the change commits, a ``friends`` frame to ``user_id``'s sockets: ``by`` asked to
    be friends (``request``) or accepted their request (``accepted``). A player away from
    the site sees it the next time the lobby or Friends opens."""
    frame = orjson.dumps({"type": "friends", "event": event, "by": by}).decode()
    transaction.on_commit(lambda: realtime.publish_frames({user_id: [frame]}))
