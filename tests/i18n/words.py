"""Finding English left on a page shown in another language: the English messages of the
catalogue whose translation differs, looked for in what the player reads."""

from __future__ import annotations

import re

from .catalogues import PLACEHOLDER, po_path, read_po

# Words that stay as they are in every language: proper nouns, codes and symbols.
ALLOWED = {"Call Break", "JavaScript", "iPhone", "CSRF", "API", "URL", "JSON", "ASCII"}


def english_phrases(lang: str, domain: str) -> list[str]:
    """The fixed text of each English message translated differently in ``lang``: a message
    with placeholders gives its longest fixed part, as what a page shows has them filled."""
    phrases = set()
    for entry in read_po(po_path(lang, domain))[1]:
        englishes = [entry.msgid, entry.plural or entry.msgid][:len(entry.msgstr)]
        for english, translated in zip(englishes, entry.msgstr, strict=True):
            if english == translated:
                continue
            parts = [p.strip(" .,:;·()—–-") for p in PLACEHOLDER.split(english)]
            longest = max(parts, key=len)
            # A fragment too short to be English on its own ("vs", "h") is no evidence.
            if len(longest) >= 4 and re.search(r"[A-Za-z]{3}", longest) and longest not in ALLOWED:
                phrases.add(longest)
    return sorted(phrases, key=len, reverse=True)


def untranslated(texts: list[str], lang: str, domain: str) -> list[tuple[str, str]]:
    """``(phrase, text)`` for each English phrase found in a whole word run of ``texts``."""
    found = []
    phrases = english_phrases(lang, domain)
    for text in texts:
        for word in ALLOWED:
            text = text.replace(word, " ")
        for phrase in phrases:
            if re.search(rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", text):
                found.append((phrase, text))
    return found
