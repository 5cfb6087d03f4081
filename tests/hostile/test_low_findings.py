"""The low findings: presence shown to anyone holding an invite code, invite previews that
worked forever, push endpoints on IPv6 addresses that failed at every push, and booleans sent
as 0 or an empty ``scope=`` accepted."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from notifications.models import PushSubscription
from notifications.services.push import push_to_user
from social.presence import presence_connect
from tests.api.helpers import create
from tests.conftest import client_for
from tests.notifications.browser import Browser

pytestmark = pytest.mark.django_db


def test_presence_is_for_the_players_at_the_table(owner, owner_api, outsider_api):
    """Presence: ``seats[].online`` was shown to anyone holding the invite code."""
    created = create(owner_api, ["open", "bot:easy", "bot:easy"])
    async_to_sync(presence_connect)(user_id=owner.id)
    visitor = outsider_api.get(f"/api/matches/{created['id']}/",
                               {"invite_code": created["invite_code"]}).json()
    assert [seat["online"] for seat in visitor["seats"]] == [None] * 4
    mine = owner_api.get(f"/api/matches/{created['id']}/").json()
    assert mine["seats"][0]["online"] is True


def test_an_invite_preview_ends_when_the_match_starts(owner_api, member_api):
    """Invite previews worked forever."""
    created = create(owner_api, ["open", "bot:easy", "bot:easy"])
    path = f"/api/invites/{created['invite_code']}/"
    assert member_api.get(path).status_code == 200
    joined = member_api.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                             format="json")
    assert joined.status_code == 200 and joined.json()["status"] != "waiting"
    ended = member_api.get(path)
    assert ended.status_code == 404
    assert ended.json()["code"] == "invite_ended" and ended.json()["detail"]


def test_a_push_endpoint_on_an_ipv6_address_is_refused_and_never_raises(owner, owner_api,
                                                                        settings, caplog,
                                                                        tmp_path):
    """A push to an IPv6-literal endpoint raised in the worker on every push."""
    settings.VAR_DIR, settings.VAPID_PRIVATE_KEY = tmp_path, ""
    endpoint = "https://[2606:4700:4700::1111]/push/abc"
    answer = owner_api.post("/api/push/subscribe/", Browser().subscription(endpoint),
                            format="json")
    assert answer.status_code == 400 and "endpoint" in answer.json()["fields"]
    browser = Browser()
    subscription = browser.subscription(endpoint)
    PushSubscription.objects.create(user=owner, endpoint=endpoint,
                                    p256dh=subscription["keys"]["p256dh"],
                                    auth=subscription["keys"]["auth"])
    assert push_to_user(user_id=owner.id, kind="turn", title="Your turn", body="Play",
                        url="/", match_id=None) == 0
    assert "not sent: ipv6_literal" in caplog.text


@pytest.mark.parametrize(("method", "path", "body"), [
    ("patch", "/api/ratings/me/", {"on_global_leaderboard": 0}),
    ("patch", "/api/ratings/me/", {"on_global_leaderboard": "yes"}),
    ("patch", "/api/auth/me/", {"latin_digits": 0}),
    ("patch", "/api/auth/me/", {"latin_digits": "on"}),
    ("patch", "/api/me/settings/", {"notify_finished": 0}),
    ("post", "/api/push/unsubscribe/", {"endpoint": 0}),
    ("post", "/api/friends/requests/", {"username": 12345}),
    ("get", "/api/leaderboard/?scope=", None),
    ("get", "/api/leaderboard/?period=", None),
])
def test_booleans_and_enums_are_strict(owner, method, path, body):
    """Schemathesis's negative data: booleans sent as 0, an empty ``scope=`` (and a number
    where the schema says a string)."""
    answer = getattr(client_for(owner), method)(path, body, format="json")
    assert answer.status_code == 400, answer.content
