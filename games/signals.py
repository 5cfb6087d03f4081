"""What a service announces inside its transaction, for ``games.events`` to act on after the
commit. Services sit below the side effects they cause, so they announce rather than call."""

from django.dispatch import Signal

# A match changed: ``match``, ``seats`` and ``states``, the engine state after each step of the
# change, oldest first (``[None]`` while the match waits for players).
match_changed = Signal()
# The player on a long turn is to be warned that its deadline is near: ``match_id``, ``seq``.
turn_warning_due = Signal()
# A player asked for the review of a seat: ``match_id``, ``seat``.
analysis_requested = Signal()
