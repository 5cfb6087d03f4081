"""Usernames: the form a name is stored in, the folded form that decides when two are the same,
and the checks a new name must pass.

A name is stored in Unicode normal form NFKC, so the fullwidth ``Ａｓｈａ`` is kept as ``Asha``.
Two names are the same player's when their folded forms (NFKC, then case-folded, then NFKC again,
as Unicode's NFKC_Casefold) are equal; the database holds one ``FoldedUsername`` per account
with a unique constraint on it, so a twin can never be stored, even by two sign-ups at once.
Every check runs on the normalised name: the one that will be stored.

A name is letters and digits of any one script (with the script's combining marks: a Devanagari
or Bengali name needs its vowel signs and virama) and ``. _ -``. Letters of two scripts in one
name are refused, since that is how a Cyrillic "а" passes for a Latin "a"; so is a name whose
look-alike skeleton matches a bot's name or a reserved word (``settings.RESERVED_PLAYER_NAMES``).
"""

from __future__ import annotations

import unicodedata
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from accounts.models import FoldedUsername

MIN_LENGTH = 3
MAX_LENGTH = 30
SEPARATORS = frozenset("._-")
# "open" and "bot:…" name seats when a match is created; "admin" would pass for the site's staff;
# "guest" names are the ones guests are given; "deleted player" is how a removed account reads.
RESERVED = frozenset({"open", "admin", "deletedplayer", "guest"})
RESERVED_PREFIXES = ("bot", "guest")
# Scripts whose letters are written together in one person's name (Japanese, Korean).
_SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK"}
# Letters of other scripts that look like Latin ones, and Latin letters and digits that look
# like each other: enough to catch "Аѕһа" posing as "Asha", not Unicode's whole confusables table.
_LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "һ": "h", "н": "h", "і": "l", "ј": "j", "к": "k", "м": "m",
    "о": "o", "р": "p", "с": "c", "ѕ": "s", "т": "t", "у": "y", "х": "x", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "0": "o", "1": "l", "i": "l",
    "5": "s", "ı": "l",
})


def username_normalise(name: str) -> str:
    """The form a username is stored and shown in."""
    return unicodedata.normalize("NFKC", name)


def username_fold(name: str) -> str:
    """The key two names share when they differ only in case, width or compatibility forms."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def name_skeleton(name: str) -> str:
    """What ``name`` looks like at a glance: folded, look-alike letters merged, separators
    dropped. Two names with one skeleton could be taken for each other at the table."""
    folded = username_fold(name).translate(_LOOK_ALIKES)
    return "".join(c for c in folded if c not in SEPARATORS).replace("rn", "m")


def username_check(name: str) -> str:
    """The normalised ``name`` if a new account may take it; ``ValidationError`` otherwise."""
    normal = username_normalise(name)
    if not MIN_LENGTH <= len(normal) <= MAX_LENGTH:
        raise ValidationError(
            _("A username has %(min)d to %(max)d characters.")
            % {"min": MIN_LENGTH, "max": MAX_LENGTH}, code="length")
    username_characters_check(normal)
    skeleton = name_skeleton(normal)
    if skeleton.startswith(RESERVED_PREFIXES) or skeleton in _RESERVED_SKELETONS:
        raise ValidationError(_("This username is reserved."), code="reserved")
    if skeleton in _bot_skeletons():
        raise ValidationError(
            _("This username is reserved: at the table it would pass for one of the bots."),
            code="reserved")
    if username_taken(normal):
        raise ValidationError(_("That username is taken."), code="taken")
    return normal


def username_characters_check(normal: str) -> None:
    """Refuse a normalised name with a character it may not hold, or letters of two scripts."""
    scripts: set[str] = set()
    previous = ""
    for char in normal:
        category = unicodedata.category(char)
        if char in SEPARATORS:
            pass
        elif category.startswith("L") or category == "Nd":
            scripts.add(_script_of(char))
        elif category in ("Mn", "Mc") and previous and previous not in SEPARATORS:
            # A vowel sign, virama or accent belongs to the letter before it.
            script = _script_of(char)
            if script not in ("COMBINING", "INHERITED"):
                scripts.add(script)
        else:
            raise ValidationError(
                _("A username may hold only letters, digits and . _ -"), code="characters")
        previous = char
    # Latin digits go with any script; any other script's digits only with its own letters.
    scripts.discard("DIGIT")
    if len(scripts) > 1:
        raise ValidationError(
            _("A username is written in one script: these letters look alike but are not."),
            code="mixed_scripts")


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


def _script_of(char: str) -> str:
    # The first word of a character's Unicode name is its script for every letter a name
    # holds ("DEVANAGARI VOWEL SIGN I", "BENGALI LETTER KA", "CJK UNIFIED IDEOGRAPH-4E00").
    word = unicodedata.name(char, "UNKNOWN").split(" ")[0]
    return _SCRIPT_FAMILIES.get(word, word)


_RESERVED_SKELETONS = frozenset(name_skeleton(n) for n in RESERVED)


@cache
def _bot_skeletons() -> frozenset[str]:
    # The bots' names are another app's; the setting names them by dotted path, so this app
    # needs no import of it.
    source = getattr(settings, "RESERVED_PLAYER_NAMES", "")
    return frozenset(name_skeleton(n) for n in (import_string(source) if source else ()))
