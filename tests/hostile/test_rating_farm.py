"""Ratings can be farmed with opponents you control (finding): outside bots counted as the
strongest level, guests joined by invite code counted as new players, one-hand matches rated,
and a new player's rating rose on a third place. Now only people under their own accounts and
the built-in bots rate a match, the match says so before it starts, a rated match lasts
``MIN_RATED_HANDS`` hands, and the shown rating never moves against the place."""

from __future__ import annotations

import pytest

from accounts.models import Account
from accounts.services.guests import guest_create
from games.models import Match, Seat
from games.rated import MIN_RATED_HANDS
from games.services.results import match_rate
from social.models import RatingChange
from tests.api.helpers import create, edit_stored_state, four_humans, play_out, set_final_totals
from tests.bots_external.bot_server import BotServer
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def finished(owner_api, totals: list[int], hands: int = MIN_RATED_HANDS):
    """A four-player match played to its end, its final totals then set to ``totals``."""
    created, clients, users = four_humans(owner_api, hands=hands)
    play_out(created["id"])
    match = Match.objects.get(pk=created["id"])
    set_final_totals(match, totals)
    return match, users


@pytest.fixture
def outside_bot():
    server = BotServer("good").start()
    yield server
    server.stop()


def test_an_outside_bot_leaves_the_match_unrated_and_the_view_says_so(owner_api, outside_bot):
    """Ratings can be farmed: outside bots counted as the strongest level."""
    created = create(owner_api, [outside_bot.url, "bot:easy", "open"], hands=MIN_RATED_HANDS)
    assert (created["rated"], created["unrated_reason"]) == (False, "outside_bot")
    match, users = finished(owner_api, [50, 20, 10, -30])
    Seat.objects.filter(match=match, number__gt=0).update(
        kind=Seat.Kind.EXTERNAL, user=None, external_url=outside_bot.url)
    assert match_rate(match_id=match.id) == 0
    assert not RatingChange.objects.exists()


def test_a_guest_at_the_table_leaves_the_match_unrated_for_everyone(owner_api):
    """Ratings can be farmed: guest puppets joined by invite code gave +60 to the host."""
    created = create(owner_api, ["open", "bot:easy", "bot:easy"], hands=MIN_RATED_HANDS)
    assert (created["rated"], created["unrated_reason"]) == (True, None)
    puppet = client_for(guest_create())
    joined = puppet.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                         format="json")
    assert joined.status_code == 200, joined.content
    before_start = owner_api.get(f"/api/matches/{created['id']}/").json()
    assert (before_start["rated"], before_start["unrated_reason"]) == (False, "guest")

    match, users = finished(owner_api, [50, 20, 10, -30])
    Account.objects.filter(user__in=users).update(is_guest=True)
    assert match_rate(match_id=match.id) == 0
    assert not RatingChange.objects.exists()


def test_a_match_shorter_than_the_minimum_is_unrated(owner_api):
    """Ratings can be farmed: ten one-hand matches took a rating from 1000 to 1641."""
    created = create(owner_api, ["bot:easy"] * 3, hands=MIN_RATED_HANDS - 1)
    assert (created["rated"], created["unrated_reason"]) == (False, "short")
    match, _ = finished(owner_api, [50, 20, 10, -30], hands=1)
    assert match_rate(match_id=match.id) == 0
    assert not RatingChange.objects.exists()


def test_a_third_or_last_place_never_raises_the_shown_rating(owner_api):
    """Ratings: a new player's rating rose on a third place (1000 → 1034) against bots."""
    match, _ = finished(owner_api, [20, 50, 10, -30])  # the owner (seat 0) is second
    Seat.objects.filter(match=match, number__gt=0).update(kind=Seat.Kind.BOT, user=None,
                                                          bot_level="easy")
    edit_stored_state(match, scores=[10, 50, 20, -30])  # now third, behind two easy bots
    assert match_rate(match_id=match.id) == 1
    change = RatingChange.objects.get(match_id=match.id)
    assert change.place == 3 and change.after <= change.before


@pytest.mark.parametrize("totals", [[50, 20, 10, -30], [10, 20, 50, -30], [-30, 10, 20, 50],
                                    [30, 30, 10, -5], [10, 10, 10, 50]])
def test_the_shown_rating_never_moves_against_the_place(owner_api, totals):
    """Ratings: never up for a last place, never down for a win, whatever the maths says."""
    match, _ = finished(owner_api, totals)
    assert match_rate(match_id=match.id) == 4
    changes = RatingChange.objects.filter(match_id=match.id)
    last = max(c.place for c in changes)
    for change in changes:
        if change.place == 1 or (change.place == 2 and last != 2):
            assert change.after >= change.before, change.place
        else:
            assert change.after <= change.before, change.place
