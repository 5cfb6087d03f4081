"""The rules a page's first frame can use (``frontend.first_styles``): kept by the classes the
page's elements carry, in the stylesheet's order."""

from __future__ import annotations

from frontend.first_styles import classes_in, parse

SHEET = """
/* a comment { with braces } */
:root { --felt: #15653e; }
* { box-sizing: border-box; }
.card { width: 40px; }
.lobby .row, .table .row { gap: 4px; }
.card:not(.legal) { opacity: .5; }
.hand :is(.card, .chip) { margin: 0; }
.seat.turn .name::after { content: "•"; }
@keyframes turn { to { opacity: .35; } }
@media (min-width: 600px) { .card { width: 60px; } .sheet { margin: auto; } }
@media (prefers-reduced-motion: reduce) { .sheet { animation: none; } }
button[disabled] { opacity: .6; }
"""


def test_a_rule_is_kept_unless_it_needs_a_class_the_page_lacks():
    kept = parse(SHEET).first_styles(frozenset({"card", "table", "row", "hand"}))
    assert kept.splitlines() == [
        ":root{--felt: #15653e;}",
        "*{box-sizing: border-box;}",
        ".card{width: 40px;}",
        ".table .row{gap: 4px;}",  # the lobby's selector of the two is dropped
        ".card:not(.legal){opacity: .5;}",  # a class under :not() is not needed
        ".hand :is(.card, .chip){margin: 0;}",
        "@keyframes turn{to { opacity: .35; }}",
        "@media (min-width: 600px){.card{width: 60px;}}",
        "button[disabled]{opacity: .6;}",
    ]


def test_no_class_keeps_only_the_rules_that_need_none():
    kept = parse(SHEET).first_styles(frozenset())
    assert ".card" not in kept and "@media" not in kept and "comment" not in kept
    assert kept.startswith(":root{") and "button[disabled]" in kept


def test_the_classes_of_a_page_are_read_from_its_class_attributes():
    html = '<div class="seat seat-top  is-turn"><p class="x">.not-a-class</p><i data-class="y">'
    assert classes_in(html) == {"seat", "seat-top", "is-turn", "x"}
