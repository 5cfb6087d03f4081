"""Usernames: the form a name is stored in, the folded form that decides when two are the same,
and the checks a new name must pass.

A name is stored in Unicode normal form NFKC, so the fullwidth ``Ａｓｈａ`` is kept as ``Asha``.
Two names are the same player's when their folded forms (NFKC, then case-folded, then NFKC again,
as Unicode's NFKC_Casefold) are equal; the database holds one ``FoldedUsername`` per account
with a unique constraint on it, so a twin can never be stored, even by two sign-ups at once.
Every check runs on the normalised name: the one that will be stored.

A name is letters and digits of any one script (with the script's combining marks: a Devanagari
or Bengali name needs its vowel signs and virama) and ``. _ -``, with at least one letter, in
characters of the Basic Multilingual Plane (the scripts people write names in today; the
planes beyond hold historic scripts, symbols and rare ideographs). Characters a reader cannot
see (Unicode's default-ignorable code points: joiners, fillers, variation selectors) are
refused. Letters of two scripts in one name are refused, since that is how a Cyrillic "а"
passes for a Latin "a".

A name that could be taken at a glance for a bot's or a reserved one ("guest…", "Open seat",
"Deleted player"; ``settings.RESERVED_PLAYER_NAMES`` names the bots) is refused: names are
compared by their skeletons, Unicode's confusables data (UTS #39, through
``confusable_homoglyphs``) mapping each character to the one it is drawn like, with marks,
separators and case set aside.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import regex
from confusable_homoglyphs import confusables
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
RESERVED = frozenset({"open", "openseat", "admin", "deletedplayer", "guest"})
RESERVED_PREFIXES = ("bot", "guest")
# Each of these as one part of a name (between separators) makes it pass for a bot.
RESERVED_PARTS = ("bot", "guest")
# Scripts whose letters are written together in one person's name (Japanese, Korean).
_SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK"}

def username_normalise(name: str) -> str:
    """The form a username is stored and shown in."""
    return unicodedata.normalize("NFKC", name)


def username_fold(name: str) -> str:
    """The key two names share when they differ only in case, width or compatibility forms."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def name_skeleton(name: str) -> str:
    """What ``name`` looks like at a glance (UTS #39's skeleton, with marks and separators
    dropped and small capitals read as letters). Two names with one skeleton could be taken
    for each other at the table."""
    drawn = []
    for char in unicodedata.normalize("NFD", name):
        if char in SEPARATORS or unicodedata.category(char) == "Mn":
            continue
        drawn.append(_prototype(_small_capital(char)))
    return unicodedata.normalize("NFD", "".join(drawn)).replace("rn", "m")


def name_looks(name: str) -> frozenset[str]:
    """The skeletons of ``name`` as written, folded and in capitals: a name passes for another
    when the two share one (``I`` is drawn like ``l`` and ``1``, its folded ``i`` like ``i``)."""
    skeleton = name_skeleton(name)
    return frozenset({skeleton, name_skeleton(username_fold(name)),
                      name_skeleton(username_fold(skeleton)), name_skeleton(name.upper())})


def username_check(name: str) -> str:
    """The normalised ``name`` if a new account may take it; ``ValidationError`` otherwise."""
    normal = username_normalise(name)
    if not MIN_LENGTH <= len(normal) <= MAX_LENGTH:
        raise ValidationError(
            _("A username has %(min)d to %(max)d characters.")
            % {"min": MIN_LENGTH, "max": MAX_LENGTH}, code="length")
    username_characters_check(normal)
    looks = name_looks(normal)
    parts = [name_looks(part) for part in re.split(r"[._-]+", normal) if part]
    if (looks & _RESERVED_SKELETONS or any(look.startswith(_RESERVED_PREFIX_SKELETONS)
                                           for look in looks)
            or any(part & _RESERVED_PART_SKELETONS for part in parts)):
        raise ValidationError(_("This username is reserved."), code="reserved")
    if looks & _bot_skeletons() or any(part & _bot_skeletons() for part in parts):
        raise ValidationError(
            _("This username is reserved: at the table it would pass for one of the bots. "
              "A number makes it yours, as in %(example)s.") % {"example": _free_twin(normal)},
            code="reserved")
    if username_taken(normal):
        raise ValidationError(_("That username is taken."), code="taken")
    return normal


def _free_twin(normal: str) -> str:
    """``normal`` with a number after it that no account holds yet (a bot's name followed by
    digits no longer passes for the bot)."""
    stem = normal[:MAX_LENGTH - 2]
    for number in dict.fromkeys((*range(7, 100, 10), *range(10, 100))):
        twin = f"{stem}{number}"
        if not username_taken(twin):
            return twin
    return f"{stem}7"


def username_characters_check(normal: str) -> None:
    """Refuse a normalised name with a character it may not hold, or letters of two scripts."""
    if _INVISIBLE.search(normal) or any(ord(char) > 0xFFFF for char in normal):
        raise ValidationError(
            _("A username may hold only letters, digits and . _ -"), code="characters")
    if not any(unicodedata.category(char).startswith("L") for char in normal):
        raise ValidationError(_("A username needs at least one letter."), code="no_letter")
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


@cache
def _homoglyphs(char: str) -> tuple[str, ...]:
    """The characters Unicode's confusables data pairs with ``char``: its prototype, or the
    characters drawn like it when it is one."""
    found = confusables.is_confusable(char, greedy=True)
    if not found:
        return ()
    # Right-to-left look-alikes are listed between direction marks.
    return tuple(glyph["c"].strip("\u200e\u200f") for glyph in found[0]["homoglyphs"])


@cache
def _prototype(char: str) -> str:
    """The character (or sequence) UTS #39 draws ``char`` as. The data pairs each character
    with its prototype both ways, so a character with one partner is mapped to it unless
    that partner has others of its own (then it is the prototype) or is paired back alone
    (then the two share the smaller)."""
    partners = _homoglyphs(char)
    if len(partners) != 1:
        return char  # no look-alike, or itself the prototype of several
    partner = partners[0]
    if len(partner) != 1 or len(_homoglyphs(partner)) > 1:
        return partner
    return min(char, partner)


def _small_capital(char: str) -> str:
    """A small capital read as its letter (``ɢ`` as ``g``): Unicode pairs it with no letter."""
    name = unicodedata.name(char, "")
    if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name.split()) == 5:
        return name.rsplit(" ", 1)[1].lower()
    return char


def _all_looks(names: object) -> frozenset[str]:
    return frozenset(look for name in names for look in name_looks(name))


# Unicode's default-ignorable code points: drawn as nothing at all.
_INVISIBLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
_RESERVED_SKELETONS = _all_looks(RESERVED)
_RESERVED_PREFIX_SKELETONS = tuple(_all_looks(RESERVED_PREFIXES))
_RESERVED_PART_SKELETONS = _all_looks(RESERVED_PARTS)


@cache
def _bot_skeletons() -> frozenset[str]:
    # The bots' names are another app's; the setting names them by dotted path, so this app
    # needs no import of it.
    source = getattr(settings, "RESERVED_PLAYER_NAMES", "")
    return _all_looks(import_string(source) if source else ())
