"""Routes accept every name that sign-up accepts: each form of name opens its profile and its
stats, in the app's pages and in the API. A guest's "Profile and rating" is their own, with
the offer to keep the account, never "No such player". (The flow of a match: no dead ends.)"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db

NAMES = [
    "राम",             # Devanagari with a vowel sign
    "राम_थापा",
    "श्रीमान्",          # virama inside and at the end
    "सँगीता",          # candrabindu
    "अमित१२",          # Devanagari digits
    "অমিত_দাস",       # Bengali with a vowel sign
    "শ্রাবন্তী",
    "José-Luis",
    "Ölçer_7",
    "山田太郎",
    "a.b_c-d",
    "player7",
]


def register(name: str) -> None:
    response = APIClient().post("/api/auth/register/", {"username": name, "password": PASSWORD},
                                format="json")
    assert response.status_code == 201, response.content


@pytest.mark.parametrize("name", NAMES)
def test_every_name_sign_up_accepts_opens_its_profile_and_stats(name):
    register(name)
    stored = get_user_model().objects.get().username
    viewer = client_for(make_user("viewer"))
    at = quote(stored)
    for page in (f"/stats/{at}", f"/stats/{at}/", f"/u/{at}", f"/u/{at}/"):
        assert viewer.get(page).status_code == 200, page
    stats = viewer.get(f"/api/users/{at}/stats/")
    assert stats.status_code == 200 and stats.json()["username"] == stored
    profile = viewer.get(f"/api/users/{at}/profile/")
    assert profile.status_code == 200 and profile.json()["username"] == stored
    assert profile.json()["guest"] is False


def test_a_guest_sees_their_own_profile_with_the_offer_to_keep_it():
    guest = APIClient()
    answer = guest.post("/api/auth/guest/", format="json")
    assert answer.status_code in (200, 201), answer.content
    name = guest.get("/api/auth/me/").json()["username"]
    profile = guest.get(f"/api/users/{quote(name)}/profile/")
    assert profile.status_code == 200, profile.content
    body = profile.json()
    assert body["guest"] is True and body["relation"] == "self"
    assert body["rating"]["rating"] is None
    # To anyone else a guest stays unlisted.
    assert client_for(make_user("viewer")).get(
        f"/api/users/{quote(name)}/profile/").status_code == 404
