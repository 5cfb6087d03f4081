"""``make bench-move`` states a move's CPU against the framework's floor, measured alike."""

from __future__ import annotations

import json
import subprocess
import sys

import redis
from django.conf import settings

from tests.conftest import ROOT, needs_services

pytestmark = needs_services


def test_post_play_is_stated_as_a_multiple_of_an_authenticated_get_of_me():
    database = settings.DATABASES["default"]["NAME"].removeprefix("test_") + "_move_cost"
    shared = redis.Redis.from_url(settings.REDIS_URL)
    shared.set("not-the-bench's", "kept", ex=600)  # as a test run's worker keeps its queue here
    done = subprocess.run(
        [sys.executable, "-m", "bench.move_cost", "--matches", "1", "--database", database,
         "--redis", settings.REDIS_URL],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout[:done.stdout.rindex("}") + 1])
    # One match of one hand: the player plays 13 cards, each followed by the floor request.
    assert figures["post_plays"] == figures["get_me_requests"] == 13
    assert figures["get_me_cpu_ms"] > 0
    assert figures["get_me_queries"] >= 1  # the token is looked up: a real, signed-in request
    assert figures["post_play_queries"] > figures["get_me_queries"]
    expected = figures["post_play_cpu_ms"] / figures["get_me_cpu_ms"]
    assert abs(figures["play_to_floor_ratio"] - expected) < 0.01 * expected + 0.01
    assert f"{figures['play_to_floor_ratio']}×" in done.stdout
    # It cleans up its own keys only.
    assert shared.get("not-the-bench's") == b"kept"
    assert not list(shared.scan_iter(match="callbreak-move-cost*"))
    assert not list(shared.scan_iter(match="cb-move-cost*"))
    shared.delete("not-the-bench's")
