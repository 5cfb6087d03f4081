"""Ratings after a finished match: OpenSkill (Plackett-Luce) on the final places, ties
shared, bots at their level's fixed rating, each match rated once (matches of the shortest
rated length, ``MIN_RATED_HANDS``)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from accounts.models import Account
from games.engine.bots.ratings import BOT_RATINGS, bot_rating
from games.models import Match
from games.rated import MIN_RATED_HANDS
from games.services.moves import bot_turn_play
from games.services.results import match_rate as match_ratings_update
from social.models import PlayerRating, RatingChange
from social.services.ratings import moves_as_expected, rating_shown
from tests.api.helpers import act, create, four_humans, play_out, set_final_totals, view

pytestmark = pytest.mark.django_db


def finished_with_totals(owner_api, totals):
    """A four-player match played to its end, its final totals then set to ``totals`` (and
    the last hand's tricks spread so that nobody won it by eight tricks)."""
    created, clients, users = four_humans(owner_api, hands=MIN_RATED_HANDS)
    play_out(created["id"])
    match = Match.objects.get(pk=created["id"])
    set_final_totals(match, totals)
    return match, clients, users


def test_the_winner_gains_and_the_last_loses(owner_api):
    match, _, users = finished_with_totals(owner_api, [50, 20, 10, -30])
    assert match_ratings_update(match_id=match.id) == 4
    changes = {c.seat: c for c in RatingChange.objects.filter(match_id=match.id)}
    assert [changes[s].place for s in range(4)] == [1, 2, 3, 4]
    assert changes[0].after > changes[0].before == 1000
    assert changes[3].after < changes[3].before
    assert changes[0].after > changes[1].after > changes[2].after > changes[3].after
    assert PlayerRating.objects.get(user=users[2]).matches == 1


def test_a_shared_place_is_a_tie(owner_api):
    match, _, _ = finished_with_totals(owner_api, [30, 30, 10, -5])
    match_ratings_update(match_id=match.id)
    changes = {c.seat: c for c in RatingChange.objects.filter(match_id=match.id)}
    assert changes[0].place == changes[1].place == 1
    assert changes[0].after == changes[1].after
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 1, 3, 4])
    assert changes[0].mu == pytest.approx(expected[0][0].mu)
    assert changes[3].mu == pytest.approx(expected[3][0].mu)


def test_a_match_is_rated_once_however_often_its_end_is_delivered(owner_api):
    match, _, users = finished_with_totals(owner_api, [50, 20, 10, -30])
    assert match_ratings_update(match_id=match.id) == 4
    first = PlayerRating.objects.get(user=users[0])
    assert match_ratings_update(match_id=match.id) == 0
    again = PlayerRating.objects.get(user=users[0])
    assert (again.mu, again.sigma, again.matches) == (first.mu, first.sigma, 1)
    assert RatingChange.objects.filter(match_id=match.id).count() == 4


def test_a_match_in_play_is_not_rated(owner_api):
    created, clients, _ = four_humans(owner_api)
    assert match_ratings_update(match_id=created["id"]) == 0
    assert not PlayerRating.objects.exists()


def test_a_guest_at_the_table_leaves_the_match_unrated_for_everyone(owner_api):
    match, _, users = finished_with_totals(owner_api, [50, 20, 10, -30])
    Account.objects.filter(user=users[0]).update(is_guest=True)
    assert match_ratings_update(match_id=match.id) == 0
    assert not RatingChange.objects.filter(match_id=match.id).exists()


def solo_against_bots(client, level):
    current = create(client, [f"bot:{level}"] * 3, hands=MIN_RATED_HANDS)
    match_id = current["id"]
    while current["status"] != "finished":
        if current["turn"] == current["my_seat"]:
            assert act(client, current).status_code == 200
        else:
            bot_turn_play(match_id=match_id, seq=current["seq"])  # what the worker does
        current = view(client, match_id)
    return current


