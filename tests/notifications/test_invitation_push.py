"""An invitation and a declined one reach a player who is not on the site by push, in
their own language."""

from __future__ import annotations

import pytest

from accounts.models import Account
from notifications.services.invitations import notify_declined, notify_invited
from tests.api.helpers import create
from tests.conftest import client_for, make_user
from tests.notifications.conftest import subscribe

pytestmark = pytest.mark.django_db


@pytest.fixture
def ram(db):
    return make_user("राम")


def test_an_away_invitee_gets_a_push_in_their_language(owner, ram, push_service, browser):
    """Push to an invitee who isn't on the site, in their language; and to the inviter when
    the invitation is declined."""
    Account.objects.filter(user=ram).update(language="ne")
    subscribe(client_for(ram), browser, push_service.endpoint("ram"))
    subscribe(client_for(owner), browser, push_service.endpoint("owner"))
    match = create(client_for(owner), ["user:राम", "bot:easy", "bot:easy"])
    assert notify_invited(match_id=match["id"], user_ids=[ram.id]) == 1
    payload = browser.decrypt_json(push_service.received_at("ram")[0].body)
    assert payload["url"] == f"/m/{match['id']}"
    assert "owner" in payload["body"] and "invited you" not in payload["body"]
    assert notify_declined(match_id=match["id"], inviter_id=owner.id, invitee_id=ram.id) == 1
    declined = browser.decrypt_json(push_service.received_at("owner")[0].body)
    assert "राम" in declined["body"]
