"""The test process's ``flush`` (tests/flushing), which empties the database between
transactional tests: every row goes, the content types and permissions stay, and Django's own
command still serves a flush that resets sequences."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command, get_commands

from games.models import Match, Move
from tests.api.helpers import create
from tests.conftest import client_for, make_user


@pytest.mark.django_db(transaction=True)
def test_flush_deletes_every_row_but_content_types_and_permissions():
    assert get_commands()["flush"] == "tests.flushing"
    owner = client_for(make_user("flusher"))
    created = create(owner, ["bot:easy"] * 3, hands=1, turn_seconds=None)
    assert Match.objects.filter(id=created["id"]).exists()
    types, permissions = ContentType.objects.count(), Permission.objects.count()
    assert types and permissions

    # As Django flushes after a transactional test.
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False,
                 allow_cascade=False, inhibit_post_migrate=False)

    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.exists()
    assert not Match.objects.exists() and not Move.objects.exists()
    assert ContentType.objects.count() == types
    assert Permission.objects.count() == permissions
