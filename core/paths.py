"""The ``<name:…>`` path converter for players' names in URLs of every app."""

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


register_converter(NameConverter, "name")
