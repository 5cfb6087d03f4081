"""``make run`` on a machine with nothing else: SQLite, the in-memory channel layer, and a
Celery worker and beat inside the server process, so bots play without a broker."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import httpx

from tests.processes import ROOT, child_environ, free_port


def test_the_embedded_run_serves_the_app_and_its_in_process_worker_plays_the_bots(tmp_path):
    port = free_port()
    env = {k: v for k, v in child_environ().items()
           if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(VAR_DIR=str(tmp_path), PORT=str(port), PYTHONUNBUFFERED="1")
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen([sys.executable, "-m", "callbreak_site.serve"], cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        http = httpx.Client(base_url=base, timeout=10)
        for _ in range(240):
            assert server.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                if http.get("/api/").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        assert httpx.get(base + "/", timeout=10).status_code == 200  # the PWA's shell
        credentials = {"username": "solo", "password": "kathmandu-valley-42"}
        assert http.post("/api/auth/register/", json=credentials).status_code == 201
        token = http.post("/api/auth/token/", json=credentials).json()["token"]
        http.headers["Authorization"] = f"Token {token}"
        created = http.post("/api/matches/", json={
            "rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 3600,
            "opponents": ["bot:easy", "bot:normal", "bot:easy"]})
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
        start, mine = created.json()["seq"], 0
        for _ in range(120):
            view = http.get(f"/api/matches/{match_id}/").json()
            if view["turn"] == view["my_seat"] and view["legal"]:
                mine += 1
                kind, field = (("call", "call") if view["status"] == "bidding"
                               else ("play", "card"))
                answer = http.post(f"/api/matches/{match_id}/{kind}/",
                                   json={"seq": view["seq"], field: view["legal"][0]})
                assert answer.status_code == 200, answer.text
                if kind == "play":
                    break
                continue
            time.sleep(0.25)
        after = http.get(f"/api/matches/{match_id}/").json()
        deadline = time.monotonic() + 30
        while after["turn"] != after["my_seat"] and time.monotonic() < deadline:
            time.sleep(0.25)
            after = http.get(f"/api/matches/{match_id}/").json()
        # Every change since the start that was not one of the player's own is a bot's turn,
        # played by the in-process worker (the player's card may end a trick it wins, and then
        # the turn is the player's again at once).
        assert after["seq"] - start > mine, "the in-process worker never played a bot's turn"
        assert after["turn"] == after["my_seat"]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
