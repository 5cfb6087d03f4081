"""The one read on the path of every move and every view, written as SQL: a match with its
clock, its finished hands, its seats and their players' names, in one statement (locked, for
a move).

The ORM compiles such a query anew on every call. ``make bench-move`` measured the match and
its seats at 5.6 ms of CPU per move as two ORM queries, against 2.5 ms as two statements
through ``Model.objects.raw()`` (1.0 ms on the bare cursor): most of what a move cost above
the framework's floor. ``raw()`` keeps Django's own conversion of each column for the
database in use and gives ordinary model instances; one statement instead of two also saves
a round trip.
"""

from __future__ import annotations

from datetime import UTC
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from accounts.models import Account
from games.models import FinishedHand, Match, Seat, TurnClock

# The seat's columns, read beside the match's as s_<name>.
_SEAT_COLUMNS = ("id", "number", "kind", "user_id", "reserved_for_id", "invited_by_id",
                 "bot_level", "fixed_name", "external_url", "autopilot", "missed_turns",
                 "former_player")


def table_of(match_id: int, *, lock: bool = False) -> tuple[Match, list[Seat]] | None:
    """The match with id ``match_id`` and its seats in order, each with its player and
    invitee (of the users only the id and username: all that a seat shows); None if there is
    no such match. ``lock`` holds the match's row for the rest of the transaction (in a way
    that still lets other rows reference it). The match carries its finished hands' entries
    as ``finished_hands_json`` (read by ``games.stored_state``)."""
    found = list(Match.objects.raw(_table_sql(lock and connection.features.has_select_for_update,
                                              connection.vendor), [match_id]))
    if not found:
        return None
    match, users = found[0], get_user_model()
    for name in TurnClock.TIMES:
        # Read beside the match, these columns miss the ORM's conversion: SQLite gives them
        # naive (in UTC, as stored).
        value = getattr(match, name)
        if value is not None and timezone.is_naive(value):
            setattr(match, name, timezone.make_aware(value, UTC))
    seats = []
    for row in found:
        seat = Seat(match=match, **{name: getattr(row, f"s_{name}") for name in _SEAT_COLUMNS})
        seat.autopilot = bool(seat.autopilot)  # an integer on SQLite
        seat.user = users(id=seat.user_id, username=row.s_user_name) if seat.user_id else None
        seat.user_is_guest = bool(row.s_user_guest)  # what games.rated asks of each seat
        seat.reserved_for = (users(id=seat.reserved_for_id, username=row.s_reserved_name)
                             if seat.reserved_for_id else None)
        seats.append(seat)
    return match, seats


@cache
def _table_sql(lock: bool, vendor: str) -> str:
    quote = connection.ops.quote_name
    users = quote(get_user_model()._meta.db_table)
    seat_columns = ", ".join(f"s.{quote(name)} AS s_{name}" for name in _SEAT_COLUMNS)
    # One row per seat; the finished hands are read once, on seat 0's row.
    hands = ("SELECT json_agg(h.result ORDER BY h.number)::text" if vendor == "postgresql"
             else "SELECT json_group_array(json(h.result))")
    hands += f" FROM {quote(FinishedHand._meta.db_table)} h WHERE h.match_id = m.id"
    sql = (f"SELECT m.*, c.deadline, c.warn_at, c.hand_break_until, {seat_columns}, "
           f"CASE WHEN s.number = 0 THEN COALESCE(({hands}), '[]') END "
           f"AS finished_hands_json, "
           f"u.username AS s_user_name, r.username AS s_reserved_name, "
           f"a.is_guest AS s_user_guest "
           f"FROM {quote(Match._meta.db_table)} m "
           f"JOIN {quote(Seat._meta.db_table)} s ON s.match_id = m.id "
           f"LEFT JOIN {quote(TurnClock._meta.db_table)} c ON c.match_id = m.id "
           f"LEFT JOIN {users} u ON u.id = s.user_id "
           f"LEFT JOIN {quote(Account._meta.db_table)} a ON a.user_id = s.user_id "
           f"LEFT JOIN {users} r ON r.id = s.reserved_for_id "
           "WHERE m.id = %s ORDER BY s.number")
    if lock:
        sql += (" FOR NO KEY UPDATE OF m" if connection.features.has_select_for_no_key_update
                else " FOR UPDATE OF m")
    return sql
