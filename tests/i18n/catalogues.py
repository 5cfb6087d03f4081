"""Reading the translation catalogues as the tests need them: the entries of a ``.po`` file and
the messages the source marks for translation (without gettext tools on the machine)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
DOMAINS = ("django", "djangojs")
# Languages with a catalogue: every one of settings.LANGUAGES but the source language.
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
# Named placeholders: ours (%(name)s) and the {name} of the framework's messages.
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
# Where makemessages does not look (the Makefile's --ignore list).
IGNORED = {".venv", "var", "tests", "bench", "node_modules"}


@dataclass
class Entry:
    msgid: str
    context: str | None = None
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    def __str__(self) -> str:
        return f"{self.context}|{self.msgid}" if self.context else self.msgid


def _unquote(text: str) -> str:
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text[1:-1])


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read_po(path: Path) -> tuple[dict[str, str], list[Entry]]:
    """The header's fields and the entries (obsolete ``#~`` entries left out)."""
    entries: list[Entry] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#~")]
        if not any(line.startswith("msgid ") for line in lines):
            continue
        entry, target = Entry(msgid=""), None
        for line in lines:
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                value = _unquote(line)
                if target == "msgstr":
                    entry.msgstr[-1] += value
                else:
                    setattr(entry, target, getattr(entry, target) + value)
            else:
                word, _space, value = line.partition(" ")
                if word.startswith("msgstr"):
                    entry.msgstr.append(_unquote(value))
                    target = "msgstr"
                else:
                    target = {"msgid": "msgid", "msgid_plural": "plural",
                              "msgctxt": "context"}[word]
                    setattr(entry, target, _unquote(value))
        entries.append(entry)
    header = {}
    if entries and entries[0].msgid == "":
        for line in entries.pop(0).msgstr[0].splitlines():
            name, _colon, value = line.partition(":")
            header[name.strip()] = value.strip()
    return header, entries


# --- what the source marks ---------------------------------------------------------------------

_PY_CALLS = {"_": (None, 0, None), "gettext": (None, 0, None), "gettext_lazy": (None, 0, None),
             "gettext_noop": (None, 0, None),
             "pgettext": (0, 1, None), "pgettext_lazy": (0, 1, None),
             "ngettext": (None, 0, 1), "ngettext_lazy": (None, 0, 1)}
_JS_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_JS_CALLS = [
    (re.compile(rf"\bgettext\(\s*{_JS_STRING}\s*\)"), lambda m: (None, m[1])),
    (re.compile(rf"\bngettext\(\s*{_JS_STRING}\s*,"), lambda m: (None, m[1])),
    (re.compile(rf"\bpgettext\(\s*{_JS_STRING}\s*,\s*{_JS_STRING}\s*\)"), lambda m: (m[1], m[2])),
]
_TEMPLATE_TAG = re.compile(r'{%\s*(?:translate|trans)\s+"((?:[^"\\]|\\.)*)"')


def _sources(suffixes: tuple[str, ...]) -> list[Path]:
    return [p for p in ROOT.rglob("*") if p.suffix in suffixes and p.is_file()
            and not IGNORED & set(p.relative_to(ROOT).parts)]


def _function_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _literal(args: list[ast.expr], at: int | None) -> str | None:
    if at is None or len(args) <= at or not isinstance(args[at], ast.Constant):
        return None
    value = args[at].value
    return value if isinstance(value, str) else None


def marked_messages(domain: str) -> dict[tuple[str | None, str], str]:
    """``{(context, msgid): where}`` for every literal message the source marks in ``domain``."""
    found: dict[tuple[str | None, str], str] = {}
    if domain == "djangojs":
        for path in _sources((".js",)):
            text = path.read_text(encoding="utf-8")
            if "i18n.js" not in text:
                continue
            for pattern, key_of in _JS_CALLS:
                for match in pattern.finditer(text):
                    context, msgid = key_of(match)
                    found.setdefault((context and _unquote(f'"{context}"'), _unquote(f'"{msgid}"')),
                                     str(path.relative_to(ROOT)))
        return found
    for path in _sources((".py",)):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or _function_name(node) not in _PY_CALLS:
                continue
            context_at, msgid_at, _plural = _PY_CALLS[_function_name(node)]
            msgid = _literal(node.args, msgid_at)
            if msgid is None:
                continue
            context = _literal(node.args, context_at)
            found.setdefault((context, msgid), f"{path.relative_to(ROOT)}:{node.lineno}")
    for path in _sources((".html", ".txt")):
        for match in _TEMPLATE_TAG.finditer(path.read_text(encoding="utf-8")):
            found.setdefault((None, _unquote(f'"{match[1]}"')), str(path.relative_to(ROOT)))
    return found
