"""Creating, joining, starting with bots and re-matching: the life of a match before its first
card."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import outbound
from core.errors import Conflict, DomainError, NotFound
from games import events
from games.engine.bots import BOT_LEVELS, LEVEL_MIN_TURN_SECONDS
from games.events import Change
from games.models import Match, Seat, TurnClock, invite_code_forms
from games.queries import table_of
from games.turns import NextTurn, TurnKind
from social.selectors import blocked_between, blocks_among

from .external import bot_destination, bot_health_check
from .rule_options import rules_from_request
from .table import announce, seat_of, start_match, table_locked

TURN_SECONDS_CHOICES = (15, 30, 60, 3600, 43200, 86400, 259200)
# The turn time when none is asked for: a live pace when nobody else is to sit at the table
# (only bots), a day per move when another person is (they play when they can).
DEFAULT_TURN_SECONDS = {"bots_only": 30, "with_people": 86400}
# A first game: the standard rules, short, at a live pace.
# A quick match from the pool: the standard rules over 5 hands.
QUICK_MATCH_RULES = {"preset": "standard", "hands": 5}
FIRST_GAME = {"rules": {"preset": "standard", "hands": 5}, "turn_seconds": 30,
              "opponents": ["bot:normal"] * 3}


def match_create(*, user: Any, rules: dict[str, Any], turn_seconds: int | None,
                 opponents: list[str], public: bool = False) -> Change:
    """Create a match with ``user`` in seat 0 and ``opponents`` in seats 1–3; it starts by
    itself when no seat is left open. Without a ``turn_seconds`` the match gets the default
    for its seats (``DEFAULT_TURN_SECONDS``). A ``public`` match is listed under the open
    tables while it waits."""
    parsed_rules = rules_from_request(rules)
    if turn_seconds is not None and turn_seconds not in TURN_SECONDS_CHOICES:
        raise DomainError(
            _("Choose a turn time of 15, 30 or 60 seconds, or 1, 12, 24 or 72 hours."),
            code="bad_turn_seconds",
        )
    if not isinstance(opponents, list) or len(opponents) != 3:
        raise DomainError(_("Name exactly three opponents for seats 1 to 3."), code="bad_opponents")
    _refuse_shared_urls(opponents)
    seat_specs = [_seat_spec(spec, user) for spec in opponents]
    if turn_seconds is None:
        people = any(s["kind"] in (Seat.Kind.OPEN, Seat.Kind.RESERVED) for s in seat_specs)
        turn_seconds = DEFAULT_TURN_SECONDS["with_people" if people else "bots_only"]
    for spec in seat_specs:
        _check_level_time(spec.get("bot_level", ""), turn_seconds)
    reserved = [s["reserved_for"].id for s in seat_specs if s.get("reserved_for")]
    if len(reserved) != len(set(reserved)):
        raise DomainError(_("Each player can be invited to only one seat."), code="bad_opponents")
    _refuse_invited_twice(user, reserved)
    with transaction.atomic():
        match = Match.objects.create(
            created_by=user, rules=parsed_rules.to_dict(), hands_to_play=parsed_rules.hands,
            turn_seconds=turn_seconds, public=public,
        )
        seats = [Seat(match=match, number=0, kind=Seat.Kind.HUMAN, user=user)]
        seats += [Seat(match=match, number=i + 1, **spec) for i, spec in enumerate(seat_specs)]
        Seat.objects.bulk_create(seats)
        events.invitations_made(match_id=match.id, user_ids=reserved)
        return _start_if_full(match, seats)


def match_pair(*, user_ids: list[int], turn_seconds: int, rated: bool,
               bot_level: str = "normal") -> Change:
    """Seat the players ``user_ids`` (one to four, paired by the pool) at a new match of the
    standard rules over 5 hands, bots of ``bot_level`` in the seats left, and start it. The
    caller's transaction holds what paired them, so the match and the pairing commit together."""
    rules = rules_from_request(QUICK_MATCH_RULES)
    users = get_user_model().objects.in_bulk(user_ids)
    with transaction.atomic():
        match = Match.objects.create(
            created_by=users[user_ids[0]], rules=rules.to_dict(), hands_to_play=rules.hands,
            turn_seconds=turn_seconds, rated=rated,
        )
        seats = [Seat(match=match, number=n, kind=Seat.Kind.HUMAN, user=users[u])
                 for n, u in enumerate(user_ids)]
        seats += [Seat(match=match, number=n, kind=Seat.Kind.BOT, bot_level=bot_level)
                  for n in range(len(seats), 4)]
        Seat.objects.bulk_create(seats)
        return _start_if_full(match, seats)


