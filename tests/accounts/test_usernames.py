"""Usernames are normalised (NFKC) and case-folded before every check, and the database holds
one folded name per account: twins and reserved look-alikes are refused with a reason."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

from accounts.models import FoldedUsername
from accounts.services.usernames import username_fold
from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def register(name: str):
    return APIClient().post("/api/auth/register/", {"username": name, "password": PASSWORD},
                            format="json")


def refusal(response) -> str:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid"
    return " ".join(body["fields"]["username"])


@pytest.mark.parametrize("twin", ["ｓｕｓｈｉｌａ", "ＳＵＳＨＩＬＡ", "SUSHILA", "Sushila"],
                         ids=["fullwidth", "fullwidth-upper", "upper", "capital"])
def test_a_twin_of_a_name_in_use_is_taken(twin):
    make_user("sushila")
    assert "taken" in refusal(register(twin))
    assert User.objects.count() == 1


def test_a_name_that_folds_like_one_in_use_is_taken():
    make_user("strasse")
    assert "taken" in refusal(register("STRAẞE"))


@pytest.mark.parametrize("look_alike",
                         ["Ａｄｍｉｎ", "ｏｐｅｎ", "ＯＰＥＮ", "ｂｏｔ_hard", "ＢＯＴ"])
def test_reserved_names_are_refused_in_any_width_or_case(look_alike):
    assert "reserved" in refusal(register(look_alike))
    assert not User.objects.exists()


def test_a_name_is_stored_in_its_normal_form():
    response = register("Ｒｕｐｅｓｈ")
    assert response.status_code == 201
    assert response.json()["username"] == "Rupesh"
    assert User.objects.get().username == "Rupesh"
    assert FoldedUsername.objects.get().folded == "rupesh"


def test_characters_are_checked_on_the_normal_form():
    # A fullwidth space is a space once normalised; spaces are not allowed in a name.
    assert refusal(register("has\u3000space"))
    # The fullwidth low line is "_", which is allowed.
    assert register("ｍｅ＿ｈｏｍｅ").status_code == 201


def test_the_length_is_checked_on_the_normal_form():
    # Two characters that NFKC spells out as eighteen each.
    assert "characters" in refusal(register("ab\ufdfa\ufdfa"))


def test_sign_in_accepts_the_name_in_any_case_or_width(owner):
    for name in ["OWNER", "ｏｗｎｅｒ"]:
        response = APIClient().post("/api/auth/token/", {"username": name, "password": PASSWORD},
                                    format="json")
        assert response.status_code == 200, response.content
        assert response.json()["username"] == "owner"


def test_the_database_refuses_a_twin_however_it_is_made():
    make_user("kiran")
    with pytest.raises(IntegrityError), transaction.atomic():
        make_user("KIRAN")
    assert list(User.objects.values_list("username", flat=True)) == ["kiran"]


def test_renaming_an_account_moves_its_folded_name():
    user = make_user("maya")
    user.username = "Maya_R"
    user.save()
    assert FoldedUsername.objects.get(user=user).folded == "maya_r"
    assert register("maya").status_code == 201


def test_the_migration_fills_a_folded_name_for_every_existing_account():
    migration = importlib.import_module("accounts.migrations.0002_folded_usernames_and_sessions")
    # Accounts from before names were folded, twins among them, and no folded names yet.
    User.objects.bulk_create([User(username=n) for n in ["anup", "ANUP", "ａｎｕｐ", "bina"]])
    FoldedUsername.objects.all().delete()

    migration.fill_folded_usernames(apps, None)

    folded = dict(FoldedUsername.objects.values_list("user__username", "folded"))
    oldest = User.objects.get(username="anup")
    assert folded["anup"] == "anup" and folded["bina"] == "bina"
    assert {folded["ANUP"], folded["ａｎｕｐ"]} == {
        f"anup#{u.pk}" for u in User.objects.filter(username__in=["ANUP", "ａｎｕｐ"])}
    assert oldest.pk < min(User.objects.exclude(username__in=["anup", "bina"])
                           .values_list("pk", flat=True))
    # Each twin still saves and signs in to its own account; no one can sign up as them again.
    for twin in User.objects.all():
        twin.set_password(PASSWORD)
        twin.save()
        assert FoldedUsername.objects.get(user=twin).folded == folded[twin.username]
        response = APIClient().post(
            "/api/auth/token/", {"username": twin.username, "password": PASSWORD}, format="json")
        assert response.json()["username"] == twin.username
    assert "taken" in refusal(register("Anup"))


def test_fold_is_nfkc_casefold():
    assert username_fold("ＳＴＲＡẞＥ") == username_fold("strasse") == "strasse"
