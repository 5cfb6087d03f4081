"""GET /api/rules/: the new-match form's whole catalogue comes from the engine, so it offers
exactly the rules the engine knows, with their real defaults and limits."""

from __future__ import annotations

from dataclasses import fields

import pytest

from games.engine import Rules
from games.engine.bots import BOT_LEVELS
from games.engine.rules import FOLLOW_MODES, PRESETS, SCORING_MODES
from games.services.matches import TURN_SECONDS_CHOICES
from tests.api.helpers import create

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue(api):
    response = api.get("/api/rules/")  # anyone may read it, signed in or not
    assert response.status_code == 200
    return response.json()


def test_every_rule_of_the_engine_is_offered_exactly_once(catalogue):
    offered = ([c["name"] for c in catalogue["choices"]]
               + [t["name"] for t in catalogue["toggles"]] + ["hands", "min_call", "max_call"])
    assert sorted(offered) == sorted(f.name for f in fields(Rules))


def test_presets_choices_and_defaults_are_the_engines_own(catalogue):
    assert {p["name"]: p["rules"] for p in catalogue["presets"]} == {
        name: Rules.preset(name).to_dict() for name in PRESETS}
    choices = {c["name"]: c for c in catalogue["choices"]}
    assert [o["value"] for o in choices["follow"]["options"]] == list(FOLLOW_MODES)
    assert [o["value"] for o in choices["scoring"]["options"]] == list(SCORING_MODES)
    defaults = Rules()
    for entry in catalogue["choices"] + catalogue["toggles"]:
        assert entry["default"] == getattr(defaults, entry["name"])
        assert entry["label"]
    for entry in catalogue["toggles"] + catalogue["presets"]:
        assert entry["description"].endswith(".")
    assert catalogue["limits"]["hands"]["default"] == defaults.hands
    assert [t["seconds"] for t in catalogue["turn_seconds"]] == list(TURN_SECONDS_CHOICES)
    assert catalogue["bot_levels"] == list(BOT_LEVELS)


def test_every_preset_and_toggle_of_the_catalogue_starts_a_match(catalogue, owner_api):
    for preset in catalogue["presets"]:
        rules = dict(preset["rules"])
        for toggle in catalogue["toggles"]:
            if toggle["name"] != "redeal_weak_hand":
                rules[toggle["name"]] = True
        created = create(owner_api, ["bot:easy"] * 3, rules=rules, turn_seconds=3600)
        assert created["rules"]["follow"] == preset["rules"]["follow"]
        assert created["rules"]["eight_wins"] is True
