"""The next turn is decided in one place (``games.turns.next_turn``) and what follows each kind
of turn in one table (``games.events.EFFECTS``): every case, enumerated from the change value."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings

from games.engine import Rules, apply_action, deal_cards, new_match
from games.events import EFFECTS, Change, Effect, planned
from games.models import Match, Seat
from games.turns import AUTOPILOT_ALONE_SECONDS, NextTurn, TurnKind, next_turn

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def dealt_state():
    import random

    state = new_match(Rules.preset("standard"), first_dealer=3)
    return apply_action(state, {"type": "deal", "hands": deal_cards(random.Random(7))})


def seats_with(on_turn: dict, others: str = "human") -> list[Seat]:
    """Four seats; the one on turn (seat 0 after dealer 3) is ``on_turn``, the others
    ``others`` ("human" present people, or "bot")."""
    seats = []
    for number in range(4):
        fields = on_turn if number == 0 else (
            {"kind": Seat.Kind.HUMAN, "user_id": 100 + number} if others == "human"
            else {"kind": Seat.Kind.BOT, "bot_level": "normal"})
        seats.append(Seat(number=number, **{"autopilot": False, **fields}))
    return seats


PERSON = {"kind": Seat.Kind.HUMAN, "user_id": 7}
CASES = [
    # (what sits on turn, the others, turn seconds) -> kind, seconds to the deadline
    (("bot", {"kind": Seat.Kind.BOT, "bot_level": "hard"}, "human", 30),
     TurnKind.BOT, settings.BOT_TURN_GRACE_SECONDS),
    (("outside bot", {"kind": Seat.Kind.EXTERNAL, "bot_level": "normal"}, "human", 86400),
     TurnKind.BOT, settings.BOT_TURN_GRACE_SECONDS),
    (("autopilot, another player waits", {**PERSON, "autopilot": True}, "human", 86400),
     TurnKind.AUTOPILOT, settings.BOT_TURN_GRACE_SECONDS),
    (("autopilot, nobody waits", {**PERSON, "autopilot": True}, "bot", 86400),
     TurnKind.AUTOPILOT_ALONE, AUTOPILOT_ALONE_SECONDS),
    (("autopilot alone, short turn", {**PERSON, "autopilot": True}, "bot", 15),
     TurnKind.AUTOPILOT_ALONE, 15),
    (("a person, live", PERSON, "bot", 30), TurnKind.PERSON_LIVE, 30),
    (("a person, at their own pace", PERSON, "human", 86400), TurnKind.PERSON_SLOW, 86400),
]


@pytest.mark.parametrize(("case", "kind", "seconds"), CASES, ids=[c[0][0] for c in CASES])
def test_each_seat_on_turn_gets_its_kind_of_turn_and_deadline(case, kind, seconds):
    _name, on_turn, others, turn_seconds = case
    turn = next_turn(seats=seats_with(on_turn, others), state=dealt_state(),
                     turn_seconds=turn_seconds, now=NOW)
    assert turn.kind == kind
    assert turn.seat == 0
    assert turn.deadline == NOW + timedelta(seconds=seconds)
    assert turn.user_id == on_turn.get("user_id")
    # Only a present person's long turn is warned before its deadline, at 80 % of it.
    if kind == TurnKind.PERSON_SLOW:
        assert turn.warn_at == NOW + timedelta(seconds=0.8 * turn_seconds)
    else:
        assert turn.warn_at is None


def test_no_turn_before_the_deal_and_after_the_end():
    seats = seats_with(PERSON)
    assert next_turn(seats=seats, state=None, turn_seconds=30, now=NOW).kind == TurnKind.WAITING
    finished = dealt_state()
    finished = type(finished)(**{**{n: getattr(finished, n) for n in finished.__slots__},
                                 "phase": "finished", "turn": None})
    turn = next_turn(seats=seats, state=finished, turn_seconds=30, now=NOW)
    assert turn.kind == TurnKind.FINISHED and turn.deadline is None


def change_of(turn: NextTurn, watching: set[int] = frozenset()) -> Change:
    return Change(Match(id=1, seq=5), [], None, turn, [], set(watching))


def test_every_kind_of_turn_has_its_effects_and_only_a_person_is_told():
    assert set(EFFECTS) == set(TurnKind)
    expected = {
        TurnKind.WAITING: [],
        TurnKind.FINISHED: [Effect.RATE, Effect.ANNOUNCE_END],
        TurnKind.BOT: [Effect.PLAY_NOW],
        TurnKind.AUTOPILOT: [Effect.PLAY_NOW],
        TurnKind.AUTOPILOT_ALONE: [Effect.PLAY_AT_DEADLINE],
        TurnKind.PERSON_LIVE: [Effect.PLAY_AT_DEADLINE, Effect.TELL_PLAYER],
        TurnKind.PERSON_SLOW: [Effect.TELL_PLAYER],
    }
    for kind in TurnKind:
        user = 7 if kind in (TurnKind.PERSON_LIVE, TurnKind.PERSON_SLOW,
                             TurnKind.AUTOPILOT, TurnKind.AUTOPILOT_ALONE) else None
        assert planned(change_of(NextTurn(kind, 0, user, NOW))) == expected[kind], kind


@pytest.mark.parametrize("kind", [TurnKind.PERSON_LIVE, TurnKind.PERSON_SLOW])
def test_a_person_is_not_told_twice_nor_while_watching(kind):
    told = [e for e in planned(change_of(NextTurn(kind, 0, 7, NOW)))
            if e is Effect.TELL_PLAYER]
    assert told == [Effect.TELL_PLAYER]
    assert Effect.TELL_PLAYER not in planned(change_of(NextTurn(kind, 0, 7, NOW, fresh=False)))
    assert Effect.TELL_PLAYER not in planned(change_of(NextTurn(kind, 0, 7, NOW), {7}))


def test_the_tasks_the_effects_send_are_the_workers_tasks():
    from callbreak_site.celery import app
    from games.events import ANALYSIS_TASK, BOT_TURN_TASK, RATE_TASK, TURN_TIMEOUT_TASK

    app.loader.import_default_modules()
    for name in (BOT_TURN_TASK, TURN_TIMEOUT_TASK, RATE_TASK, ANALYSIS_TASK):
        assert name in app.tasks, name
