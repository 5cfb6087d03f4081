"""Checks that a value has a typed shape (a ``TypedDict`` with its nested types), as the
socket's messages and the match view declare them: every required key, no other key, and
every value of its type."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, get_args, get_origin, get_type_hints


def shape_errors(value: Any, hint: Any, path: str = "$") -> list[str]:
    """Where ``value`` differs from ``hint``, one line each (empty when it conforms)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if origin in (Required, NotRequired):
        return shape_errors(value, args[0], path)
    if origin in (typing.Union, types.UnionType):
        if any(not shape_errors(value, arg, path) for arg in args):
            return []
        return [f"{path}: {value!r} is none of {hint}"]
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if origin is Literal:
        return [] if value in args else [f"{path}: {value!r} is not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [error for i, item in enumerate(value)
                for error in shape_errors(item, args[0], f"{path}[{i}]")]
    if origin is dict or hint is dict:
        return [] if isinstance(value, dict) else [f"{path}: {value!r} is not an object"]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        fields = get_type_hints(hint, include_extras=True)
        errors = [f"{path}.{key}: missing" for key in hint.__required_keys__ if key not in value]
        errors += [f"{path}.{key}: not in the shape" for key in value if key not in fields]
        for key, item in value.items():
            if key in fields:
                errors += shape_errors(item, fields[key], f"{path}.{key}")
        return errors
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, hint)
    return [] if ok else [f"{path}: {value!r} is not {hint.__name__}"]


def assert_shape(value: Any, hint: Any) -> Any:
    errors = shape_errors(value, hint)
    assert not errors, "\n".join(errors)
    return value
