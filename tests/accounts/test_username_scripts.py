"""Usernames of any script: letters, digits and their combining marks (a Devanagari or Bengali
name needs its vowel signs and virama), plus . _ -, in one script, never passing for a bot."""

from __future__ import annotations

import unicodedata

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.services.usernames import name_skeleton, username_fold
from games.bot_names import BOT_NAMES
from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def register(name: str):
    return APIClient().post("/api/auth/register/", {"username": name, "password": PASSWORD},
                            format="json")


def refusal(response) -> tuple[str, str]:
    assert response.status_code == 400, response.content
    body = response.json()
    return body["code"], " ".join(body["fields"]["username"])


@pytest.mark.parametrize("name", [
    "राम_थापा",        # Devanagari with a vowel sign
    "श्रीमान्",          # virama inside and at the end
    "सँगीता",          # candrabindu
    "अमित१२",          # Devanagari letters with Devanagari digits
    "অমিত_দাস",       # Bengali with a vowel sign
    "শ্রাবন্তী",         # Bengali conjuncts (virama)
    "José-Luis",      # Latin with an accent
    "Ölçer_7",
    "山田太郎",
    "やまだ_タロウ",    # Japanese scripts go together
])
def test_names_of_any_script_with_their_marks_are_welcome(name):
    response = register(name)
    assert response.status_code == 201, response.content
    assert User.objects.get().username == unicodedata.normalize("NFKC", name)


def test_a_devanagari_name_signs_in_as_typed():
    assert register("राम_थापा").status_code == 201
    response = APIClient().post("/api/auth/token/",
                                {"username": "राम_थापा", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    assert response.json()["username"] == "राम_थापा"


def test_a_decomposed_twin_of_a_name_in_use_is_taken():
    make_user(unicodedata.normalize("NFKC", "José"))
    # "e" followed by a combining acute: NFKC composes it into the stored name.
    code, message = refusal(register("Jose\u0301"))
    assert "taken" in message
    assert User.objects.count() == 1


@pytest.mark.parametrize("twin", ["ＲＡＭ_ＴＨＡＰＡ", "Ram_Thapa", "ram_thapa"])
def test_case_and_width_twins_are_taken(twin):
    make_user("ram_thapa")
    assert "taken" in refusal(register(twin))[1]


def test_a_bengali_twin_in_another_normal_form_is_taken():
    # Bengali "ো" is one code point or "ে" + "া"; both fold to the same name.
    composed, decomposed = "মোনা", "ম\u09c7\u09beনা"
    assert composed != decomposed and username_fold(composed) == username_fold(decomposed)
    make_user(unicodedata.normalize("NFKC", composed))
    assert "taken" in refusal(register(decomposed))[1]


@pytest.mark.parametrize("name", ["has space", "me@home", "a+b", "emoji😀", "दि।ल्ली",
                                  "zero\u200bwidth", "tab\tname", "\u0301start"])
def test_other_characters_are_refused(name):
    assert "letters, digits" in refusal(register(name))[1]
    assert not User.objects.exists()


@pytest.mark.parametrize("trick", [
    "pаypal",     # a Cyrillic "а" among Latin letters
    "rаm_थापा",   # Latin and Devanagari in one name
    "অমিতराम",    # Bengali and Devanagari
    "ram৪",       # a Bengali digit among Latin letters
])
def test_letters_of_two_scripts_are_refused(trick):
    code, message = refusal(register(trick))
    assert "one script" in message
    assert not User.objects.exists()


@pytest.mark.parametrize("look_alike", ["Asha", "ASHA", "a.sha", "Аѕһа", "Ｋｉｒａｎ", "K1ran",
                                        "Guest-12345", "guest", "Deleted_Player"])
def test_a_name_that_passes_for_a_bot_or_a_guest_is_reserved(look_alike):
    assert "reserved" in refusal(register(look_alike))[1]
    assert not User.objects.exists()


def test_every_bot_name_is_reserved():
    skeletons = {name_skeleton(n) for n in BOT_NAMES}
    assert len(skeletons) == len(BOT_NAMES)
    for name in BOT_NAMES:
        code, message = refusal(register(name.lower()))
        assert "reserved" in message and "bots" in message


def test_a_bot_name_refused_comes_with_a_free_one_to_take_instead():
    name = BOT_NAMES[0].lower()
    make_user(f"{name}7")  # the first suggestion is taken, so another is offered
    code, message = refusal(register(name))
    offered = message.rsplit("as in ", 1)[1].rstrip(".")
    assert offered.startswith(name) and offered != f"{name}7", message
    taken = register(offered)
    assert taken.status_code == 201, taken.content
