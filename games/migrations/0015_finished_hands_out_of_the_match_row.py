"""Finished hands move out of the match row into a row each, and the match row keeps the hand
under way as compact JSON text (``games.stored_state``), so a move rewrites less of it.

The data step is written out here, not imported, so that this migration keeps doing what it
did whatever the code becomes. Nothing is dropped: each finished hand's entry is kept as it
was, and the backward step puts every state back together."""

import json

import django.db.models.deletion
from django.db import migrations, models

STATE_VERSION = 2
# What the match row no longer carries: the rules are the match's, the finished hands their
# own rows, and what each seat holds is its deal less the cards it has played.
LEFT_OUT = ("rules", "history", "hands", "version")


def upgraded(state):
    """A version 1 state as version 2 (as ``games.engine.state.upgrade_state_v1``)."""
    if state.get("version") != 1:
        return state
    return {**state, "version": 2, "finish_votes": [], "finish_agreed": False, "play_off": 0,
            "history": [{**h, "play_off": False, "finish_votes": [], "finish_agreed": False}
                        for h in state["history"]]}


def compact(state):
    data = {name: value for name, value in state.items() if name not in LEFT_OUT}
    if data["deal"] is not None:
        data["deal"] = ["".join(cards) for cards in data["deal"]]
    data["redeals"] = [{**r, "deal": ["".join(c) for c in r["deal"]]} for r in data["redeals"]]
    data["tricks"] = [f"{t['leader']}{''.join(t['cards'])}{t['winner']}" for t in data["tricks"]]
    data["trick"] = "".join(f"{seat}{card}" for seat, card in data["trick"])
    return json.dumps(data, separators=(",", ":"))


def cards(joined):
    return [joined[i:i + 2] for i in range(0, len(joined), 2)]


def whole(stored, rules, history):
    data = json.loads(stored)
    deal = None if data["deal"] is None else [cards(c) for c in data["deal"]]
    tricks = [{"leader": int(t[0]), "cards": cards(t[1:9]), "winner": int(t[9])}
              for t in data["tricks"]]
    trick = [[int(data["trick"][i]), data["trick"][i + 1:i + 3]]
             for i in range(0, len(data["trick"]), 3)]
    played = {c for t in tricks for c in t["cards"]} | {c for _, c in trick}
    data.update(rules=rules, history=history, deal=deal, tricks=tricks, trick=trick,
                redeals=[{**r, "deal": [cards(c) for c in r["deal"]]} for r in data["redeals"]],
                version=STATE_VERSION,
                hands=[[c for c in d if c not in played] for d in deal] if deal else [[]] * 4)
    return data


def hands_out_of_the_match_row(apps, schema_editor):
    matches = apps.get_model("games", "Match")
    finished_hands = apps.get_model("games", "FinishedHand")
    for match in matches.objects.exclude(state=None).only("id", "state", "rules").iterator():
        state = upgraded(json.loads(match.state))
        finished_hands.objects.bulk_create(
            finished_hands(match_id=match.id, number=entry["hand_number"], result=entry)
            for entry in state["history"])
        # The rules in force are the state's: the match row keeps them, in the same form.
        matches.objects.filter(pk=match.id).update(state=compact(state), rules=state["rules"])


def hands_back_into_the_match_row(apps, schema_editor):
    matches = apps.get_model("games", "Match")
    finished_hands = apps.get_model("games", "FinishedHand")
    for match in matches.objects.exclude(state=None).only("id", "state", "rules").iterator():
        history = [hand.result for hand in
                   finished_hands.objects.filter(match_id=match.id).order_by("number")]
        matches.objects.filter(pk=match.id).update(
            state=json.dumps(whole(match.state, match.rules, history)))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0014_public_and_casual_matches"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="state",
            field=models.TextField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name="FinishedHand",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField()),
                ("result", models.JSONField()),
                ("match", models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="finished_hands", to="games.match")),
            ],
            options={
                "ordering": ["match", "number"],
                "constraints": [models.UniqueConstraint(fields=("match", "number"), name="finished_hand_unique_number")],
            },
        ),
        migrations.RunPython(hands_out_of_the_match_row, hands_back_into_the_match_row),
    ]
