"""A bot's URL reaches only the bot: its host is checked where it resolves, the path is the
server's own, and nothing the address answers finds its way into the record."""

from __future__ import annotations

import socket

import pytest

from games.engine.protocol import REASONS
from games.models import Match, Move, Seat
from games.services.external import external_choice
from games.services.table import start_match
from tests.bots_external.bot_server import BotServer
from tests.conftest import run_fresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot():
    server = BotServer("good").start()
    yield server
    server.stop()


def create_with(api, url: str):
    return api.post("/api/matches/", {"opponents": [url, "open", "open"]}, format="json")


@pytest.mark.parametrize("suffix", [
    "/internal/api/v1/keys#",
    "/internal/api/v1/keys?x=",
    "/bot?token=1",
    "/bot#part",
    "/bot\r\nX-Injected: 1",
    "/bot\\@example.org",
    "/bot path",
], ids=["fragment", "empty-query", "query", "named-fragment", "crlf", "backslash", "space"])
def test_a_url_that_could_swallow_or_bend_the_path_is_refused_before_any_request(
        owner_api, bot, suffix):
    response = create_with(owner_api, bot.url + suffix)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_external_url"
    assert bot.hits == []
    assert Match.objects.count() == 0


@pytest.mark.parametrize("url", [
    "http://owner:secret@127.0.0.1:{port}",
    "http://127.0.0.1:{port}@127.0.0.1:{port}",
    "http://[::1",
    "http://127.0.0.1:99999",
    "http://127.0.0.1:0",
], ids=["userinfo", "userinfo-host", "unclosed-bracket", "port-out-of-range", "port-zero"])
def test_a_malformed_url_is_a_clear_error(owner_api, bot, url):
    response = create_with(owner_api, url.format(port=bot.port))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_external_url" and body["detail"]
    assert bot.hits == []


def test_the_request_paths_are_joined_under_the_bots_own_path(owner_api):
    server = BotServer("good", prefix="/teams/7/bot").start()
    try:
        response = create_with(owner_api, server.url + "/")
    finally:
        server.stop()
    assert response.status_code == 201, response.json()
    assert server.hits == [("GET", "/teams/7/bot/hi", f"127.0.0.1:{server.port}")]


def test_any_host_does_not_mean_this_machine(owner_api, bot, settings):
    settings.EXTERNAL_BOT_HOSTS = ["*"]
    response = create_with(owner_api, bot.url)
    assert response.status_code == 400
    assert response.json()["code"] == "external_host_not_allowed"
    assert bot.hits == []


def test_a_listed_name_that_points_at_a_loopback_address_is_refused(owner_api, bot, settings):
    settings.EXTERNAL_BOT_HOSTS = ["localhost"]
    response = create_with(owner_api, f"http://localhost:{bot.port}")
    assert response.status_code == 400
    assert response.json()["code"] == "external_host_not_allowed"
    assert "private network" in response.json()["detail"]
    assert bot.hits == []


def test_a_loopback_address_listed_itself_is_reached(owner_api, bot, settings):
    settings.EXTERNAL_BOT_HOSTS = ["localhost", "127.0.0.0/8", "::1"]
    response = create_with(owner_api, f"http://localhost:{bot.port}")
    assert response.status_code == 201, response.json()
    assert [hit[:2] for hit in bot.hits] == [("GET", "/hi")]


def test_the_connection_goes_to_the_address_that_was_checked(owner_api, bot, settings,
                                                             monkeypatch):
    """A name that answers differently the second time (DNS rebinding) is looked up once per
    request, and the request goes to that first answer."""
    real = socket.getaddrinfo
    lookups = []

    def rebinding(host, port, *args, **kwargs):
        if host != "bot.test":
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "127.0.0.2"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    settings.EXTERNAL_BOT_HOSTS = ["bot.test", "127.0.0.1"]
    response = create_with(owner_api, f"http://bot.test:{bot.port}")
    assert response.status_code == 201, response.json()
    assert lookups == ["bot.test"]
    assert bot.hits == [("GET", "/hi", f"bot.test:{bot.port}")]


def test_with_no_allowed_hosts_external_seats_are_off(owner_api, bot, settings):
    settings.EXTERNAL_BOT_HOSTS = []
    response = create_with(owner_api, bot.url)
    assert response.status_code == 400
    assert response.json()["code"] == "external_bots_off"
    assert bot.hits == []


def test_production_has_no_allowed_hosts_unless_they_are_set(tmp_path):
    import os
    import secrets

    probe = """
        import json
        import django
        from django.conf import settings
        django.setup()
        print(json.dumps(settings.EXTERNAL_BOT_HOSTS))
    """
    env = {k: v for k, v in os.environ.items() if k != "EXTERNAL_BOT_HOSTS"}
    env.update(PRODUCTION="1", SECRET_KEY=secrets.token_urlsafe(60), VAR_DIR=str(tmp_path),
               ALLOWED_HOSTS="callbreak.example", DJANGO_SETTINGS_MODULE="callbreak_site.settings")
    assert run_fresh(probe, env) == []
    assert run_fresh(probe, dict(env, EXTERNAL_BOT_HOSTS="bots.example")) == ["bots.example"]


def _seats_of_bot(owner, url: str) -> tuple[Match, list[Seat]]:
    match = Match.objects.create(created_by=owner, rules={"preset": "standard"}, hands_to_play=1,
                                 turn_seconds=3600)
    seats = [Seat.objects.create(match=match, number=n, kind="external", external_url=url)
             for n in range(4)]
    return match, seats


@pytest.mark.parametrize(("mode", "reason"), [
    ("secret", "bad answer"), ("created", "bad answer"), ("down", "bad answer"),
    ("garbage", "bad answer"),
])
def test_the_note_names_a_fixed_reason_never_the_bots_answer(owner, mode, reason):
    server = BotServer(mode).start()
    try:
        match, seats = _seats_of_bot(owner, server.url)
        state, _turn = start_match(match, seats)
        _, made_by, note = external_choice(match=match, seat=seats[state.turn], state=state)
    finally:
        server.stop()
    assert made_by == Move.MadeBy.FALLBACK
    assert note == f"external bot: {reason}; the built-in bot played"
    assert BotServer.SECRET not in note and "201" not in note and "500" not in note


def test_a_closed_port_and_a_refused_host_leave_only_a_reason(owner, settings):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    match, seats = _seats_of_bot(owner, f"http://127.0.0.1:{closed}")
    state, _turn = start_match(match, seats)
    _, _, note = external_choice(match=match, seat=seats[state.turn], state=state)
    assert note == "external bot: unreachable; the built-in bot played"

    settings.EXTERNAL_BOT_HOSTS = ["bots.example"]
    _, _, note = external_choice(match=match, seat=seats[state.turn], state=state)
    assert note == "external bot: not allowed; the built-in bot played"
    assert "not allowed" in REASONS
