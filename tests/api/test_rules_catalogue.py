"""GET /api/rules/: the new-match form's whole catalogue comes from the engine, so it offers
exactly the rules the engine knows, with their real defaults and limits, in plain words in
the request's language."""

from __future__ import annotations

from dataclasses import fields

import pytest

from games.engine import Rules
from games.engine.bots import BOT_LEVELS, LEVEL_MIN_TURN_SECONDS
from games.engine.rules import FOLLOW_MODES, PRESETS, SCORING_MODES, TIE_BREAKS
from games.models import Match
from games.services.matches import TURN_SECONDS_CHOICES
from tests.api.helpers import create

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue(api):
    # Anyone may read it, signed in or not.
    response = api.get("/api/rules/", HTTP_ACCEPT_LANGUAGE="en")
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
    assert [o["value"] for o in choices["tie_break"]["options"]] == list(TIE_BREAKS)
    defaults = Rules()
    for entry in catalogue["choices"] + catalogue["toggles"]:
        assert entry["default"] == getattr(defaults, entry["name"])
    assert catalogue["limits"]["hands"] == {"min": 1, "max": 20, "default": defaults.hands,
                                            "open_ended": True, "open_ended_max": 50}
    assert catalogue["open_ended"]["max_hands"] == 50
    assert [t["seconds"] for t in catalogue["turn_seconds"]] == list(TURN_SECONDS_CHOICES)
    assert catalogue["default_turn_seconds"] == {"bots_only": 30, "with_people": 86400}
    assert [b["name"] for b in catalogue["bot_levels"]] == list(BOT_LEVELS)
    for level in catalogue["bot_levels"]:
        assert level["min_turn_seconds"] == LEVEL_MIN_TURN_SECONDS.get(level["name"])


def test_presets_are_named_by_what_they_are_and_described_in_a_line(catalogue):
    presets = {p["name"]: (p["label"], p["description"]) for p in catalogue["presets"]}
    assert presets["standard"][0] == "Standard (Nepal)"
    assert presets["pagat"][0] == "Free follow"
    assert presets["casual"][0] == "Casual"
    assert "must beat" in presets["standard"][1].lower()
    assert "follow suit" in presets["casual"][1].lower()


def test_every_option_has_a_label_and_one_sentence_with_an_example_in_english(catalogue):
    described = (catalogue["presets"] + catalogue["toggles"] + [catalogue["open_ended"]]
                 + [o for c in catalogue["choices"] for o in c["options"]])
    for entry in described:
        assert entry["label"] and entry["description"].endswith(".")
    toggles = {t["name"]: t["description"] for t in catalogue["toggles"]}
    assert toggles["min_total_10"].startswith(
        "If the four calls add up to 9 or less, the cards are thrown in and dealt again")
    for entry in catalogue["choices"] + catalogue["bot_levels"]:
        assert entry["label"]
    labels = " ".join(e["label"] for e in described).lower()
    for jargon in ("pagat", "exact (", "throw in when"):
        assert jargon not in labels


def test_turn_times_and_bot_levels_come_with_their_words(catalogue):
    labels = {t["seconds"]: t["label"] for t in catalogue["turn_seconds"]}
    assert labels[15] == "15 seconds" and labels[3600] == "1 hour"
    assert labels[86400] == "1 day" and labels[259200] == "3 days"
    levels = {b["name"]: b for b in catalogue["bot_levels"]}
    assert levels["easy"]["label"] == "Easy" and levels["easy"]["description"].endswith(".")


def test_an_unknown_language_gets_the_english_words(api, catalogue):
    other = api.get("/api/rules/", HTTP_ACCEPT_LANGUAGE="xx-YY").json()
    assert other == catalogue


def test_every_preset_and_toggle_of_the_catalogue_starts_a_match(catalogue, owner_api):
    for preset in catalogue["presets"]:
        rules = dict(preset["rules"])
        for toggle in catalogue["toggles"]:
            if toggle["name"] != "redeal_weak_hand":
                rules[toggle["name"]] = True
        created = create(owner_api, ["bot:easy"] * 3, rules=rules, turn_seconds=3600)
        assert created["rules"]["follow"] == preset["rules"]["follow"]
        assert created["rules"]["eight_wins"] is True


def test_a_level_that_needs_more_time_is_refused_at_a_shorter_turn_time(owner_api,
                                                                        monkeypatch):
    monkeypatch.setitem(LEVEL_MIN_TURN_SECONDS, "hard", 3600)
    response = owner_api.post("/api/matches/", {"opponents": ["bot:hard", "bot:easy", "open"],
                                                "turn_seconds": 60}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "level_needs_longer_turns"
    assert "1 hour" in response.json()["detail"]
    assert Match.objects.count() == 0
    created = create(owner_api, ["bot:hard", "bot:easy", "open"], turn_seconds=3600)
    assert created["turn_seconds"] == 3600
