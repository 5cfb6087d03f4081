"""Seating external bots: one URL per seat of a match, and a warning under other rules."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.bots_external.bot_server import BotServer

pytestmark = pytest.mark.django_db


@pytest.fixture
def bots():
    servers = [BotServer("good").start() for _ in range(2)]
    yield servers
    for server in servers:
        server.stop()


def create(api, opponents, **body):
    return api.post("/api/matches/", {"opponents": opponents, "hands": 1, **body},
                    format="json")


@pytest.mark.parametrize("second", ["{url}", "{url}/", "http://LocalHost:{port}"],
                         ids=["same", "trailing-slash", "host-in-other-case"])
def test_one_url_in_two_seats_is_refused_before_the_bot_is_asked(owner_api, bots, second):
    url = f"http://localhost:{bots[0].port}"
    response = create(owner_api, [url, second.format(url=url, port=bots[0].port), "open"])
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "external_url_shared" and body["detail"]
    assert bots[0].hits == []
    assert Match.objects.count() == 0


def test_two_bots_on_two_urls_are_seated_without_a_warning_under_standard_rules(
        owner_api, bots):
    response = create(owner_api, [bots[0].url, bots[1].url, "open"],
                      rules={"preset": "standard"})
    assert response.status_code == 201, response.content
    assert response.json()["warnings"] == []


@pytest.mark.parametrize("rules", [{"preset": "pagat"}, {"preset": "standard", "follow": "free"},
                                   {"preset": "standard", "scoring": "bonus13"}])
def test_external_bots_under_other_rules_are_seated_with_a_warning(owner_api, bots, rules):
    response = create(owner_api, [bots[0].url, "open", "open"], rules=rules)
    assert response.status_code == 201, response.content
    warnings = response.json()["warnings"]
    assert [w["code"] for w in warnings] == ["external_bot_rules"]
    assert warnings[0]["detail"]


def test_other_rules_without_an_external_bot_warn_nobody(owner_api):
    response = create(owner_api, ["bot:normal", "open", "open"], rules={"preset": "pagat"})
    assert response.status_code == 201
    assert response.json()["warnings"] == []
