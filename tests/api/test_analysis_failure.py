"""An analysis that crashes is marked failed and said to be unavailable; the player may ask
for it once more, and after a second failure it stays failed."""

from __future__ import annotations

import logging

import pytest

from games import tasks
from games.models import Analysis, Match
from tests.api.helpers import create

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken(owner_api):
    """A finished match whose state the engine cannot read, so its review crashes."""
    created = create(owner_api, ["open", "open", "open"])
    Match.objects.filter(pk=created["id"]).update(status=Match.Status.FINISHED,
                                                  state='{"not": "a match"}')
    return created["id"]


def test_a_crashed_analysis_is_failed_with_one_log_line(owner_api, broken, caplog):
    url = f"/api/matches/{broken}/analysis/?seat=0"
    assert owner_api.get(url).status_code == 202
    with caplog.at_level(logging.WARNING, logger="games.tasks"):
        assert tasks.analysis_run(broken, 0) is False
    lines = [r for r in caplog.records if r.name == "games.tasks"]
    assert len(lines) == 1 and "\n" not in lines[0].getMessage()
    assert Analysis.objects.get(match_id=broken, seat=0).status == Analysis.Status.FAILED
    answer = owner_api.get(url)
    assert answer.status_code == 200
    assert answer.json()["status"] == "failed"
    assert answer.json()["detail"] == "Analysis unavailable, try again."
    assert answer.json()["can_retry"] is True
    assert answer.json()["decisions"] == []


def test_a_failed_analysis_is_retried_once_then_stays_failed(owner_api, broken):
    url = f"/api/matches/{broken}/analysis/?seat=0"
    owner_api.get(url)
    tasks.analysis_run(broken, 0)
    # Asking to see it again does not retry it; asking to retry does, once.
    assert owner_api.get(url).json()["status"] == "failed"
    retried = owner_api.post(url)
    assert retried.status_code == 202
    assert retried.json()["status"] == "pending"
    tasks.analysis_run(broken, 0)
    final = owner_api.get(url).json()
    assert final["status"] == "failed" and final["can_retry"] is False
    assert final["detail"] == "Analysis unavailable for this match."
    again = owner_api.post(url)
    assert again.status_code == 409 and again.json()["code"] == "analysis_failed"
    assert Analysis.objects.get(match_id=broken, seat=0).status == Analysis.Status.FAILED


def test_retrying_an_analysis_that_did_not_fail_changes_nothing(owner_api, broken):
    url = f"/api/matches/{broken}/analysis/?seat=1"
    assert owner_api.post(url).status_code == 202  # first asked for: queued
    assert owner_api.post(url).status_code == 202
    assert Analysis.objects.get(match_id=broken, seat=1).attempts == 1


@pytest.mark.parametrize("seat", ["", "x", "7", "-1", "²", "0x1", "1e0"])
def test_a_seat_is_0_to_3(owner_api, broken, seat):
    for method in (owner_api.get, owner_api.post):
        response = method(f"/api/matches/{broken}/analysis/?seat={seat}")
        assert response.status_code == 400
        assert response.json()["code"] == "bad_seat"
