"""The two reads on the path of every move and every view, written as SQL.

A move reads its match (locked) and the match's seats with their players' names; so does a
bot's turn and every ``GET`` of a view. The ORM compiles such a query anew on every call, and
``make bench-move`` measured the two at 5.6 ms of CPU per move against 2.5 ms for the same
rows through ``Model.objects.raw()`` (and 1.0 ms for the bare cursor), most of the difference
between a move and the framework's floor. ``raw()`` keeps Django's own conversion of each
column for the database in use, and gives ordinary model instances.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection

from games.models import Match, Seat


def match_by_id(match_id: int, *, lock: bool = False) -> Match | None:
    """The match with id ``match_id``; ``lock`` holds its row for the rest of the
    transaction (in a way that still lets other rows reference it)."""
    return next(iter(Match.objects.raw(_match_sql(lock and _locks(), connection.vendor),
                                       [match_id])), None)


def seats_of(match: Match) -> list[Seat]:
    """The seats of ``match`` in order, each with its player and invitee (of the users only
    the id and username are known: that is all a seat shows)."""
    users = get_user_model()
    seats = list(Seat.objects.raw(_seats_sql(connection.vendor), [match.pk]))
    for seat in seats:
        seat.match = match
        seat.user = users(id=seat.user_id, username=seat.user_name) if seat.user_id else None
        seat.reserved_for = (users(id=seat.reserved_for_id, username=seat.reserved_name)
                             if seat.reserved_for_id else None)
    return seats


def _locks() -> bool:
    return connection.features.has_select_for_update


@cache
def _match_sql(lock: bool, vendor: str) -> str:
    sql = f"SELECT * FROM {_table(Match)} WHERE id = %s"
    if lock:
        sql += (" FOR NO KEY UPDATE" if connection.features.has_select_for_no_key_update
                else " FOR UPDATE")
    return sql


@cache
def _seats_sql(vendor: str) -> str:
    users = _table(get_user_model())
    return (f"SELECT s.*, u.username AS user_name, r.username AS reserved_name "
            f"FROM {_table(Seat)} s LEFT JOIN {users} u ON u.id = s.user_id "
            f"LEFT JOIN {users} r ON r.id = s.reserved_for_id "
            "WHERE s.match_id = %s ORDER BY s.number")


def _table(model: type) -> str:
    return connection.ops.quote_name(model._meta.db_table)
