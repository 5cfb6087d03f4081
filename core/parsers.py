"""The API's one request parser: JSON objects of text a database can store.

JSON that nests too deep for the decoder is a malformed body, and so is a string (key or value)
holding a NUL or a lone surrogate: neither is text, PostgreSQL refuses the first and no answer
that echoes the second can be encoded."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):  # noqa: ANN001, ANN201
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body nests too deep.")
        if not all(is_text(s) for s in strings_in(data)):
            raise ParseError("Text in the body may not hold NUL or lone surrogate characters.")
        return data


def is_text(value: str) -> bool:
    """True for a string with no NUL and no lone surrogate (so it encodes as UTF-8)."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def strings_in(data: Any) -> list[str]:
    """Every key and string value in parsed JSON, walked without recursion (the decoder allows
    nesting deeper than the interpreter's stack)."""
    found: list[str] = []
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            found.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return found
