"""The match end reads right in every language, checked against the catalogues: each place's
sentence is a whole sentence of its own, so Hindi can inflect the ordinal ("चौथे स्थान पर",
not "चौथा स्थान पर"), and a hand's cell names the call and the tricks won in words. (The flow
of a match: the match end.)"""

from __future__ import annotations

import pytest

from tests.i18n.catalogues import po_path, read_po

PLACES = ["You finished 2nd", "You finished 3rd", "You finished 4th"]


def translations(lang: str) -> dict[str, str]:
    _header, entries = read_po(po_path(lang, "djangojs"))
    return {e.msgid: e.msgstr[0] for e in entries if e.context is None and e.msgstr}


def test_the_hindi_places_are_inflected_before_sthan():
    hi = translations("hi")
    assert [hi[p] for p in PLACES] == [
        "आप दूसरे स्थान पर रहे", "आप तीसरे स्थान पर रहे", "आप चौथे स्थान पर रहे"]


@pytest.mark.parametrize("lang", ["ne", "hi", "bn"])
def test_each_place_and_the_cell_words_are_translated(lang):
    words = translations(lang)
    for message in [*PLACES, "called %(n)s", "won %(n)s", "Rating: %(change)s, now %(after)s"]:
        assert words.get(message), f"{message!r} has no {lang} translation"
    # Which number is the call and which the tricks won is said in words, not by order.
    assert words["called %(n)s"] != words["won %(n)s"]
