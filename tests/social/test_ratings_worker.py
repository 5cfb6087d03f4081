"""End to end: the worker rates a match once it has finished, and a second delivery of the
same end changes nothing."""

from __future__ import annotations

import pytest

from games import tasks
from games.rated import MIN_RATED_HANDS
from social.models import PlayerRating, RatingChange
from tests.api.helpers import act, create, view
from tests.conftest import needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def test_the_worker_rates_a_finished_match_against_bots_exactly_once(celery_worker, owner,
                                                                      owner_api):
    current = create(owner_api, ["bot:easy", "bot:normal", "bot:easy"], hands=MIN_RATED_HANDS)
    match_id = current["id"]
    while current["status"] != "finished":
        if current["turn"] == current["my_seat"] and current["legal"]:
            assert act(owner_api, current).status_code in (200, 409)
        current = wait_for(lambda: (lambda v: v if v["status"] == "finished"
                                    or v["turn"] == v["my_seat"] else None)(
                                        view(owner_api, match_id)), timeout=60)
        assert current, "the bots did not play"
    assert wait_for(lambda: RatingChange.objects.filter(match_id=match_id).exists(), 30)
    rating = PlayerRating.objects.get(user=owner)
    assert rating.matches == 1
    tasks.match_rate.delay(match_id).get(timeout=30)  # the end, delivered again
    again = PlayerRating.objects.get(user=owner)
    assert (again.mu, again.sigma, again.matches) == (rating.mu, rating.sigma, 1)
    assert RatingChange.objects.filter(match_id=match_id).count() == 1
    sheet = owner_api.get(f"/api/matches/{match_id}/ratings/").json()
    assert [row["seat"] for row in sheet] == [0]
