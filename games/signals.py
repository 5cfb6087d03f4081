"""What the games app announces to the apps above it (``social``, ``notifications``), which
games knows nothing of: they connect their receivers at start-up. Each is sent after the
change it tells of has committed, so a receiver may queue work straight away.
"""

from __future__ import annotations

from django.dispatch import Signal

# A present person's turn began and they do not have the match open: ``match_id``, ``seq``
# (the turn it is), ``user_id``.
person_to_play = Signal()
# The person on a long turn is to be warned that its deadline is near: ``match_id``, ``seq``.
turn_warning_due = Signal()
# A match ended: ``match_id``.
match_finished = Signal()
# Players were invited to a match (a seat reserved for each): ``match_id``, ``user_ids``.
invitations_sent = Signal()
# An invitee declined: their seat is open now. ``match_id``, ``inviter_id``, ``invitee_id``.
invitation_declined = Signal()
