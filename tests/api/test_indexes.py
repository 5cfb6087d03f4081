"""The games tables' indexes: every foreign key is served by an index that leads with its
column, and no column has a single-column index when a unique constraint's index already
leads with it (each row written would maintain both for nothing)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

pytestmark = pytest.mark.django_db


def _indexes(table: str) -> list[dict]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return [c for c in constraints.values() if c["index"] or c["unique"]]


@pytest.mark.parametrize("model", list(apps.get_app_config("games").get_models()),
                         ids=lambda model: model.__name__)
def test_each_foreign_key_has_one_index_leading_with_it(model):
    indexes = _indexes(model._meta.db_table)
    for field in model._meta.concrete_fields:
        if not field.is_relation:
            continue
        leading = [c for c in indexes if c["columns"] and c["columns"][0] == field.column]
        assert leading, f"{model.__name__}.{field.name} has no index"
        unique_wider = [c for c in leading if c["unique"] and len(c["columns"]) > 1]
        alone = [c for c in leading if c["columns"] == [field.column] and not c["unique"]]
        assert not (unique_wider and alone), (
            f"{model.__name__}.{field.name}: {alone} repeats {unique_wider}")
