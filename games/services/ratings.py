"""Ratings: every finished match with at least one rated person moves its people's OpenSkill
ratings (Plackett-Luce: four players, each for themselves, the final places as the outcome,
a shared place a tie).

Bots are rated at their level's fixed rating (``games.engine.bots.ratings``) and never move;
guests play at a new player's rating and are not rated until they claim their account. A
seat played on autopilot for a while is still its player's: the result is theirs.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from accounts.models import Account
from games.engine import MatchState
from games.engine.bots.ratings import bot_rating
from games.engine.ending import final_places
from games.models import Match, PlayerRating, RatingChange, Seat

MODEL = PlackettLuce()
# The number shown for a rating: its ordinal (mu - 3 sigma, what the player is surely worth),
# scaled so that a new player shows 1000 and a few matches move it by tens.
SHOWN_SCALE = 20.0
SHOWN_BASE = 1000.0


def rating_shown(*, mu: float, sigma: float) -> int:
    """The one number a player sees for (mu, sigma)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(3.0, SHOWN_SCALE, SHOWN_BASE))


def match_ratings_update(*, match_id: int) -> int:
    """Rate the people of a finished match, once: the number of players rated (0 if the
    match is not finished, was rated already, or has no rated person)."""
    with transaction.atomic():
        match = (Match.objects.select_for_update(no_key=True, of=("self",))
                 .filter(pk=match_id, status=Match.Status.FINISHED).first())
        if match is None or match.state is None or match.offline_id is not None:
            return 0  # not finished, or played offline (unrated: no referee saw it live)
        if RatingChange.objects.filter(match=match).exists():
            return 0  # this finished match was delivered before
        seats = list(Seat.objects.filter(match=match).order_by("number"))
        rated_ids = _rated_people(seats)
        if not rated_ids:
            return 0
        current = _locked_ratings(rated_ids)
        teams = [[MODEL.rating(**_strength(seat, current))] for seat in seats]
        places = final_places(MatchState.from_json(match.state))
        outcome = MODEL.rate(teams, ranks=places)
        changes, now = [], timezone.now()
        for seat in seats:
            row = current.get(seat.user_id) if seat.kind == Seat.Kind.HUMAN else None
            if row is None:
                continue
            after = outcome[seat.number][0]
            before = row.rating
            row.mu, row.sigma, row.matches = after.mu, after.sigma, row.matches + 1
            row.rating = rating_shown(mu=after.mu, sigma=after.sigma)
            row.updated_at = now
            changes.append(RatingChange(
                match=match, user_id=row.user_id, seat=seat.number, place=places[seat.number],
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


def _rated_people(seats: list[Seat]) -> list[int]:
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    guests = set(Account.objects.filter(user_id__in=people, is_guest=True)
                 .values_list("user_id", flat=True))
    return sorted(u for u in people if u not in guests)


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


def _strength(seat: Seat, current: dict[int, PlayerRating]) -> dict[str, float]:
    if seat.kind == Seat.Kind.HUMAN and seat.user_id in current:
        row = current[seat.user_id]
        return {"mu": row.mu, "sigma": row.sigma}
    if seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL):
        level = seat.bot_level if seat.kind == Seat.Kind.BOT else "external"
        mu, sigma = bot_rating(level)
        return {"mu": mu, "sigma": sigma}
    first = MODEL.rating()  # a guest: a new player's strength, not stored
    return {"mu": first.mu, "sigma": first.sigma}