def match_join(*, user: Any, invite_code: str) -> Change:
    """Take the seat reserved for ``user``, else the first open seat. Joining twice is a no-op."""
    with transaction.atomic():
        match_id = (Match.objects.filter(invite_code__in=invite_code_forms(invite_code))
                    .values_list("id", flat=True).first())
        if match_id is None:
            raise NotFound(_("No match has that invite code."), code="bad_invite_code")
        match, seats = table_of(match_id, lock=True)
        return seat_take(match, seats, user)


# The level of the bots that take a waiting table's empty seats when its players start now.
FILL_LEVEL = "normal"


def _waiting_table(match_id: int, user: Any) -> tuple[Match, list[Seat], Seat]:
    """The waiting match ``user`` sits at, locked, with its seats and ``user``'s own."""
    match, seats = table_locked(match_id)
    seat = seat_of(seats, user)
    if match.status != Match.Status.WAITING:
        raise Conflict(_("This match has started already."), code="match_started")
    return match, seats, seat


def _others_seated(seats: list[Seat], user: Any) -> bool:
    """Whether another player has taken a seat at the table."""
    return any(s.kind == Seat.Kind.HUMAN and s.user_id != user.id for s in seats)


def match_fill_with_bots(*, user: Any, match_id: int) -> Change:
    """Start ``user``'s waiting match now: bots take every seat still open or reserved (an
    invitation not yet accepted is withdrawn). Only a player seated at it may."""
    with transaction.atomic():
        match, seats, _seat = _waiting_table(match_id, user)
        for seat in seats:
            if seat.kind in (Seat.Kind.OPEN, Seat.Kind.RESERVED):
                seat.kind, seat.reserved_for, seat.bot_level = Seat.Kind.BOT, None, FILL_LEVEL
                seat.invited_by = None
                seat.save(update_fields=["kind", "reserved_for", "invited_by", "bot_level"])
        match.seq += 1
        return _start_if_full(match, seats)


def match_cancel(*, user: Any, match_id: int) -> None:
    """Call off ``user``'s waiting match while nobody else has taken a seat: it is removed
    with its seats, so its invitations and its listing go with it (no move was ever made).
    Once another player has joined, the table is theirs too: it can start with bots, wait, or
    be left (``match_leave``)."""
    with transaction.atomic():
        match, seats, _seat = _waiting_table(match_id, user)
        if _others_seated(seats, user):
            raise Conflict(_("Other players have joined this match: start it now with bots, "
                             "wait for the rest, or leave the table."),
                           code="match_has_players")
        match.delete()


def match_leave(*, user: Any, match_id: int) -> Change:
    """Give up ``user``'s seat at a waiting match another player has joined: the seat is open
    again to anyone with the invite code, and the others wait on or start now with bots. A
    player alone at the table calls it off instead (``match_cancel``)."""
    with transaction.atomic():
        match, seats, seat = _waiting_table(match_id, user)
        if not _others_seated(seats, user):
            raise Conflict(_("Nobody else has joined this match: call it off instead."),
                           code="match_alone")
        seat.kind, seat.user = Seat.Kind.OPEN, None
        seat.save(update_fields=["kind", "user"])
        match.seq += 1
        match.save()
        return announce(match, seats, None, NextTurn(TurnKind.WAITING))


