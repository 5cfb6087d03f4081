"""What matchmaking announces to the apps above it (the notifications app tells the player),
each sent after the change it tells of has committed."""

from __future__ import annotations

from django.dispatch import Signal

# Seeks became a match: ``match_id``, ``user_ids`` (the people seated from the pool).
seeks_matched = Signal()
# A slow-pace seek has waited long: ask its player whether bots should fill the table.
# ``seek_id``, ``user_id``.
seek_waiting_long = Signal()
