"""What a finished match hands to the ratings (``social.services.ratings``): each seat's
final place, the person it rates, and the fixed strength of a bot.

A match played offline is not rated. Bots are rated at their level's fixed rating
(``games.engine.bots.ratings``); a guest plays at a new player's rating and is not rated until
they claim their account.
"""

from __future__ import annotations

from typing import Any

from accounts.models import Account
from games.engine import MatchState
from games.engine.bots.ratings import bot_rating
from games.engine.ending import final_places
from games.models import Match, Seat
from games.queries import table_of
from social.services.ratings import match_ratings_update


def match_rate(*, match_id: int) -> int:
    """Rate the people of a finished match (once): how many players were rated."""
    found = table_of(match_id)
    if found is None or found[0].status != Match.Status.FINISHED or found[0].state is None:
        return 0
    match, seats = found
    if match.offline_id is not None:
        return 0  # played offline: unrated, since no referee saw it being played
    places = final_places(MatchState.from_json(match.state))
    people = [s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id]
    guests = set(Account.objects.filter(user_id__in=people, is_guest=True)
                 .values_list("user_id", flat=True))
    return match_ratings_update(match_id=match.id, seats=[
        _rated_seat(seat, places[seat.number], guests) for seat in seats])


def _rated_seat(seat: Seat, place: int, guests: set[int]) -> dict[str, Any]:
    person = seat.kind == Seat.Kind.HUMAN and seat.user_id and seat.user_id not in guests
    strength = None
    if seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL):
        strength = list(bot_rating(seat.bot_level if seat.kind == Seat.Kind.BOT else "external"))
    return {"place": place, "user_id": seat.user_id if person else None, "strength": strength}