def match_invite(*, user: Any, match_id: int, username: str) -> Change:
    """Keep an open seat of ``user``'s waiting match for the player called ``username``,
    who is told as any invitee is; the seated players see the seat taken for them."""
    with transaction.atomic():
        match, seats, _seat = _waiting_table(match_id, user)
        # The player naming themselves sits here already (``_seat_spec`` answers for a table
        # being created).
        mine = username.casefold() == user.get_username().casefold()
        other = user if mine else _seat_spec(f"user:{username}", user)["reserved_for"]
        if any(other.id in (s.user_id, s.reserved_for_id) for s in seats):
            raise Conflict(_("%(name)s is at this table or invited to it already.")
                           % {"name": other.username}, code="already_at_table")
        if _blocked_at(match, seats, other):
            # The answer of a block between the two: who at the table has one is not said.
            raise DomainError(_("You cannot invite %(name)s to a match.")
                              % {"name": other.username}, code="blocked")
        free = next((s for s in seats if s.kind == Seat.Kind.OPEN), None)
        if free is None:
            raise Conflict(_("No seat is left open at this table."), code="no_open_seat")
        free.kind, free.reserved_for, free.invited_by = Seat.Kind.RESERVED, other, user
        free.save(update_fields=["kind", "reserved_for", "invited_by"])
        match.seq += 1
        match.save()
        events.invitations_made(match_id=match.id, user_ids=[other.id])
        return announce(match, seats, None, NextTurn(TurnKind.WAITING))


def match_rematch(*, user: Any, match_id: int) -> tuple[Change, bool]:
    """Offer the players of a finished match another one with the same rules and seats, and
    whether the offer is new.

    Nobody is seated without their consent: the asker takes their seat, bots and external bots
    take theirs at once, and every other player's seat is reserved for them until they accept
    by asking for the rematch too (or by joining with its invite code). It starts when all have.
    A player with a block between them and the asker is not invited: their seat is open.
    """
    with transaction.atomic():
        # The lock makes two players asking at once agree on one offer.
        match = Match.objects.select_for_update(no_key=True, of=("self",)).filter(
            pk=match_id, seats__user=user, seats__kind=Seat.Kind.HUMAN).first()
        if match is None:
            raise NotFound(_("No such match."))
        if match.status != Match.Status.FINISHED:
            raise Conflict(_("A rematch can start once this match has finished."),
                           code="not_finished")
        offered = match.rematches.order_by("id").first()
        if offered is not None:
            offered, seats = table_of(offered.pk, lock=True)
            return seat_take(offered, seats, user), False
        new = Match.objects.create(
            created_by=user, rules=match.rules, hands_to_play=match.hands_to_play,
            turn_seconds=match.turn_seconds, rematch_of=match,
        )
        old_seats = table_of(match.id)[1]
        blocked = blocks_among(user_ids=[s.user_id for s in old_seats if s.user_id])
        copies = [_rematch_seat(new, s, user, blocked) for s in old_seats]
        Seat.objects.bulk_create(copies)
        events.invitations_made(match_id=new.id, user_ids=[
            s.reserved_for.id for s in copies if s.kind == Seat.Kind.RESERVED])
        return _start_if_full(new, copies), True


def _rematch_seat(new: Match, old: Seat, asker: Any, blocked: set[tuple[int, int]]) -> Seat:
    if old.kind == Seat.Kind.HUMAN and old.user_id is None:
        return Seat(match=new, number=old.number, kind=Seat.Kind.OPEN)  # their account is gone
    if old.kind == Seat.Kind.HUMAN and old.user_id != asker.id:
        if {(asker.id, old.user_id), (old.user_id, asker.id)} & blocked:
            # No invitation between a blocked pair: the seat is open to anyone with the code.
            return Seat(match=new, number=old.number, kind=Seat.Kind.OPEN)
        return Seat(match=new, number=old.number, kind=Seat.Kind.RESERVED, reserved_for=old.user,
                    invited_by=asker)
    # A bot keeps its name: a rematch is against the same opponents.
    return Seat(match=new, number=old.number, kind=old.kind, user=old.user,
                bot_level=old.bot_level, external_url=old.external_url,
                fixed_name=old.display_name if old.kind == Seat.Kind.BOT else "")