def test_a_solo_player_against_bots_is_rated_against_the_levels_fixed_rating(owner, owner_api):
    finished = solo_against_bots(owner_api, "easy")
    assert match_ratings_update(match_id=finished["id"]) == 1
    change = RatingChange.objects.get(match_id=finished["id"])
    assert change.seat == 0 and change.place == finished["places"][0]
    model = PlackettLuce()
    mu, sigma = BOT_RATINGS["easy"]
    teams = [[model.rating()]] + [[model.rating(mu=mu, sigma=sigma)] for _ in range(3)]
    expected = model.rate(teams, ranks=finished["places"])[0][0]
    shown = rating_shown(mu=expected.mu, sigma=expected.sigma)
    if moves_as_expected(place=change.place, last_place=max(finished["places"]), before=1000,
                         after=shown):
        assert change.mu == pytest.approx(expected.mu) and change.after == shown
    else:
        assert change.after == change.before == 1000
    assert PlayerRating.objects.count() == 1  # the bots have no rating rows: theirs is fixed


def test_every_level_has_a_fixed_rating_and_an_unknown_one_a_sensible_default():
    from games.engine.bots import BOT_LEVELS

    assert set(BOT_LEVELS) <= set(BOT_RATINGS)
    means = [BOT_RATINGS[level][0] for level in ("easy", "normal", "hard")]
    assert means == sorted(means), "a stronger level is rated higher"
    # The expert measures level with hard: within each other's spread.
    (expert, expert_sigma), (hard, hard_sigma) = BOT_RATINGS["expert"], BOT_RATINGS["hard"]
    assert abs(expert - hard) < min(expert_sigma, hard_sigma)
    assert bot_rating("hard-v2") == max(BOT_RATINGS.values())
    assert bot_rating("expert") == BOT_RATINGS["expert"]


def test_the_end_sheet_and_history_show_each_change(owner_api):
    match, clients, _ = finished_with_totals(owner_api, [50, 20, 10, -30])
    assert owner_api.get(f"/api/matches/{match.id}/ratings/").json() == []
    match_ratings_update(match_id=match.id)
    sheet = owner_api.get(f"/api/matches/{match.id}/ratings/").json()
    assert [row["seat"] for row in sheet] == [0, 1, 2, 3]
    assert sheet[0]["change"] == sheet[0]["after"] - sheet[0]["before"] > 0
    assert sheet[0]["provisional"] is True
    [summary] = clients[3].get("/api/matches/?status=finished").json()["results"]
    assert summary["rating_change"]["change"] < 0


def test_the_end_sheet_is_for_the_players_of_the_match(owner_api, outsider_api):
    match, _, _ = finished_with_totals(owner_api, [50, 20, 10, -30])
    answer = outsider_api.get(f"/api/matches/{match.id}/ratings/")
    assert answer.status_code == 404


def test_the_rating_is_provisional_for_the_first_ten_matches(owner, owner_api):
    PlayerRating.objects.create(user=owner, mu=30, sigma=3, rating=rating_shown(mu=30, sigma=3),
                                matches=9)
    assert owner_api.get("/api/ratings/me/").json()["provisional"] is True
    PlayerRating.objects.filter(user=owner).update(matches=10)
    mine = owner_api.get("/api/ratings/me/").json()
    assert mine["provisional"] is False and mine["rating"] == rating_shown(mu=30, sigma=3)


def test_the_end_sheets_ratings_cost_a_fixed_number_of_queries(owner_api,
                                                               django_assert_max_num_queries):
    match, _, _ = finished_with_totals(owner_api, [50, 20, 10, -30])
    match_ratings_update(match_id=match.id)
    with django_assert_max_num_queries(4):  # 2 of them the token sign-in
        sheet = owner_api.get(f"/api/matches/{match.id}/ratings/").json()
    assert len(sheet) == 4


def test_a_seat_played_on_autopilot_is_still_its_players(owner_api):
    from games.models import Move, Seat

    match, _, users = finished_with_totals(owner_api, [50, 20, 10, -30])
    Seat.objects.filter(match=match, number=1).update(autopilot=True, missed_turns=2)
    Move.objects.filter(match=match, seat=1).update(made_by=Move.MadeBy.AUTOPILOT)
    assert match_ratings_update(match_id=match.id) == 4
    change = RatingChange.objects.get(match_id=match.id, seat=1)
    assert change.user_id == users[0].id and change.place == 2
