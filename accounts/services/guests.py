"""Guests: a person who tapped "Play vs computer" before choosing a name or a password.

A guest is an ordinary user with no usable password, a generated name and ``Account.is_guest``;
their browser session is the only way in. They may claim the account later with a username and
a password of their own, which keeps their matches and stats (the user row stays the same).
Guests unused for ``GUEST_UNUSED_DAYS`` are removed by ``accounts.tasks.guests_remove_unused``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.exceptions import PermissionDenied

from accounts.models import Account

from .removal import account_delete

User = get_user_model()

# Five digits make a collision rare; each retry draws from a range ten times wider.
_ATTEMPTS = 4


def guest_create() -> AbstractBaseUser:
    """A new guest, named ``Guest-<digits>`` (a name no one can sign up with)."""
    for attempt in range(_ATTEMPTS):
        low = 10 ** (4 + attempt)
        name = f"Guest-{low + secrets.randbelow(9 * low)}"
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=name)  # no password: unusable
                Account.objects.filter(user=user).update(is_guest=True)
        except IntegrityError:
            continue  # another guest has that name
        return user
    raise RuntimeError("no free guest name after several attempts")


def guest_claim(*, user: AbstractBaseUser, username: str, password: str,
                email: str = "") -> AbstractBaseUser:
    """Turn the guest ``user`` into a full account named ``username``: same user, same matches.

    ``username`` and ``password`` have passed the sign-up checks already."""
    with transaction.atomic():
        account = Account.objects.select_for_update().get(user=user)
        if not account.is_guest:
            raise PermissionDenied(_("This account already has a username and password."),
                                   code="not_guest")
        user.username = username
        user.set_password(password)
        if email:
            user.email = email
        # The folded name is kept by a signal; a twin claimed at the same instant fails here.
        user.save()
        account.is_guest = False
        account.save(update_fields=["is_guest"])
    return user


def guests_remove_unused(*, now: datetime | None = None) -> int:
    """Remove guest accounts nobody has used for ``GUEST_UNUSED_DAYS``; how many went."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.GUEST_UNUSED_DAYS)
    removed = 0
    stale = Account.objects.filter(is_guest=True, last_seen_at__lt=cutoff)
    for user in User.objects.filter(account__in=stale).order_by("pk")[:500]:
        account_delete(user=user)
        removed += 1
    return removed