def _blocked_at(match: Match, seats: list[Seat], user: Any) -> bool:
    """Whether ``user`` and anyone at ``match`` (seated, invited or its creator) have a block
    between them, whichever of the two blocked."""
    others = {match.created_by_id, *(s.user_id for s in seats), *(s.reserved_for_id for s in seats)}
    others -= {None, user.id}
    if not others:
        return False
    blocked = blocks_among(user_ids=[user.id, *others])
    return any(user.id in pair for pair in blocked)


def seat_take(match: Match, seats: list[Seat], user: Any) -> Change:
    """Seat ``user`` in the locked ``match``: in the seat reserved for them, else the first
    open one; a player already seated keeps their seat."""
    if any(s.user_id == user.id and s.kind == Seat.Kind.HUMAN for s in seats):
        return Change(match, seats, None, NextTurn(TurnKind.WAITING))
    free = [s for s in seats if s.kind == Seat.Kind.RESERVED and s.reserved_for_id == user.id]
    free += [s for s in seats if s.kind == Seat.Kind.OPEN]
    if match.status != Match.Status.WAITING or not free or _blocked_at(match, seats, user):
        # A block between the newcomer and anyone at the table gets the answer of a full
        # table: neither side learns of it.
        raise Conflict(_("This match has no seat left for you."), code="match_full")
    seat = free[0]
    seat.kind, seat.user, seat.reserved_for = Seat.Kind.HUMAN, user, None
    seat.save(update_fields=["kind", "user", "reserved_for"])
    match.seq += 1
    return _start_if_full(match, seats)


def _start_if_full(match: Match, seats: list[Seat]) -> Change:
    state, turn = None, NextTurn(TurnKind.WAITING)
    if all(s.kind not in (Seat.Kind.OPEN, Seat.Kind.RESERVED) for s in seats):
        state, turn = start_match(match, seats)
    match.save()
    if state is not None:
        TurnClock.write(match)
    return announce(match, seats, state, turn)


