"""Friends and blocks: requests by username, accepting, declining, removing, and blocking.

Writes are keyword-only functions named ``<entity>_<action>``; each runs in one transaction
and either changes what it says or raises an ``accounts.errors`` refusal with a stable code.
The reads at the bottom (who are someone's friends, who is blocked between whom) are what
the games side asks before it shows a presence, seats an invitee or delivers a reaction.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from . import usernames
from .errors import Conflict, Missing, Refused
from .models import Block, Friendship


def _player(username: str) -> Any:
    # A NUL is in no name, and PostgreSQL cannot compare text holding one.
    user = (usernames.user_for_sign_in(username)
            if username and "\x00" not in username else None)
    if user is None:
        raise Missing(_("There is no player called %(name)s.") % {"name": username},
                      code="unknown_user")
    return user


def _pair(a: Any, b: Any) -> Q:
    return Q(from_user=a, to_user=b) | Q(from_user=b, to_user=a)


def _refuse_blocks(user: Any, other: Any) -> None:
    blocks = set(Block.objects.filter(Q(blocker=user, blocked=other)
                                      | Q(blocker=other, blocked=user))
                 .values_list("blocker_id", flat=True))
    if user.id in blocks:
        raise Refused(_("You have blocked %(name)s. Unblock them first.")
                      % {"name": other.username}, code="you_blocked")
    if other.id in blocks:
        raise Refused(_("%(name)s does not take requests from you.")
                      % {"name": other.username}, code="blocked")


def friend_request_send(*, user: Any, username: str) -> Friendship:
    """Ask ``username`` to be friends; if they already asked ``user``, this accepts."""
    other = _player(username)
    if other.id == user.id:
        raise Refused(_("You cannot send a friend request to yourself."), code="friend_self")
    _refuse_blocks(user, other)
    with transaction.atomic():
        existing = Friendship.objects.select_for_update().filter(_pair(user, other)).first()
        if existing is None:
            try:
                with transaction.atomic():
                    return Friendship.objects.create(from_user=user, to_user=other)
            except IntegrityError:  # the other asked at the same moment
                existing = Friendship.objects.select_for_update().get(_pair(user, other))
        if existing.status == Friendship.Status.ACCEPTED:
            raise Conflict(_("You and %(name)s are already friends.") % {"name": other.username},
                           code="already_friends")
        if existing.from_user_id == user.id:
            raise Conflict(_("You have already asked %(name)s to be friends.")
                           % {"name": other.username}, code="already_requested")
        return _accept(existing)


def friend_request_accept(*, user: Any, username: str) -> Friendship:
    """Accept the request ``username`` sent to ``user``."""
    other = _player(username)
    with transaction.atomic():
        request = _request_to(user, other)
        return _accept(request)


def friend_request_decline(*, user: Any, username: str) -> None:
    """Decline the request ``username`` sent to ``user``; they may ask again later."""
    other = _player(username)
    with transaction.atomic():
        _request_to(user, other).delete()


def friend_remove(*, user: Any, username: str) -> None:
    """End a friendship, or withdraw a request ``user`` sent."""
    other = _player(username)
    deleted, _rows = Friendship.objects.filter(_pair(user, other)).filter(
        Q(status=Friendship.Status.ACCEPTED) | Q(from_user=user)).delete()
    if not deleted:
        raise Missing(_("You and %(name)s are not friends.") % {"name": other.username},
                      code="not_friends")


def block_add(*, user: Any, username: str) -> Block:
    """Block ``username``: any friendship or request between the two ends, and they can no
    longer ask, invite or react to ``user``."""
    other = _player(username)
    if other.id == user.id:
        raise Refused(_("You cannot block yourself."), code="block_self")
    with transaction.atomic():
        Friendship.objects.filter(_pair(user, other)).delete()
        block, _created = Block.objects.get_or_create(blocker=user, blocked=other)
        return block


def block_remove(*, user: Any, username: str) -> None:
    other = _player(username)
    deleted, _rows = Block.objects.filter(blocker=user, blocked=other).delete()
    if not deleted:
        raise Missing(_("You have not blocked %(name)s.") % {"name": other.username},
                      code="not_blocked")


def _request_to(user: Any, other: Any) -> Friendship:
    request = (Friendship.objects.select_for_update()
               .filter(from_user=other, to_user=user, status=Friendship.Status.REQUESTED)
               .first())
    if request is None:
        raise Missing(_("%(name)s has not asked you to be friends.") % {"name": other.username},
                      code="no_request")
    return request


def _accept(request: Friendship) -> Friendship:
    request.status = Friendship.Status.ACCEPTED
    request.accepted_at = timezone.now()
    request.save(update_fields=["status", "accepted_at"])
    return request


# --- Reads ------------------------------------------------------------------------------------


def friend_ids(*, user_id: int) -> list[int]:
    """The ids of ``user_id``'s friends (accepted requests either way), in one query."""
    rows = Friendship.objects.filter(
        Q(from_user_id=user_id) | Q(to_user_id=user_id), status=Friendship.Status.ACCEPTED
    ).values_list("from_user_id", "to_user_id")
    return sorted({b if a == user_id else a for a, b in rows})


def friendships_of(*, user: Any) -> dict[str, list[Any]]:
    """``user``'s friends, the requests they received and sent, and who they blocked, as
    users (one query each, names included)."""
    rows = list(Friendship.objects.filter(Q(from_user=user) | Q(to_user=user))
                .select_related("from_user", "to_user").order_by("-created_at", "-id"))
    friends = [r.to_user if r.from_user_id == user.id else r.from_user
               for r in rows if r.status == Friendship.Status.ACCEPTED]
    pending = [r for r in rows if r.status == Friendship.Status.REQUESTED]
    blocked = [b.blocked for b in Block.objects.filter(blocker=user).select_related("blocked")
               .order_by("blocked__username")]
    return {
        "friends": sorted(friends, key=lambda u: u.username.casefold()),
        "incoming": [r.from_user for r in pending if r.to_user_id == user.id],
        "outgoing": [r.to_user for r in pending if r.from_user_id == user.id],
        "blocked": blocked,
    }


def relation_between(*, user: Any, other_id: int) -> str:
    """How ``user`` stands with another player: ``self``, ``friends``, ``requested`` (user
    asked), ``incoming`` (they asked), ``blocked`` (user blocked them) or ``none``."""
    if other_id == user.id:
        return "self"
    if Block.objects.filter(blocker=user, blocked_id=other_id).exists():
        return "blocked"
    row = (Friendship.objects.filter(_pair(user.id, other_id))
           .values_list("status", "from_user_id").first())
    if row is None:
        return "none"
    status, asker = row
    if status == Friendship.Status.ACCEPTED:
        return "friends"
    return "requested" if asker == user.id else "incoming"


def blocked_between(*, user_id: int, other_id: int) -> bool:
    """True when either of the two players blocked the other."""
    return Block.objects.filter(Q(blocker_id=user_id, blocked_id=other_id)
                                | Q(blocker_id=other_id, blocked_id=user_id)).exists()


def blocks_among(*, user_ids: list[int]) -> set[tuple[int, int]]:
    """Every (blocker, blocked) pair among ``user_ids``, in one query."""
    return set(Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids)
               .values_list("blocker_id", "blocked_id"))
