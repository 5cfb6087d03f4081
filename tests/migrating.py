"""Moving the test database to chosen migrations, for the tests that check data survives them."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate to ``targets``; the apps as they were at those migrations."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    """The newest migration of every app."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
