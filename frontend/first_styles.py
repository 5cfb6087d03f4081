"""The part of the app's stylesheet that a page's first frame can use.

A match's first visit carries its table drawn by the server, and its first frame waits only
for the page's own bytes. The whole stylesheet would be most of them (about 7 KB of the
page's 11 KB gzip), yet the table uses a fraction of its rules. The page carries inline only
the rules that can match its markup, and the whole stylesheet is asked for after the table
(the modules, which draw every other screen, wait for it).

Which rules can match is decided by class names alone, conservatively: a selector is kept
unless it needs a class that appears nowhere in the page. Classes named inside ``:not()``,
``:is()``, ``:where()`` or ``:has()`` are not needed for a match, so they keep their selector.
At-rules other than ``@media`` and ``@supports`` (keyframes, font faces) are kept whole.

The subset keeps the stylesheet's order, so once the whole sheet has loaded after it, every
element is styled exactly as by the whole sheet alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
CLASS_NAME = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
# A functional pseudo-class whose argument a match does not need (innermost first).
FREE_ARGUMENT = re.compile(r":(?:not|is|where|has)\([^()]*\)")
CLASS_ATTRIBUTE = re.compile(r'\sclass="([^"]*)"')
GROUPS = ("@media", "@supports")


@dataclass(frozen=True)
class Rule:
    """A style rule (its selectors, each with the classes it needs, and its declarations),
    or a group at-rule (its prelude and the rules inside), or any other at-rule (``text``)."""

    selectors: tuple[tuple[str, frozenset[str]], ...] = ()
    body: str = ""
    prelude: str = ""
    inner: tuple[Rule, ...] = ()
    text: str = ""

    def kept(self, classes: frozenset[str]) -> str:
        """This rule's text for a page whose elements carry ``classes`` ('' when none can
        match)."""
        if self.text:
            return self.text
        if self.prelude:
            inner = "".join(rule.kept(classes) for rule in self.inner)
            return f"{self.prelude}{{{inner}}}" if inner else ""
        chosen = [selector for selector, needs in self.selectors if needs <= classes]
        return f"{','.join(chosen)}{{{self.body}}}" if chosen else ""


def _blocks(text: str) -> Iterator[tuple[str, str]]:
    """The top-level ``prelude { body }`` blocks of ``text``, each stripped."""
    depth, start, open_at = 0, 0, 0
    for i, char in enumerate(text):
        if char == "{":
            if depth == 0:
                open_at = i
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                yield text[start:open_at].strip(), text[open_at + 1:i].strip()
                start = i + 1


def _needs(selector: str) -> frozenset[str]:
    previous = None
    while previous != selector:
        previous, selector = selector, FREE_ARGUMENT.sub("", selector)
    return frozenset(CLASS_NAME.findall(selector))


def _selectors(prelude: str) -> tuple[tuple[str, frozenset[str]], ...]:
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    parts.append(prelude[start:])
    return tuple((" ".join(part.split()), _needs(part)) for part in parts)


@dataclass(frozen=True, eq=False)
class Stylesheet:
    """A parsed stylesheet (equal only to itself, so it is cheap to key a cache with)."""

    rules: tuple[Rule, ...]

    def first_styles(self, classes: frozenset[str]) -> str:
        """The rules that can match a page whose elements carry ``classes``, in order."""
        return "\n".join(kept for rule in self.rules if (kept := rule.kept(classes)))


def parse(text: str) -> Stylesheet:
    """A stylesheet's ``text`` as rules (comments dropped)."""
    return Stylesheet(_rules(text))


def _rules(text: str) -> tuple[Rule, ...]:
    rules = []
    for prelude, body in _blocks(COMMENT.sub("", text)):
        if prelude.startswith(GROUPS):
            rules.append(Rule(prelude=" ".join(prelude.split()), inner=_rules(body)))
        elif prelude.startswith("@"):
            rules.append(Rule(text=f"{' '.join(prelude.split())}{{{body}}}"))
        else:
            rules.append(Rule(selectors=_selectors(prelude), body=body))
    return tuple(rules)


def classes_in(html: str) -> frozenset[str]:
    """Every class name on an element of ``html``."""
    return frozenset(name for value in CLASS_ATTRIBUTE.findall(html) for name in value.split())
