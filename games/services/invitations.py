"""Answering an invitation: a seat reserved for a player, accepted or declined by them."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import NotFound
from games import events
from games.events import Change
from games.models import Match, Seat
from games.turns import NextTurn, TurnKind

from .matches import seat_take
from .table import announce, table_locked


def _reserved_seat(seats: list[Seat], match: Match, user: Any) -> Seat:
    for seat in seats:
        if seat.kind == Seat.Kind.RESERVED and seat.reserved_for_id == user.id:
            if match.status == Match.Status.WAITING:
                return seat
    raise NotFound(_("You have no invitation to this match."), code="no_invitation")


def invitation_accept(*, user: Any, match_id: int) -> Change:
    """Take the seat reserved for ``user``; the match starts when no seat is left to fill."""
    with transaction.atomic():
        match, seats = table_locked(match_id)
        _reserved_seat(seats, match, user)
        return seat_take(match, seats, user)


def invitation_decline(*, user: Any, match_id: int) -> Change:
    """Give back the seat reserved for ``user``: it becomes an open seat, the seated players
    see it, and the player who invited them is told."""
    with transaction.atomic():
        match, seats = table_locked(match_id)
        seat = _reserved_seat(seats, match, user)
        inviter_id = seat.invited_by_id
        seat.kind, seat.reserved_for, seat.invited_by = Seat.Kind.OPEN, None, None
        seat.save(update_fields=["kind", "reserved_for", "invited_by"])
        match.seq += 1
        match.save(update_fields=["seq", "updated_at"])
        events.invitation_refused(match_id=match.id, inviter_id=inviter_id, invitee_id=user.id)
        return announce(match, seats, None, NextTurn(TurnKind.WAITING))
