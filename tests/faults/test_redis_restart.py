"""Redis stopped and started again mid-match (its queued tasks, groups and cache lost with
it): the match resumes and a reconnected socket is back in step."""

from __future__ import annotations

import subprocess
import time

import pytest
import redis

from tests.conftest import make_user
from tests.faults.http_player import HttpPlayer, steady_socket, views_until
from tests.faults.table import assert_every_seq_once, match_against_bots, play_through
from tests.processes import free_port

pytestmark = pytest.mark.django_db(transaction=True)


class PrivateRedis:
    """A Redis server of this test's own, so stopping it disturbs no other test run."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def shutdown(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
                       capture_output=True, timeout=10)
        if self.process is not None:
            self.process.wait(10)


@pytest.fixture
def private_redis():
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.shutdown()


def test_a_match_resumes_after_redis_restarts_and_a_new_socket_resyncs(fleet, private_redis):
    fleet.env["REDIS_URL"] = private_redis.url
    fleet.worker(BOT_BUDGET_MS="20")
    fleet.beat()
    player = HttpPlayer(fleet.server(), make_user("owner"))
    match_id = match_against_bots(player, "easy")
    play_through(player, match_id, sweep=False, until_seq=12)

    # The player moves and Redis goes away at once: the bot turn queued behind it is lost.
    current = player.get(f"/api/matches/{match_id}/").json()
    while current["turn"] != current["my_seat"]:
        time.sleep(0.05)
        current = player.get(f"/api/matches/{match_id}/").json()
    moved = player.post(f"/api/matches/{match_id}/play/",
                        {"card": current["legal"][0], "seq": current["seq"]})
    assert moved.status_code == 200
    private_redis.shutdown()
    time.sleep(1)
    private_redis.start()

    assert player.get(f"/api/matches/{match_id}/").status_code == 200
    with steady_socket(player) as ws:
        finished = play_through(player, match_id, sweep=False)
        assert views_until(ws, match_id, finished["seq"])["status"] == "finished"
    assert_every_seq_once(match_id)
