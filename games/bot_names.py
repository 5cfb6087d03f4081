"""Names for bot seats: short, stable for a seat, and never shared by two bots at one table."""

from __future__ import annotations

# Short enough to fit a seat's name line on a 360 px phone without truncation.
BOT_NAMES = (
    "Asha", "Bikash", "Chetan", "Deepa", "Gita", "Hari", "Indra", "Jamuna",
    "Kiran", "Laxmi", "Manish", "Nabin", "Pooja", "Ramesh", "Sita", "Tara",
    "Usha", "Binod", "Sunita", "Rajan", "Anil", "Mina", "Pradip", "Sarita",
)


# Each bot's name as the page's language writes it (ne, hi, bn): one name per bot across
# languages. The PWA's catalogues carry them ("bot name" in djangojs.po; a test keeps the two
# the same), and sign-up refuses every form (``ALL_BOT_NAMES``).
BOT_NAMES_WRITTEN = {
    "Asha": ("आशा", "आशा", "আশা"), "Bikash": ("विकास", "विकास", "বিকাশ"),
    "Chetan": ("चेतन", "चेतन", "চেতন"), "Deepa": ("दीपा", "दीपा", "দীপা"),
    "Gita": ("गीता", "गीता", "গীতা"), "Hari": ("हरि", "हरि", "হরি"),
    "Indra": ("इन्द्र", "इंद्र", "ইন্দ্র"), "Jamuna": ("जमुना", "जमुना", "যমুনা"),
    "Kiran": ("किरण", "किरण", "কিরণ"), "Laxmi": ("लक्ष्मी", "लक्ष्मी", "লক্ষ্মী"),
    "Manish": ("मनिष", "मनीष", "মনীষ"), "Nabin": ("नवीन", "नवीन", "নবীন"),
    "Pooja": ("पूजा", "पूजा", "পূজা"), "Ramesh": ("रमेश", "रमेश", "রমেশ"),
    "Sita": ("सीता", "सीता", "সীতা"), "Tara": ("तारा", "तारा", "তারা"),
    "Usha": ("उषा", "उषा", "ঊষা"), "Binod": ("विनोद", "विनोद", "বিনোদ"),
    "Sunita": ("सुनिता", "सुनीता", "সুনীতা"), "Rajan": ("राजन", "राजन", "রাজন"),
    "Anil": ("अनिल", "अनिल", "অনিল"), "Mina": ("मीना", "मीना", "মীনা"),
    "Pradip": ("प्रदीप", "प्रदीप", "প্রদীপ"), "Sarita": ("सरिता", "सरिता", "সরিতা"),
}
WRITTEN_IN = ("ne", "hi", "bn")
ALL_BOT_NAMES = tuple(dict.fromkeys(
    [*BOT_NAMES, *(name for names in BOT_NAMES_WRITTEN.values() for name in names)]))


def bot_name(*, match_id: int, seat_number: int) -> str:
    """The name of the bot in seat ``seat_number`` (0-3) of match ``match_id``.

    A match picks a starting point in the list and its seats take consecutive names, so the
    four seats of one match always differ and a seat keeps its name for the whole match.
    """
    start = (match_id * 5) % len(BOT_NAMES)
    return BOT_NAMES[(start + seat_number) % len(BOT_NAMES)]
