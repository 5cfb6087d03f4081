"""Ratings: every finished match with at least one rated person moves its people's OpenSkill
ratings (Plackett-Luce: four players, each for themselves, the final places as the outcome,
a shared place a tie), and never against the way the place reads (``moves_as_expected``).

Who is rated, and at what strength a bot plays, is the games app's to say (it knows the
seats: ``games.services.results``): bots at their level's fixed rating, never moving; a
player not rated at a new player's. A seat played on autopilot for a while is still its
player's: the result is theirs.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from social.models import PlayerRating, RatingChange

MODEL = PlackettLuce()
# The number shown for a rating: its ordinal (mu - 3 sigma, what the player is surely worth),
# scaled so that a new player shows 1000 and a few matches move it by tens.
SHOWN_SCALE = 20.0
SHOWN_BASE = 1000.0


def rating_shown(*, mu: float, sigma: float) -> int:
    """The one number a player sees for (mu, sigma)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(3.0, SHOWN_SCALE, SHOWN_BASE))


def moves_as_expected(*, place: int, last_place: int, before: int, after: int) -> bool:
    """Whether a shown rating going from ``before`` to ``after`` moves the way a player
    expects of ``place``: never down for a win or a second place (unless second is last),
    never up for a third or last place. OpenSkill may say otherwise (a new player's
    uncertainty shrinks even as they lose, and the number shown is what they are surely worth),
    and then the match leaves the rating as it was."""
    if place == 1 or (place == 2 and place != last_place):
        return after >= before
    return after <= before


def match_ratings_update(*, match_id: int, seats: list[dict[str, Any]]) -> int:
    """Rate the people of finished match ``match_id``, once: the number of players rated (0
    if it was rated already or has no rated person).

    ``seats`` gives each seat in order its final ``place``, its rated person's ``user_id``
    (None for a bot or an unrated player) and, for a bot, its fixed ``strength`` as
    ``[mu, sigma]`` (None: a person's own rating, or a new player's for one not rated)."""
    rated_ids = sorted(s["user_id"] for s in seats if s["user_id"] is not None)
    if not rated_ids:
        return 0
    with transaction.atomic():
        current = _locked_ratings(rated_ids)
        # Checked under the players' locks: a second delivery of the same match waits for the
        # first to commit, then finds its changes.
        if RatingChange.objects.filter(match_id=match_id).exists():
            return 0
        teams = [[MODEL.rating(**_strength(seat, current))] for seat in seats]
        places = [seat["place"] for seat in seats]
        outcome = MODEL.rate(teams, ranks=places)
        changes, now = [], timezone.now()
        for number, seat in enumerate(seats):
            row = current.get(seat["user_id"])
            if row is None:
                continue
            after = outcome[number][0]
            before = row.rating
            if moves_as_expected(place=places[number], last_place=max(places), before=before,
                                 after=rating_shown(mu=after.mu, sigma=after.sigma)):
                row.mu, row.sigma = after.mu, after.sigma
            row.matches += 1
            row.rating = rating_shown(mu=row.mu, sigma=row.sigma)
            row.updated_at = now
            changes.append(RatingChange(
                match_id=match_id, user_id=row.user_id, seat=number, place=places[number],
                before=before, after=row.rating, mu=row.mu, sigma=row.sigma,
                matches=row.matches))
        PlayerRating.objects.bulk_update(current.values(), ["mu", "sigma", "rating", "matches",
                                                            "updated_at"])
        RatingChange.objects.bulk_create(changes)
        return len(changes)


def rating_listing_set(*, user: Any, on_global_leaderboard: bool) -> PlayerRating:
    """Whether ``user`` is listed on the global leaderboard (their choice, in Settings)."""
    row = _new_rows([user.id])[0]
    PlayerRating.objects.bulk_create([row], ignore_conflicts=True)
    PlayerRating.objects.filter(user=user).update(on_global_leaderboard=on_global_leaderboard)
    return PlayerRating.objects.get(user=user)


def _new_rows(user_ids: list[int]) -> list[PlayerRating]:
    first = MODEL.rating()
    return [PlayerRating(user_id=u, mu=first.mu, sigma=first.sigma,
                         rating=rating_shown(mu=first.mu, sigma=first.sigma))
            for u in user_ids]


def _locked_ratings(user_ids: list[int]) -> dict[int, PlayerRating]:
    """The players' rating rows, created for newcomers, locked in id order (so two matches
    finishing at once for the same players wait for each other instead of deadlocking)."""
    PlayerRating.objects.bulk_create(_new_rows(user_ids), ignore_conflicts=True)
    rows = PlayerRating.objects.select_for_update().filter(user_id__in=user_ids).order_by("user")
    return {row.user_id: row for row in rows}


def _strength(seat: dict[str, Any], current: dict[int, PlayerRating]) -> dict[str, float]:
    row = current.get(seat["user_id"])
    if row is not None:
        return {"mu": row.mu, "sigma": row.sigma}
    if seat["strength"] is not None:
        mu, sigma = seat["strength"]
        return {"mu": mu, "sigma": sigma}
    first = MODEL.rating()  # not rated: a new player's strength, not stored
    return {"mu": first.mu, "sigma": first.sigma}
