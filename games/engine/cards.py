"""Cards as strings at the boundary and as bits inside.

A card is the bit ``suit * 13 + rank`` of a 52-bit integer mask, with suits in display order
(spades 0, hearts 1, clubs 2, diamonds 3) and ranks 0 = 2 ... 12 = ace. Within a suit a higher
bit is a higher card, so "cards above X in X's suit" is a single AND with a precomputed mask.
The string form is docs/RULES.md notation: rank then suit, e.g. ``"AS"``, ``"TH"``, ``"2C"``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import EngineError

SUITS = "SHCD"
RANKS = "23456789TJQKA"
SPADE = 0

SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
_RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
SPADES = SUIT_MASKS[SPADE]
NON_SPADES = FULL_DECK & ~SPADES
# Queens, kings and aces of every suit: a hand without any is "weak" for the redeal variant.
HIGH_CARDS = sum(0b111 << (13 * s + 10) for s in range(4))

# Every card index once, in display order: spades first, then hearts, clubs, diamonds; each
# suit high to low. Sorting hands this way keeps views and records stable.
DISPLAY_ORDER = tuple(s * 13 + r for s in range(4) for r in range(12, -1, -1))
_DISPLAY_RANK = {idx: pos for pos, idx in enumerate(DISPLAY_ORDER)}

CARD_NAMES = tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52))
_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
DECK = tuple(CARD_NAMES[i] for i in DISPLAY_ORDER)


def card_index(card: str) -> int:
    """Bit index of a card string; raises EngineError("bad_card") for anything else."""
    try:
        return _INDEX[card]
    except (KeyError, TypeError):
        raise EngineError("bad_card", f"{card!r} is not a card.") from None


def card_name(index: int) -> str:
    """Card string of a bit index."""
    return CARD_NAMES[index]


def suit_of(card: str) -> int:
    """Suit index (0 spades, 1 hearts, 2 clubs, 3 diamonds) of a card string."""
    return card_index(card) // 13


def mask_of(cards: Iterable[str]) -> int:
    """Mask holding the given cards; raises EngineError("bad_card") on a duplicate."""
    mask = 0
    for card in cards:
        bit = 1 << card_index(card)
        if mask & bit:
            raise EngineError("bad_card", f"{card} appears twice.")
        mask |= bit
    return mask


def cards_of(mask: int) -> list[str]:
    """Card strings of a mask in display order (spades, hearts, clubs, diamonds; high first)."""
    return [CARD_NAMES[i] for i in DISPLAY_ORDER if mask >> i & 1]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """The given card strings in display order."""
    return sorted(cards, key=lambda c: _DISPLAY_RANK[card_index(c)])


def pretty(card: str) -> str:
    """A card as players write it: ``"KH"`` → ``"K♥"``, ``"TD"`` → ``"10♦"``."""
    i = card_index(card)
    return _RANK_LABELS[i % 13] + SUIT_SYMBOLS[i // 13]


def pretty_list(cards: Iterable[str]) -> str:
    """Cards joined for a sentence: ``"K♥"``, ``"K♥ and A♥"``, ``"J♥, K♥ and A♥"``."""
    names = [pretty(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
