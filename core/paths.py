"""Path converters of every app: ``<name:…>`` for players' names, ``<id:…>`` for row ids and
``<code:…>`` for invite codes. A path no row could answer is not found (404) before any
query: a NUL (which PostgreSQL cannot compare) or an id past a 64-bit integer (which neither
database holds, and SQLite cannot even be asked about)."""

from __future__ import annotations

from django.urls import register_converter


class NameConverter:
    """A player's name in a path: any text but a slash or a NUL (which no name holds, and
    which PostgreSQL cannot compare)."""

    regex = "[^/\x00]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


# The largest id a row can have: a signed 64-bit integer, PostgreSQL's bigint and SQLite's.
MAX_ID = 2**63 - 1


def is_id(value: object) -> bool:
    """True for a number that could be a row's id (a JSON ``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ID


class IdConverter:
    """A row's id in a path: digits, at most ``MAX_ID``."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not is_id(number):
            raise ValueError("not an id")  # the resolver then finds no route: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class CodeConverter:
    """An invite code in a path: the URL-safe alphabet it is drawn from."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(NameConverter, "name")
register_converter(IdConverter, "id")
register_converter(CodeConverter, "code")
