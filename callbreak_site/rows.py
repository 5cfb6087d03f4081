"""Model rows read and written with statements built once per model.

Django's ORM compiles every query anew, and on the path of a move (a token, a locked match, its
seats, the move rows, the match row) compiling cost more CPU than the database spent on the
queries. These helpers build each statement once from the model's own metadata, run it through
Django's cursor (so transactions, the query log and the test budgets see it) and hand back
ordinary model instances, so the code around them cannot tell the difference.

Each helper looks the database connection up once: every attribute read through Django's
``connection`` proxy is a look-up of the thread's connection, and a row of ten fields asks
for it dozens of times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


def database() -> BaseDatabaseWrapper:
    """This thread's default connection itself, not the proxy in front of it: look it up once
    and use it for the whole of a statement."""
    return connections[DEFAULT_DB_ALIAS]


@cache
def _fields(model: type[Model], only: tuple[str, ...] = ()) -> tuple[Field, ...]:
    fields = model._meta.concrete_fields
    if only:
        fields = [f for f in fields if f.name in only or f.attname in only or f.primary_key]
    return tuple(fields)


def columns(model: type[Model], alias: str, only: tuple[str, ...] = ()) -> str:
    """The select list of the columns of ``model`` (all, or the primary key and ``only``) as
    ``alias``, in the order ``from_row`` reads them."""
    return _columns(model, alias, only, database().vendor)


@cache
def _columns(model: type[Model], alias: str, only: tuple[str, ...], vendor: str) -> str:
    quote = database().ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model, only))


def table(model: type[Model]) -> str:
    return _table(model, database().vendor)


@cache
def _table(model: type[Model], vendor: str) -> str:
    return database().ops.quote_name(model._meta.db_table)


@cache
def _converters(model: type[Model], only: tuple[str, ...],
                vendor: str) -> tuple[tuple[int, Field, list[Callable]], ...]:
    db = database()
    found = []
    for index, field in enumerate(_fields(model, only)):
        col = field.get_col(model._meta.db_table)
        converters = db.ops.get_db_converters(col) + col.get_db_converters(db)
        if converters:
            found.append((index, field, converters))
    return tuple(found)


@cache
def _attnames(model: type[Model], only: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f.attname for f in _fields(model, only))


def from_row(model: type[M], row: Sequence[Any], offset: int = 0,
             only: tuple[str, ...] = (), db: BaseDatabaseWrapper | None = None) -> M:
    """An instance of ``model`` from its columns in ``row`` starting at ``offset`` (as
    ``columns`` selected them), converted as the ORM converts them; fields left out by
    ``only`` are deferred. ``db``: the connection the row was read on, when the caller has
    already looked it up."""
    db = db if db is not None else database()
    names = _attnames(model, only)
    values = list(row[offset:offset + len(names)])
    for index, field, converters in _converters(model, only, db.vendor):
        value = values[index]
        for convert in converters:
            value = convert(value, field, db)
        values[index] = value
    return model.from_db(db.alias, names, values)


@cache
def _select_sql(model: type[Model], only: tuple[str, ...], lock: bool, vendor: str) -> str:
    db = database()
    sql = (f"SELECT {_columns(model, 't', only, vendor)} FROM {_table(model, vendor)} t "
           f"WHERE t.{_pk(model)} = %s")
    if lock and db.features.has_select_for_update:
        sql += " FOR NO KEY UPDATE" if db.features.has_select_for_no_key_update else " FOR UPDATE"
    return sql


def fetch(model: type[M], pk: Any, *, lock: bool = False, only: tuple[str, ...] = ()) -> M | None:
    """The row of ``model`` with primary key ``pk`` (all fields, or the key and ``only``);
    ``lock`` takes its row lock for the rest of the transaction (a lock that still lets other
    rows reference it)."""
    db = database()
    with db.cursor() as cursor:
        cursor.execute(_select_sql(model, only, lock, db.vendor), [pk])
        row = cursor.fetchone()
    return None if row is None else from_row(model, row, only=only, db=db)


@cache
def _insert_fields(model: type[Model]) -> tuple[Field, ...]:
    return tuple(f for f in _fields(model) if not f.primary_key)


@cache
def _insert_sql(model: type[Model], count: int, vendor: str) -> str:
    fields = _insert_fields(model)
    quote = database().ops.quote_name
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return (f"INSERT INTO {_table(model, vendor)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES {', '.join([one] * count)}")


def insert(objs: Iterable[Model]) -> None:
    """INSERT ``objs`` (all of one model) in one statement; their primary keys are not read
    back."""
    objs = list(objs)
    if not objs:
        return
    model = type(objs[0])
    db = database()
    fields = _insert_fields(model)
    values = [f.get_db_prep_save(f.pre_save(obj, True), db) for obj in objs for f in fields]
    with db.cursor() as cursor:
        cursor.execute(_insert_sql(model, len(objs), db.vendor), values)


def update(obj: Model, names: Sequence[str]) -> int:
    """UPDATE the fields ``names`` of ``obj``'s row from the instance (``auto_now`` fields
    among them are set to now, as ``save`` does). Returns the rows changed."""
    db = database()
    model = type(obj)
    fields = _named_fields(model, tuple(names))
    values = [f.get_db_prep_save(f.pre_save(obj, False), db) for f in fields]
    return _update(db, model, obj.pk, fields, values)


def update_pk(model: type[Model], pk: Any, **changes: Any) -> int:
    """UPDATE the given fields of the row of ``model`` with primary key ``pk``."""
    db = database()
    fields = _named_fields(model, tuple(changes))
    values = [f.get_db_prep_save(v, db) for f, v in zip(fields, changes.values(), strict=True)]
    return _update(db, model, pk, fields, values)


@cache
def _named_fields(model: type[Model], names: tuple[str, ...]) -> tuple[Field, ...]:
    return tuple(model._meta.get_field(name) for name in names)


@cache
def _update_sql(model: type[Model], fields: tuple[Field, ...], vendor: str) -> str:
    quote = database().ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    return f"UPDATE {_table(model, vendor)} SET {assignments} WHERE {_pk(model)} = %s"


def _update(db: BaseDatabaseWrapper, model: type[Model], pk: Any, fields: tuple[Field, ...],
            values: list[Any]) -> int:
    with db.cursor() as cursor:
        cursor.execute(_update_sql(model, fields, db.vendor), [*values, pk])
        return cursor.rowcount


def _pk(model: type[Model]) -> str:
    return database().ops.quote_name(model._meta.pk.column)
