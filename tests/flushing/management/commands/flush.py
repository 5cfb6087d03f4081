"""``flush`` for the test process. Django empties the database after every transactional test
with this command; its own TRUNCATEs every table and then recreates the content types and
permissions, about 0.4–0.7 s on this machine whatever the tables hold. A test leaves a few
rows, so deleting them in one transaction (foreign keys checked at its end) takes about
10 ms. The content types and permissions, which only migrations create, are kept, so nothing
needs recreating. A flush that resets sequences (the default from the command line) or asks
before it starts is Django's own; the flush after a test does neither. Django takes the
command of the first app in ``INSTALLED_APPS`` that has one: tests/settings.py puts this app
first."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.commands import flush
from django.db import connections, transaction

KEPT = {ContentType._meta.db_table, Permission._meta.db_table}


class Command(flush.Command):
    help = "Deletes every row but the content types and permissions, in one transaction."

    def handle(self, **options: Any) -> None:
        if options.get("reset_sequences", True) or options["interactive"]:
            super().handle(**options)
            return
        database = options["database"]
        connection = connections[database]
        tables = connection.introspection.django_table_names(only_existing=True,
                                                              include_views=False)
        with transaction.atomic(using=database), connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in sorted(set(tables) - KEPT):
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
