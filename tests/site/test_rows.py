"""Rows read and written with prepared statements are the rows the ORM reads and writes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from callbreak_site import rows
from games.models import Match, Move
from games.selectors import seats_of
from tests.api.helpers import create
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def a_match() -> Match:
    owner = make_user("rows-owner")
    view = create(client_for(owner), ["bot:easy"] * 3)
    return Match.objects.get(pk=view["id"])


def field_values(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_a_fetched_row_equals_the_orms_json_dates_and_keys_included():
    match = a_match()
    fetched = rows.fetch(Match, match.pk)
    assert field_values(fetched) == field_values(Match.objects.get(pk=match.pk))
    assert isinstance(fetched.state, dict) and isinstance(fetched.rules, dict)
    assert fetched.created_at.tzinfo is not None
    assert rows.fetch(Match, 10**9) is None


def test_a_partial_fetch_defers_the_other_fields_and_loads_them_on_use():
    match = a_match()
    partial = rows.fetch(Match, match.pk, only=("seq", "status"))
    assert partial.get_deferred_fields() >= {"state", "rules", "deadline"}
    assert (partial.seq, partial.status) == (match.seq, match.status)
    assert partial.state == match.state  # one more query, and the same value


def test_an_update_writes_only_the_named_fields_and_stamps_auto_now():
    match = a_match()
    before = Match.objects.get(pk=match.pk)
    match.seq, match.hands = match.seq + 5, 9  # hands changed on the instance only
    assert rows.update(match, ["seq", "updated_at"]) == 1
    after = Match.objects.get(pk=match.pk)
    assert after.seq == before.seq + 5
    assert after.hands == before.hands
    assert after.updated_at > before.updated_at
    assert rows.update_pk(Match, match.pk, turn=None, state={"x": [1]}) == 1
    assert Match.objects.filter(pk=match.pk, turn=None, state={"x": [1]}).exists()


def test_inserted_rows_are_read_back_by_the_orm():
    match = a_match()
    start = match.seq + 100
    rows.insert([Move(match=match, hand_id=match.current_hand_id, seq=start + i, seat=i,
                      kind="play", card=card, made_by="bot") for i, card in
                 enumerate(["AS", "KS"])])
    stored = list(Move.objects.filter(match=match, seq__gte=start).order_by("seq"))
    assert [(m.seat, m.card, m.made_by) for m in stored] == [(0, "AS", "bot"), (1, "KS", "bot")]
    assert all(m.created_at is not None for m in stored)


def test_seats_carry_their_players_names_without_more_queries():
    match = a_match()
    seats = seats_of(match)
    with CaptureQueriesContext(connection) as queries:
        names = [seat.display_name for seat in seats]
    assert len(queries) == 0
    assert "rows-owner" in names and len(names) == 4
    assert [s.number for s in seats] == [0, 1, 2, 3]

