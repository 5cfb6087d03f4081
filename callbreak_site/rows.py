"""Model rows read and written with statements built once per model.

Django's ORM compiles every query anew, and on the path of a move (a token, a locked match, its
seats, the move rows, the match row) compiling cost more CPU than the database spent on the
queries. These helpers build each statement once from the model's own metadata, run it through
Django's cursor (so transactions, the query log and the test budgets see it) and hand back
ordinary model instances, so the code around them cannot tell the difference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


@cache
def _fields(model: type[Model], only: tuple[str, ...] = ()) -> tuple[Field, ...]:
    fields = model._meta.concrete_fields
    if only:
        fields = [f for f in fields if f.name in only or f.attname in only or f.primary_key]
    return tuple(fields)


def columns(model: type[Model], alias: str, only: tuple[str, ...] = ()) -> str:
    """The select list of the columns of ``model`` (all, or the primary key and ``only``) as
    ``alias``, in the order ``from_row`` reads them."""
    return _columns(model, alias, only)


@cache
def _columns(model: type[Model], alias: str, only: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model, only))


def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _converters(model: type[Model], only: tuple[str, ...],
                vendor: str) -> tuple[tuple[int, Field, list[Callable]], ...]:
    found = []
    for index, field in enumerate(_fields(model, only)):
        col = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if converters:
            found.append((index, field, converters))
    return tuple(found)


@cache
def _attnames(model: type[Model], only: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f.attname for f in _fields(model, only))


def from_row(model: type[M], row: Sequence[Any], offset: int = 0,
             only: tuple[str, ...] = ()) -> M:
    """An instance of ``model`` from its columns in ``row`` starting at ``offset`` (as
    ``columns`` selected them), converted as the ORM converts them; fields left out by
    ``only`` are deferred."""
    names = _attnames(model, only)
    values = list(row[offset:offset + len(names)])
    for index, field, converters in _converters(model, only, connection.vendor):
        value = values[index]
        for convert in converters:
            value = convert(value, field, connection)
        values[index] = value
    return model.from_db(connection.alias, names, values)


def fetch(model: type[M], pk: Any, *, lock: bool = False, only: tuple[str, ...] = ()) -> M | None:
    """The row of ``model`` with primary key ``pk`` (all fields, or the key and ``only``);
    ``lock`` takes its row lock for the rest of the transaction (a lock that still lets other
    rows reference it)."""
    sql = (f"SELECT {columns(model, 't', only)} FROM {table(model)} t "
           f"WHERE t.{_pk(model)} = %s")
    if lock and connection.features.has_select_for_update:
        no_key = connection.features.has_select_for_no_key_update
        sql += " FOR NO KEY UPDATE" if no_key else " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
    return None if row is None else from_row(model, row, only=only)


def insert(objs: Iterable[Model]) -> None:
    """INSERT ``objs`` (all of one model) in one statement; their primary keys are not read
    back."""
    objs = list(objs)
    if not objs:
        return
    model = type(objs[0])
    fields = [f for f in _fields(model) if not f.primary_key]
    quote = connection.ops.quote_name
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection)
              for obj in objs for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table(model)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES {', '.join([one] * len(objs))}", values)


def update(obj: Model, names: Sequence[str]) -> int:
    """UPDATE the fields ``names`` of ``obj``'s row from the instance (``auto_now`` fields
    among them are set to now, as ``save`` does). Returns the rows changed."""
    meta = obj._meta
    fields = [meta.get_field(name) for name in names]
    values = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
    return _update(type(obj), obj.pk, fields, values)


def update_pk(model: type[Model], pk: Any, **changes: Any) -> int:
    """UPDATE the given fields of the row of ``model`` with primary key ``pk``."""
    fields = [model._meta.get_field(name) for name in changes]
    values = [f.get_db_prep_save(v, connection) for f, v in zip(fields, changes.values(),
                                                                 strict=True)]
    return _update(model, pk, fields, values)


def _update(model: type[Model], pk: Any, fields: list[Field], values: list[Any]) -> int:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table(model)} SET {assignments} WHERE {_pk(model)} = %s",
                       [*values, pk])
        return cursor.rowcount


def _pk(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.pk.column)
