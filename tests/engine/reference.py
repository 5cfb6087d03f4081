"""An independent, deliberately plain string-based statement of the play rules.

Written straight from docs/RULES.md section 5 without masks or tables, so the engine's fast path
can be checked against it.
"""

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0])


def reference_winner(trick):
    """Index of the winning card: highest spade, else highest card of the led suit."""
    spades = [i for i, c in enumerate(trick) if c[1] == "S"]
    if spades:
        return max(spades, key=lambda i: rank(trick[i]))
    led = trick[0][1]
    return max((i for i, c in enumerate(trick) if c[1] == led), key=lambda i: rank(trick[i]))


def reference_legal(hand, trick, follow, spade_lead_ok=True):
    """Legal cards under follow "strict", "free" or "casual"."""
    if not trick:
        if spade_lead_ok:
            return set(hand)
        others = {c for c in hand if c[1] != "S"}
        return others or set(hand)
    led = trick[0][1]
    trumped = led != "S" and any(c[1] == "S" for c in trick)
    same = [c for c in hand if c[1] == led]
    if same:
        if follow == "strict" and not trumped:
            top = max(rank(c) for c in trick if c[1] == led)
            higher = {c for c in same if rank(c) > top}
            if higher:
                return higher
        return set(same)
    if follow == "casual":
        return set(hand)
    top_spade = max((rank(c) for c in trick if c[1] == "S"), default=-1)
    trumps = {c for c in hand if c[1] == "S" and rank(c) > top_spade}
    return trumps or set(hand)
