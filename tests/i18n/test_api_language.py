"""The API answers in the player's language: the account's choice (kept in the language
cookie too), else ``Accept-Language``, else English. Codes and field names never change."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation
from rest_framework.test import APIClient

from accounts.models import Account
from games.engine.bots import BOT_LEVELS
from games.engine.errors import EngineError
from games.engine.play import check_play
from games.engine.rules import Rules
from games.refusals import refusal_sentence
from tests.api.helpers import create, view
from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NO_SUCH_MATCH = {"en": "No such match.", "ne": "यस्तो खेल छैन।", "hi": "ऐसा कोई मैच नहीं है।",
                 "bn": "এমন কোনো ম্যাচ নেই।"}


@pytest.mark.parametrize("lang", sorted(NO_SUCH_MATCH))
def test_an_error_detail_follows_accept_language_and_its_code_stays(owner_api, lang):
    answer = owner_api.get("/api/matches/999999/", HTTP_ACCEPT_LANGUAGE=lang)
    assert answer.status_code == 404
    assert answer.json() == {"code": "not_found", "detail": NO_SUCH_MATCH[lang]}
    assert answer["Content-Language"] == lang


@pytest.mark.parametrize("header", ["xx", "tlh-KL, zz;q=0.5", ""])
def test_an_unknown_language_falls_back_to_english(owner_api, header):
    answer = owner_api.get("/api/matches/999999/", HTTP_ACCEPT_LANGUAGE=header)
    assert answer.json()["detail"] == "No such match."


def test_a_refusal_of_the_service_is_translated_with_its_code(owner_api):
    answer = owner_api.post("/api/matches/", {
        "rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
        "opponents": ["bot:easy", "bot:easy", "bot:wizard"]}, format="json",
        HTTP_ACCEPT_LANGUAGE="hi")
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "bad_opponents"
    assert body["detail"].startswith("बॉट के स्तर: ")
    assert body["detail"].endswith(", ".join(BOT_LEVELS) + "।")


def test_a_field_error_is_translated_under_its_english_field_name(owner_api):
    match = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    answer = owner_api.post(f"/api/matches/{match['id']}/play/", {"card": "11H", "seq": 0},
                            format="json", HTTP_ACCEPT_LANGUAGE="bn")
    body = answer.json()
    assert answer.status_code == 400 and body["code"] == "invalid"
    assert body["fields"]["card"] == ["তাস লেখা হয় আগে মান, পরে রঙ, যেমন KH।"]


def test_the_referees_refusal_is_worded_in_nepali_from_the_engines_code(owner_api):
    match = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    current = view(owner_api, match["id"])
    card = next(c for c in ("AS", "KS", "QS", "AH", "KH", "2C", "3D") if c not in current["hand"])
    answer = owner_api.post(f"/api/matches/{match['id']}/play/",
                            {"card": card, "seq": current["seq"]}, format="json",
                            HTTP_ACCEPT_LANGUAGE="ne")
    body = answer.json()
    # Whatever the table is doing, the refusal comes in Nepali with the engine's stable code.
    assert body["code"] in {"not_in_hand", "wrong_phase", "not_your_turn", "stale"}, body
    assert any("\u0900" <= ch <= "\u097f" for ch in body["detail"]), body


def test_must_follow_and_must_beat_name_the_cards_in_the_players_language():
    rules = Rules.from_dict({"preset": "standard"})
    with pytest.raises(EngineError) as follow:
        check_play(["9H", "KH", "2C"], ["QH"], "2C", rules)
    with pytest.raises(EngineError) as beat:
        check_play(["9H", "KH", "2C"], ["QH"], "9H", rules)
    with translation.override("ne"):
        assert (refusal_sentence(follow.value.code, follow.value.params, follow.value.detail)
                == "पान चालिएको छ र तपाईंसँग पनि छ: सोही रङ खेल्नुपर्छ।")
        assert (refusal_sentence(beat.value.code, beat.value.params, beat.value.detail)
                == "तपाईंसँग K♥ छ, जसले Q♥ लाई काट्छ: त्यही खेल्नुपर्छ।")
    with translation.override("en"):
        assert (refusal_sentence(beat.value.code, beat.value.params, beat.value.detail)
                == "You hold K♥, which beats the Q♥ — you must play it.")


def test_the_accounts_language_is_stored_echoed_and_set_in_the_cookie(owner, owner_api):
    assert owner_api.get("/api/auth/me/").json()["language"] == ""
    answer = owner_api.patch("/api/auth/me/", {"language": "bn", "latin_digits": True},
                             format="json")
    assert answer.status_code == 200
    assert answer.json()["language"] == "bn" and answer.json()["latin_digits"] is True
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "bn"
    assert Account.objects.get(user=owner).language == "bn"
    assert owner_api.get("/api/auth/me/").json()["language"] == "bn"
    back = owner_api.patch("/api/auth/me/", {"language": ""}, format="json")
    assert back.json()["language"] == ""
    assert back.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""  # deleted: follow the browser


def test_an_unknown_language_code_is_refused_and_changes_nothing(owner, owner_api):
    Account.objects.filter(user=owner).update(language="hi")
    answer = owner_api.patch("/api/auth/me/", {"language": "xx"}, format="json",
                             HTTP_ACCEPT_LANGUAGE="ne")
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "invalid" and "language" in body["fields"]
    assert Account.objects.get(user=owner).language == "hi"
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


def test_signing_in_sets_the_cookie_to_the_accounts_language():
    user = make_user("sita")
    Account.objects.filter(user=user).update(language="ne")
    browser = APIClient(enforce_csrf_checks=False)
    answer = browser.post("/api/auth/login/", {"username": "sita", "password": PASSWORD},
                          format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200, answer.content
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ne"
    # From then on the browser is answered in Nepali, whatever its header says.
    answer = browser.get("/api/matches/999999/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.json()["detail"] == NO_SUCH_MATCH["ne"]


def test_the_frameworks_own_field_messages_are_translated_too():
    browser = APIClient()
    answer = browser.post("/api/auth/register/", {"password": PASSWORD}, format="json",
                          HTTP_ACCEPT_LANGUAGE="bn")
    assert answer.status_code == 400
    assert answer.json()["fields"]["username"] == ["এটি পূরণ করতেই হবে।"]
