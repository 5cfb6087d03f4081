"""Usernames: the form a name is stored in, the folded form that decides when two are the same,
and the checks a new name must pass.

A name is stored in Unicode normal form NFKC, so the fullwidth ``Ａｓｈａ`` is kept as ``Asha``.
Two names are the same player's when their folded forms (NFKC, then case-folded, then NFKC again,
as Unicode's NFKC_Casefold) are equal; the database holds one ``FoldedUsername`` per account
with a unique constraint on it, so a twin can never be stored, even by two sign-ups at once.
Every check runs on the normalised name: the one that will be stored.
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from .models import FoldedUsername

MIN_LENGTH = 3
MAX_LENGTH = 30
# "open" and "bot:…" name seats when a match is created; "admin" would pass for the site's staff.
RESERVED = frozenset({"open", "admin"})
RESERVED_PREFIX = "bot"


def username_normalise(name: str) -> str:
    """The form a username is stored and shown in."""
    return unicodedata.normalize("NFKC", name)


def username_fold(name: str) -> str:
    """The key two names share when they differ only in case, width or compatibility forms."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def username_check(name: str) -> str:
    """The normalised ``name`` if a new account may take it; ``ValidationError`` otherwise."""
    normal = username_normalise(name)
    if not MIN_LENGTH <= len(normal) <= MAX_LENGTH:
        raise ValidationError(
            f"A username has {MIN_LENGTH} to {MAX_LENGTH} characters.", code="length")
    for validator in get_user_model()._meta.get_field("username").validators:
        validator(normal)
    folded = username_fold(normal)
    if folded.startswith(RESERVED_PREFIX) or folded in RESERVED:
        raise ValidationError(_("This username is reserved."), code="reserved")
    if username_taken(normal):
        raise ValidationError(_("That username is taken."), code="taken")
    return normal


def username_taken(name: str) -> bool:
    """True when an account's name folds to the same key as ``name``."""
    return FoldedUsername.objects.filter(folded=username_fold(name)).exists()


def user_for_sign_in(name: str) -> AbstractBaseUser | None:
    """The account ``name`` refers to, whatever its case or width, or None.

    A name typed exactly as stored wins: twins that signed up before names were folded share a
    folded form, and each must still reach its own account."""
    normal = username_normalise(name)
    candidates = {
        row.user.get_username(): row.user
        for row in FoldedUsername.objects.filter(
            Q(folded=username_fold(name)) | Q(user__username__in={name, normal})
        ).select_related("user")[:3]
    }
    for exact in (name, normal):
        if exact in candidates:
            return candidates[exact]
    return next(iter(candidates.values()), None)
