"""Names for bot seats: short, stable for a seat, and never shared by two bots at one table."""

from __future__ import annotations

# Short enough to fit a seat's name line on a 360 px phone without truncation.
BOT_NAMES = (
    "Asha", "Bikash", "Chetan", "Deepa", "Gita", "Hari", "Indra", "Jamuna",
    "Kiran", "Laxmi", "Manish", "Nabin", "Pooja", "Ramesh", "Sita", "Tara",
    "Usha", "Binod", "Sunita", "Rajan", "Anil", "Mina", "Pradip", "Sarita",
)


def bot_name(*, match_id: int, seat_number: int) -> str:
    """The name of the bot in seat ``seat_number`` (0-3) of match ``match_id``.

    A match picks a starting point in the list and its seats take consecutive names, so the
    four seats of one match always differ and a seat keeps its name for the whole match.
    """
    start = (match_id * 5) % len(BOT_NAMES)
    return BOT_NAMES[(start + seat_number) % len(BOT_NAMES)]
