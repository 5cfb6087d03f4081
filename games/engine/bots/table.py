"""What a bot knows at its turn, read from its seat's view and nothing else.

``Table.from_view`` turns the JSON view into masks, and infers from the cards already played
which cards each other seat can no longer hold:

- a player who did not follow the led suit is void in it (every follow mode);
- under strict or free follow, a void player who did not beat the trick holds no card that
  would have beaten it (no spade at all, or no spade above the best one in the trick);
- under strict follow only, a player who followed suit without beating the trick holds no
  card of that suit above the trick's best;
- a spade led while the lead variants forbade it means the leader held only spades.

Each card played this hand is kept as a ``Play`` with what was public just before it, so
the search can ask how well a guessed hand explains the card (``sampling.play_fit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import FULL_DECK, SPADES, card_index, mask_of
from ..fast import BEATERS, CASUAL, FOLLOW_CODES, STRICT, SUIT_OF, winning_position
from ..rules import OPEN_ENDED_MAX_HANDS, Rules


@dataclass(frozen=True)
class Play:
    """One card played this hand, with the public facts just before it: the cards already
    in its trick, the cards played before it, what each seat could still hold then, the
    tricks won so far, whether a spade could be led, and the cards its player played from
    this one on (its hand then is its hand now plus those)."""

    seat: int
    card: int
    trick: tuple[int, ...]
    played: int
    allowed: tuple[int, ...]
    won: tuple[int, ...]
    lead_ok: bool
    later: int = 0


@dataclass
class Table:
    """One seat's knowledge of the current hand, as card masks.

    ``allowed[p]`` holds the cards seat ``p`` may still hold as far as public play shows
    (for the bot's own seat: its exact hand). ``possible(p)`` narrows that to unseen cards.
    ``played_by[p]`` holds the cards ``p`` has played in this hand, current trick included.
    """

    seat: int
    rules: Rules
    follow: int
    hand: int
    legal: int
    played: int
    played_by: list[int]
    trick: list[int]
    leader: int
    calls: list[int | None]
    won: list[int]
    sizes: list[int]
    allowed: list[int]
    broken: bool
    first_trick: bool
    dealer: int
    scores: list[int]
    hand_number: int
    hands_total: int
    plays: list[Play] = field(default_factory=list)

    @property
    def unseen(self) -> int:
        """Cards held by the other three seats, together."""
        return FULL_DECK & ~self.hand & ~self.played

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold now (its exact hand for the bot's own seat)."""
        if seat == self.seat:
            return self.hand
        return self.allowed[seat] & self.unseen

    def possibles(self) -> list[int]:
        """``possible`` for all four seats."""
        return [self.possible(p) for p in range(4)]

    def need(self, seat: int) -> int:
        """Tricks ``seat`` still needs to make its call (0 once made or while unknown)."""
        call = self.calls[seat]
        return 0 if call is None else max(0, call - self.won[seat])

    @classmethod
    def from_view(cls, view: dict[str, Any], seat: int) -> Table:
        """Read a seat's view (``games.engine.view_for``) into a Table."""
        rules = Rules.from_dict(view["rules"])
        follow = FOLLOW_CODES[rules.follow]
        hand = mask_of(view.get("hand") or [])
        allowed = [FULL_DECK] * 4
        played = 0
        played_by = [0, 0, 0, 0]
        broken = False
        won = [0, 0, 0, 0]
        plays: list[Play] = []
        tricks = [t["cards"] for t in view.get("tricks") or []]
        current = view.get("trick") or []
        if current:
            tricks.append(current)
        for number, cards in enumerate(tricks):
            indices = [card_index(c["card"]) for c in cards]
            seats = [c["seat"] for c in cards]
            lead_ok = not (rules.no_spade_first_lead and number == 0) and not (
                rules.spades_broken and not broken)
            start = list(allowed)
            for k, (i, p) in enumerate(zip(indices, seats, strict=True)):
                # What was known when this card was played: the trick's earlier cards too.
                known = list(start)
                _infer_trick(indices[:k], seats[:k], follow, lead_ok, known)
                plays.append(Play(p, i, tuple(indices[:k]), played, tuple(known),
                                  tuple(won), lead_ok))
                played |= 1 << i
                played_by[p] |= 1 << i
            _infer_trick(indices, seats, follow, lead_ok, allowed)
            broken = broken or any(i < 13 for i in indices)
            if len(indices) == 4:
                won[(seats[0] + winning_position(indices)) & 3] += 1
        allowed[seat] = hand
        legal = 0
        if view.get("phase") == "playing":
            legal = mask_of(c for c in view.get("legal") or [] if isinstance(c, str))
        return cls(
            seat=seat, rules=rules, follow=follow, hand=hand, legal=legal, played=played,
            played_by=played_by, trick=[card_index(c["card"]) for c in current],
            leader=current[0]["seat"] if current else view.get("turn") or 0,
            calls=list(view.get("calls") or [None] * 4),
            won=list(view.get("tricks_won") or [0] * 4),
            sizes=list(view.get("hand_sizes") or [0] * 4), allowed=allowed, broken=broken,
            first_trick=not view.get("tricks"), dealer=view.get("dealer") or 0,
            scores=list(view.get("scores") or [0] * 4),
            hand_number=view.get("hand_number") or 1, hands_total=_hands_total(view, rules),
            plays=_with_later(plays),
        )


def _with_later(plays: list[Play]) -> list[Play]:
    """The plays with ``later`` filled in: the cards each player played from it on."""
    later = [0, 0, 0, 0]
    out: list[Play] = []
    for play in reversed(plays):
        later[play.seat] |= 1 << play.card
        out.append(replace(play, later=later[play.seat]))
    out.reverse()
    return out


def _hands_total(view: dict[str, Any], rules: Rules) -> int:
    """The hand the match is expected to end with: an open-ended match is taken to run to
    its cap, unless the table has agreed to finish (or plays off a tie) with this hand."""
    if rules.hands is not None:
        return rules.hands
    if view.get("finish_agreed") or view.get("play_off"):
        return view.get("hand_number") or 1
    return OPEN_ENDED_MAX_HANDS


def _infer_trick(indices: list[int], seats: list[int], follow: int, lead_ok: bool,
                 allowed: list[int]) -> None:
    """Narrow ``allowed`` by the cards of one trick (or its first cards)."""
    if indices and indices[0] < 13 and not lead_ok:
        allowed[seats[0]] &= SPADES
    _infer_follows(indices, seats, follow, allowed)


def _infer_follows(indices: list[int], seats: list[int], follow: int,
                   allowed: list[int]) -> None:
    """Narrow ``allowed`` by what each follower's card shows about its hand then."""
    if not indices:
        return
    led = SUIT_OF[indices[0]]
    win = indices[0]
    for card, seat in zip(indices[1:], seats[1:], strict=True):
        beat = BEATERS[win]
        if not led >> card & 1:
            allowed[seat] &= ~led
            if follow != CASUAL and not beat >> card & 1:
                allowed[seat] &= ~beat
        elif follow == STRICT and not beat >> card & 1:
            allowed[seat] &= ~(beat & led)
        if beat >> card & 1:
            win = card

