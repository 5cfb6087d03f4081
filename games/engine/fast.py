"""Mask-level rules for speed: legal cards, trick winners and whole-hand playouts.

Everything here works on card *indices* (0..51, see ``cards``) and 52-bit hand *masks*; no
strings, no validation. The string API (``legal_plays``, the match state machine) converts
and calls these, and the bots' search calls them directly.

A trick in progress is summed up by two numbers: the led suit's mask ``led`` and the index
``win`` of the card currently winning. That is all the obligations need, because the winning
card is the highest spade if the trick is trumped and the highest card of the led suit if not.
``BEATERS[win]`` is the mask of every card that would take the trick from ``win``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import NON_SPADES, SPADES, SUIT_MASKS

STRICT, FREE, CASUAL = 0, 1, 2
FOLLOW_CODES = {"strict": STRICT, "free": FREE, "casual": CASUAL}

# Mask of the suit of each card index.
SUIT_OF = tuple(SUIT_MASKS[i // 13] for i in range(52))
# Cards of the same suit ranked above each card.
ABOVE = tuple(SUIT_OF[i] & ~((2 << i) - 1) for i in range(52))
# Cards that beat a winning card: higher cards of its suit, and every spade if it is no spade.
BEATERS = tuple(ABOVE[i] | (0 if i < 13 else SPADES) for i in range(52))

# Card indices of each 13-bit suit pattern, per suit, highest first: turns a legal mask into
# something ``random.choice`` can index without walking bits one by one.
_SUIT_LISTS = tuple(
    tuple(
        tuple(13 * s + r for r in range(12, -1, -1) if pattern >> r & 1)
        for pattern in range(8192)
    )
    for s in range(4)
)
_S0, _S1, _S2, _S3 = _SUIT_LISTS


def lead_mask(hand: int, spade_lead_ok: bool = True) -> int:
    """Legal leads: the whole hand, without spades when they may not be led yet.

    A leader holding only spades may always lead one.
    """
    if spade_lead_ok:
        return hand
    return hand & NON_SPADES or hand


def follow_mask(hand: int, led: int, win: int, follow: int = STRICT) -> int:
    """Legal cards for a player who is not leading.

    ``led`` is the led suit's mask, ``win`` the index of the card winning the trick so far and
    ``follow`` one of STRICT, FREE, CASUAL. Never empty for a non-empty hand.
    """
    same = hand & led
    if same:
        if follow == STRICT:
            # A card of the led suit that beats ``win`` exists only while the trick is
            # untrumped (or spades were led), which is exactly "must beat if you can".
            return same & BEATERS[win] or same
        return same
    if follow == CASUAL:
        return hand
    return hand & BEATERS[win] or hand


def legal_mask(hand: int, trick: Sequence[int], follow: int = STRICT,
               spade_lead_ok: bool = True) -> int:
    """Legal cards given the card indices already in the trick, lead first."""
    if not trick:
        return lead_mask(hand, spade_lead_ok)
    return follow_mask(hand, SUIT_OF[trick[0]], trick[winning_position(trick)], follow)


def winning_position(trick: Sequence[int]) -> int:
    """Position (0 = lead) of the card that wins, or is winning, the trick."""
    best = 0
    win = trick[0]
    for pos in range(1, len(trick)):
        if BEATERS[win] >> trick[pos] & 1:
            best, win = pos, trick[pos]
    return best


def mask_cards(mask: int) -> tuple[int, ...]:
    """Card indices of a mask, grouped by suit (spades first) and high to low."""
    return (_S0[mask & 8191] + _S1[mask >> 13 & 8191] + _S2[mask >> 26 & 8191]
            + _S3[mask >> 39])


def merge_equal(legal: int, others: int) -> list[int]:
    """The card indices of ``legal`` worth telling apart, lowest first: of cards of one suit
    with none of ``others`` between them (they win and lose the same tricks), the lowest."""
    out: list[int] = []
    previous = -1
    rest = legal
    while rest:
        card = (rest & -rest).bit_length() - 1
        rest &= rest - 1
        if previous >= 0 and card // 13 == previous // 13:
            between = ((1 << card) - 1) & ~((2 << previous) - 1)
            if not between & others:
                previous = card
                continue
        out.append(card)
        previous = card
    return out


Policy = Callable[[int, int, "list[int]", "list[int]"], int]


def playout(hands: list[int], leader: int, trick: Sequence[int] = (),
            tricks_won: Sequence[int] = (0, 0, 0, 0), *, follow: int = STRICT,
            spades_broken: bool = True, no_spade_lead: bool = False,
            policy: Policy | None = None, rng: random.Random | None = None) -> list[int]:
    """Play the rest of a hand and return the tricks won per seat (a new list).

    ``hands`` holds the four remaining hand masks; it is updated in place (pass a copy to keep
    yours). ``leader`` led the current trick, whose card indices so far are ``trick``;
    ``tricks_won`` counts tricks already taken. ``spades_broken`` False forbids spade leads
    until a spade is played (the variant); ``no_spade_lead`` forbids a spade for the very next
    lead only (the first-trick variant, when ``trick`` is empty).

    ``policy(seat, legal, trick, hands)`` returns the index of the card to play from the
    ``legal`` mask, seeing the trick's card indices so far and all hands; without a policy
    every card is drawn uniformly from the legal ones with ``rng`` (``random`` if None).
    """
    won = list(tricks_won)
    cards = list(trick)
    choose = (rng or random).random
    broken = spades_broken
    spade_ok = broken and not no_spade_lead
    seat = (leader + len(cards)) & 3
    while True:
        if cards:
            led = SUIT_OF[cards[0]]
            pos = winning_position(cards)
            win, best = cards[pos], (leader + pos) & 3
        elif not hands[seat]:
            return won
        for _ in range(len(cards), 4):
            hand = hands[seat]
            if cards:
                legal = follow_mask(hand, led, win, follow)
            else:
                legal = lead_mask(hand, spade_ok)
            if policy is None:
                options = mask_cards(legal)
                card = options[int(choose() * len(options))]
            else:
                card = policy(seat, legal, cards, hands)
            hands[seat] = hand & ~(1 << card)
            if not cards:
                led, win, best = SUIT_OF[card], card, seat
            elif BEATERS[win] >> card & 1:
                win, best = card, seat
            cards.append(card)
            seat = (seat + 1) & 3
        won[best] += 1
        # Spade indices are 0..12, so a card below 13 breaks spades.
        broken = broken or min(cards) < 13
        spade_ok = broken
        seat = leader = best
        cards = []


def random_playout(hands: list[int], leader: int, rnd: Callable[[], float]) -> list[int]:
    """Uniformly random legal play of a whole hand under strict rules, no lead restrictions.

    The benchmark's inner loop and the cheapest rollout for a bot: ``hands`` are four full
    13-card masks (consumed in place), ``leader`` leads the first trick and ``rnd`` is a
    ``random.random``-like callable. Returns tricks won per seat.
    """
    won = [0, 0, 0, 0]
    suit_of, beaters = SUIT_OF, BEATERS
    s0, s1, s2, s3 = _S0, _S1, _S2, _S3
    for _ in range(13):
        seat = leader
        hand = hands[seat]
        options = s0[hand & 8191] + s1[hand >> 13 & 8191] + s2[hand >> 26 & 8191] + s3[hand >> 39]
        win = options[int(rnd() * len(options))]
        hands[seat] = hand & ~(1 << win)
        led = suit_of[win]
        best = seat
        for _ in range(3):
            seat = (seat + 1) & 3
            hand = hands[seat]
            legal = hand & led
            if legal:
                legal = legal & beaters[win] or legal
            else:
                legal = hand & beaters[win] or hand
            options = (s0[legal & 8191] + s1[legal >> 13 & 8191] + s2[legal >> 26 & 8191]
                       + s3[legal >> 39])
            card = options[int(rnd() * len(options))]
            hands[seat] = hand & ~(1 << card)
            if beaters[win] >> card & 1:
                win = card
                best = seat
        won[best] += 1
        leader = best
    return won
