"""The arena seats outside bots by URL: examples/smartbot in a real process on loopback."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from games.arena.cli import parse_args
from games.arena.match import play_match
from games.engine import Rules
from tests.processes import ROOT, free_port


@pytest.fixture(scope="module")
def smartbots() -> Iterator[list[str]]:
    """Two smartbot processes, one seat each."""
    ports = [free_port(), free_port()]
    processes = [subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / "smartbot" / "smartbot.py"), "--port", str(p)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for p in ports]
    urls = [f"http://127.0.0.1:{p}" for p in ports]
    deadline = time.monotonic() + 20
    for url in urls:
        while True:
            try:
                if httpx.get(f"{url}/hi", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "smartbot did not start"
            time.sleep(0.1)
    yield urls
    for process in processes:
        process.terminate()
        process.wait(timeout=10)


def test_smartbot_over_http_plays_the_same_matches_as_the_normal_bot_in_process(smartbots):
    rules = Rules.preset("standard").with_changes(hands=2)
    for seed in (11, 12):
        seats = ["normal", smartbots[0], "normal", smartbots[1]]
        through_http = play_match(seats, rules, seed, None)
        in_process = play_match(["normal"] * 4, rules, seed, None)
        assert through_http.fallbacks == [0, 0, 0, 0]
        assert through_http.totals == in_process.totals
        assert through_http.hands == 2


def test_a_bot_that_is_not_there_is_replaced_and_counted():
    url = f"http://127.0.0.1:{free_port()}"
    result = play_match(["normal", url, "normal", "normal"], Rules.preset("standard")
                        .with_changes(hands=1), 3, None, bot_timeout=0.5)
    # Every decision of the missing bot was the normal bot's, and counted as such.
    assert result.fallbacks[1] == len(result.decision_ms[1]) > 0
    assert result.fallbacks[0] == result.fallbacks[2] == result.fallbacks[3] == 0


def test_the_arena_command_line_takes_urls_and_plays_them_one_match_at_a_time(smartbots):
    args = parse_args(["--seats", f"hard,{smartbots[0]},normal,{smartbots[1]}",
                       "--workers", "2"])
    assert args.levels[1] == smartbots[0] and args.workers == 1


@pytest.mark.parametrize("seats", [
    "normal,http://127.0.0.1:9101,http://127.0.0.1:9101,normal",
    "normal,http://192.0.2.7:9101,normal,normal",
    "normal,http://127.0.0.1:9101/bot?x=1,normal,normal",
], ids=["same-url-twice", "not-loopback", "query"])
def test_the_arena_refuses_a_shared_or_non_loopback_url(seats, capsys):
    with pytest.raises(SystemExit):
        parse_args(["--seats", seats])
    error = capsys.readouterr().err
    assert "http://" in error and "error:" in error
