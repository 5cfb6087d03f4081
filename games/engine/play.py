"""The play obligations at the string boundary, with a reason for every refused card."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_NAMES, card_index, card_name, cards_of, mask_of, pretty, pretty_list
from .errors import EngineError
from .fast import BEATERS, FOLLOW_CODES, SUIT_OF, legal_mask, winning_position
from .rules import Rules


def spade_lead_ok(rules: Rules, *, first_trick: bool, spades_broken: bool) -> bool:
    """Whether the lead variants allow a spade lead now (holding only spades aside)."""
    if rules.no_spade_first_lead and first_trick:
        return False
    return not (rules.spades_broken and not spades_broken)


def _trick_indices(trick: Sequence[str], hand_mask: int | None = None) -> list[int]:
    if isinstance(trick, str) or len(trick) > 3:
        raise EngineError("bad_trick", "A trick in progress holds at most three cards.")
    mask = mask_of(trick)
    if hand_mask is not None and mask & hand_mask:
        raise EngineError("bad_trick", "A card in the trick is also in the hand.")
    return [card_index(c) for c in trick]


def legal_plays(hand: Sequence[str], trick: Sequence[str], rules: Rules, *,
                first_trick: bool = False, spades_broken: bool = True) -> set[str]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, lead first).

    ``first_trick`` says the trick is the hand's first and ``spades_broken`` that a spade has
    been played earlier in the hand; each matters only when the matching variant is on.
    """
    hand_mask = mask_of(hand)
    cards = _trick_indices(trick, hand_mask)
    ok = spade_lead_ok(rules, first_trick=first_trick, spades_broken=spades_broken)
    return set(cards_of(legal_mask(hand_mask, cards, FOLLOW_CODES[rules.follow], ok)))


def trick_winner(trick: Sequence[str]) -> int:
    """Index into ``trick`` (lead first) of the card that wins it: highest spade, else the
    highest card of the led suit. Works on a partial trick too (the card winning so far)."""
    if isinstance(trick, str) or not 1 <= len(trick) <= 4:
        raise EngineError("bad_trick", "A trick holds one to four cards.")
    mask_of(trick)
    return winning_position([card_index(c) for c in trick])


def check_play(hand: Sequence[str], trick: Sequence[str], card: str, rules: Rules, *,
               first_trick: bool = False, spades_broken: bool = True) -> None:
    """Raise EngineError naming the broken obligation if ``card`` may not be played."""
    hand_mask = mask_of(hand)
    index = card_index(card)
    if not hand_mask >> index & 1:
        raise EngineError("not_in_hand", f"You do not hold {pretty(card)}.", params={"card": card})
    cards = _trick_indices(trick, hand_mask)
    if not cards:
        ok = spade_lead_ok(rules, first_trick=first_trick, spades_broken=spades_broken)
        if index < 13 and not ok and hand_mask >> 13:
            if rules.no_spade_first_lead and first_trick:
                why = "Spades may not be led to the first trick while you hold another suit."
            else:
                why = "Spades are not broken yet, so lead another suit."
            raise EngineError("spade_lead", why,
                              params={"first_trick": rules.no_spade_first_lead and first_trick})
        return
    led = SUIT_OF[cards[0]]
    led_name = SUIT_NAMES[cards[0] // 13]
    win = cards[winning_position(cards)]
    facts = {"led": "SHCD"[cards[0] // 13], "winning": card_name(win)}
    bit = 1 << index
    same = hand_mask & led
    if same:
        if not bit & led:
            raise EngineError(
                "must_follow", f"{led_name.capitalize()} were led and you hold {led_name}: "
                "you must follow suit.", params=facts)
        higher = same & BEATERS[win]
        if rules.follow == "strict" and higher and not bit & higher:
            raise EngineError("must_beat", _must_play(cards_of(higher), win),
                              params={**facts, "cards": cards_of(higher)})
        return
    if rules.follow == "casual":
        return
    higher = hand_mask & BEATERS[win]
    if higher and not bit & higher:
        if win < 13:
            raise EngineError("must_overtrump", f"You have no {led_name}. "
                              + _must_play(cards_of(higher), win),
                              params={**facts, "cards": cards_of(higher)})
        raise EngineError("must_trump", f"You have no {led_name}, so you must play a spade.",
                          params=facts)


def _must_play(higher: list[str], win: int) -> str:
    beaten = pretty(card_name(win))
    if len(higher) == 1:
        return f"You hold {pretty(higher[0])}, which beats the {beaten} — you must play it."
    return (f"You hold {pretty_list(reversed(higher))}, which beat the {beaten} — "
            "you must play one of them.")
