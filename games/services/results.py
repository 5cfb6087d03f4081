"""What a finished match hands to the ratings (``social.services.ratings``): each seat's
final place, the person it rates, and the fixed strength of a bot.

Whether a match rates anyone is ``games.rated``'s to say (not offline, no outside bot, no
guest, long enough). Built-in bots count at their level's fixed, calibrated rating
(``games.engine.bots.ratings``).
"""

from __future__ import annotations

from typing import Any

from games.engine.bots.ratings import bot_rating
from games.engine.ending import final_places
from games.models import Match, Seat
from games.queries import table_of
from games.rated import unrated_reason
from games.stored_state import state_of_match
from social.services.ratings import match_ratings_update


def match_rate(*, match_id: int) -> int:
    """Rate the people of a finished match (once): how many players were rated."""
    found = table_of(match_id)
    if found is None or found[0].status != Match.Status.FINISHED or found[0].state is None:
        return 0
    match, seats = found
    state = state_of_match(match)
    if unrated_reason(match=match, seats=seats, hands_played=len(state.history)) is not None:
        return 0
    places = final_places(state)
    return match_ratings_update(match_id=match.id, seats=[
        _rated_seat(seat, places[seat.number]) for seat in seats])


def _rated_seat(seat: Seat, place: int) -> dict[str, Any]:
    person = seat.kind == Seat.Kind.HUMAN and seat.user_id
    strength = list(bot_rating(seat.bot_level)) if seat.kind == Seat.Kind.BOT else None
    return {"place": place, "user_id": seat.user_id if person else None, "strength": strength}