def _well_formed(url: str) -> bool:
    """A URL of visible ASCII whose host and port parse (anything else cannot be asked)."""
    if not all("!" <= c <= "~" for c in url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number 0-65535
    except ValueError:
        return False
    return bool(parts.hostname)


def _check_level_time(level: str, turn_seconds: int) -> None:
    """A bot level that thinks for long sits only at a table whose turn time leaves it room."""
    needed = LEVEL_MIN_TURN_SECONDS.get(level)
    if needed is not None and turn_seconds < needed:
        hours = max(1, needed // 3600)
        raise DomainError(
            ngettext("The %(level)s bot thinks for a while at every turn: choose a turn "
                     "time of at least %(hours)d hour to play it.",
                     "The %(level)s bot thinks for a while at every turn: choose a turn "
                     "time of at least %(hours)d hours to play it.", hours)
            % {"level": level, "hours": hours},
            code="level_needs_longer_turns",
        )


def _refuse_invited_twice(user: Any, invitee_ids: list[int]) -> None:
    """Refuse a new table for a player ``user`` has invited to one still waiting for them:
    two identical invitations would leave the invitee guessing which to answer. The answer
    names that table (``match``), where the inviter can wait, start or call it off."""
    pending = (Seat.objects.filter(kind=Seat.Kind.RESERVED, reserved_for_id__in=invitee_ids,
                                   match__created_by=user, match__status=Match.Status.WAITING)
               .select_related("reserved_for").order_by("-match_id").first())
    if pending is not None:
        raise Conflict(_("You have already invited %(name)s to a table that is still waiting "
                         "for them.") % {"name": pending.reserved_for.username},
                       code="already_invited", extra={"match": pending.match_id})


def _seat_spec(spec: Any, creator: Any) -> dict[str, Any]:
    if not isinstance(spec, str):
        raise DomainError(_("Each opponent is a string such as \"bot:normal\"."),
                           code="bad_opponents")
    if spec == "open":
        return {"kind": Seat.Kind.OPEN}
    if spec.startswith("bot:"):
        level = spec[4:]
        if level not in BOT_LEVELS:
            raise DomainError(_("Bots come in levels %(levels)s.")
                              % {"levels": ", ".join(BOT_LEVELS)}, code="bad_opponents")
        return {"kind": Seat.Kind.BOT, "bot_level": level}
    if spec.startswith("user:"):
        other = (get_user_model().objects.filter(username__iexact=spec[5:])
                 .select_related("account").first())
        if other is None or other.account.is_guest:
            # A guest's name is the site's, not theirs: it is answered as no one's, in words
            # that say what a guest must do first.
            raise DomainError(_("No player with an account is called %(name)s. A guest can be "
                                "invited by name once they keep their account.")
                              % {"name": spec[5:]},
                              code="unknown_user")
        if other.id == creator.id:
            raise DomainError(_("You take a seat at your own table: invite someone else."),
                              code="bad_opponents")
        if blocked_between(user_id=creator.id, other_id=other.id):
            # The same answer whichever of the two blocked: a block is not announced.
            raise DomainError(_("You cannot invite %(name)s to a match.")
                              % {"name": other.username}, code="blocked")
        return {"kind": Seat.Kind.RESERVED, "reserved_for": other, "invited_by": creator}
    if spec.startswith(("http://", "https://")):
        return {"kind": Seat.Kind.EXTERNAL, "external_url": _external_url(spec),
                "bot_level": "normal"}
    raise DomainError(
        _("Opponents are \"bot:<level>\", \"open\", \"user:<name>\" or a bot's URL."),
        code="bad_opponents",
    )


def _refuse_shared_urls(opponents: list[Any]) -> None:
    """One URL may sit in one seat: a bot that keeps its game in the process would mix two
    seats' games up (checked before any bot is asked anything)."""
    urls = [_same_url_key(spec) for spec in opponents
            if isinstance(spec, str) and spec.startswith(("http://", "https://"))]
    if len(urls) != len(set(urls)):
        raise DomainError(
            _("Each external bot needs a URL of its own: one bot process plays one seat."),
            code="external_url_shared",
        )


def _same_url_key(url: str) -> str:
    """The URL with its scheme and host in lower case and no trailing slash."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def _external_url(url: str) -> str:
    if not _well_formed(url):
        raise DomainError(
            _("A bot's URL is written like http://host:port/path, in plain ASCII with no spaces."),
            code="bad_external_url",
        )
    if len(url) > 300:
        raise DomainError(_("A bot's URL may be at most 300 characters long."),
                           code="bad_external_url")
    try:
        destination = bot_destination(url)
    except outbound.Refused as refused:
        raise _refusal(refused)
    if not bot_health_check(destination=destination):
        raise DomainError(_("The bot did not answer GET /hi."), code="external_bot_unreachable")
    return url.rstrip("/")


def _refusal(refused: outbound.Refused) -> DomainError:
    if refused.reason == "external_bots_off":
        return DomainError(_("External bots are switched off on this server."),
                            code="external_bots_off")
    if refused.reason == "host_not_allowed":
        return DomainError(_("External bots may only be reached on these hosts: %(hosts)s.")
                           % {"hosts": ", ".join(settings.EXTERNAL_BOT_HOSTS)},
                            code="external_host_not_allowed")
    if refused.reason == "address_not_allowed":
        return DomainError(refused.detail, code="external_host_not_allowed")
    if refused.reason == "unresolvable":
        return DomainError(refused.detail, code="external_bot_unreachable")
    return DomainError(refused.detail, code="bad_external_url")
