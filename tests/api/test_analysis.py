"""Post-match analysis: the hard bot reviews every decision of a seat, after the end only."""

from __future__ import annotations

import pytest

from games.engine.bots import REASONS, reason_for
from games.engine.bots.search import Figures
from games.models import Analysis, Match
from tests.api.helpers import create, play_to_end, view
from tests.conftest import needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


@pytest.mark.usefixtures("celery_worker")
def test_a_finished_match_is_reviewed_decision_by_decision(owner_api, outsider_api):
    created = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    url = f"/api/matches/{created['id']}/analysis/?seat=0"
    early = owner_api.get(url)
    assert early.status_code == 403 and early.json()["code"] == "not_finished"

    # The owner makes the call farthest from what the hand can take, then plays the first
    # legal card every time: the most tricks allowed, or the fewest on a hand of six or more
    # spades and aces, which the most tricks allowed may suit.
    mine = wait_for(lambda: (v := view(owner_api, created["id"]))["turn"] == v["my_seat"] and v,
                    timeout=60)
    assert mine and mine["status"] == "bidding", mine
    strong = sum(card[0] == "A" or card[1] == "S" for card in mine["hand"]) >= 6
    call = min(mine["legal"]) if strong else max(mine["legal"])
    called = owner_api.post(f"/api/matches/{created['id']}/call/",
                            {"call": call, "seq": mine["seq"]}, format="json")
    assert called.status_code == 200, called.content
    play_to_end([owner_api], created["id"])
    first = owner_api.get(url)
    assert first.status_code in (200, 202)
    assert wait_for(lambda: Analysis.objects.filter(match_id=created["id"], seat=0,
                                                    status="ready").exists(), timeout=120)
    ready = owner_api.get(url)
    assert ready.status_code == 200
    body = ready.json()
    assert body["status"] == "ready"
    decisions = body["decisions"]
    assert [d["kind"] for d in decisions].count("call") == 1
    assert [d["kind"] for d in decisions].count("play") == 13
    record = owner_api.get(f"/api/matches/{created['id']}/record/").json()
    played = [p["card"] for trick in record["hands"][0]["tricks"] for p in trick["cards"]
              if p["seat"] == 0]
    assert [d["chosen"] for d in decisions if d["kind"] == "play"] == played
    for decision in decisions:
        assert decision["loss"] >= 0
        _check_reason(decision)
        values = [o["value"] for o in decision["options"] if o["value"] is not None]
        assert values == sorted(values, reverse=True)
        if values:
            assert decision["best"] == decision["options"][0]["action"]
    # That call costs points, and the review says why.
    assert decisions[0]["kind"] == "call"
    assert decisions[0]["reason"] == ("call_too_low" if strong else "call_too_high"), mine["hand"]
    assert owner_api.get(url).json() == body  # computed once, then served
    assert Analysis.objects.filter(match_id=created["id"]).count() == 1
    assert outsider_api.get(url).status_code == 404


def _check_reason(decision):
    """A decision that lost something says why, with the figures the reason rests on: the
    loss is the gap between the two expected scores, and the reason fits the figures."""
    if not decision["loss"]:
        assert decision["reason"] is None and "figures" not in decision
        return
    assert decision["reason"] in REASONS
    chosen, best = decision["figures"]["chosen"], decision["figures"]["best"]
    assert decision["options"][0]["value"] == best["value"]
    assert abs(best["value"] - chosen["value"] - decision["loss"]) <= 0.6
    for figures in (chosen, best):
        assert 0 <= figures["tricks"] <= 13 and 0 <= figures["made"] <= 1
        assert figures["trick"] is None or 0 <= figures["trick"] <= 1
    if decision["kind"] == "call":
        assert chosen["trick"] is None
        assert decision["reason"] == ("call_too_high" if decision["chosen"] > decision["best"]
                                      else "call_too_low")
    else:
        assert decision["reason"] == reason_for(
            "play", decision["chosen"], decision["best"],
            Figures(chosen["tricks"], chosen["made"], chosen["trick"]),
            Figures(best["tricks"], best["made"], best["trick"]))


def test_bad_seats_are_refused(owner_api):
    created = create(owner_api, ["open", "open", "open"])
    Match.objects.filter(pk=created["id"]).update(status="finished")
    for seat in ("", "x", "7", "-1"):
        response = owner_api.get(f"/api/matches/{created['id']}/analysis/?seat={seat}")
        assert response.status_code == 400
        assert response.json()["code"] == "bad_seat"


@pytest.mark.usefixtures("celery_worker")
def test_a_review_that_crashes_in_the_worker_is_failed_and_retried_once(owner_api):
    created = create(owner_api, ["open", "open", "open"])
    # Finished, but with a state the engine cannot read: the review crashes.
    Match.objects.filter(pk=created["id"]).update(status="finished", state='{"not": "a match"}')
    url = f"/api/matches/{created['id']}/analysis/?seat=0"

    def failed():
        return Analysis.objects.filter(match_id=created["id"], seat=0, status="failed").exists()

    assert owner_api.get(url).status_code == 202
    assert wait_for(failed, timeout=60)
    assert owner_api.get(url).json()["detail"] == "Analysis unavailable, try again."
    assert owner_api.post(url).status_code == 202
    assert wait_for(failed, timeout=60)
    assert owner_api.get(url).json()["can_retry"] is False
    assert owner_api.post(url).status_code == 409
