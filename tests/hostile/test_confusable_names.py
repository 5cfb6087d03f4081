"""Names that pass for bots and for nobody (finding): invisible characters, look-alike letters
from Unicode's confusables, bot names with a suffix, names with no letter and 30 cuneiform
signs were accepted; and a guest's name answered otherwise than an unknown one."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.services.guests import guest_create
from tests.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db
CUNEIFORM = "".join(chr(0x12000 + n) for n in range(30))


def register(name: str):
    return APIClient().post("/api/auth/register/", {"username": name, "password": PASSWORD},
                            format="json")


@pytest.mark.parametrize("name", [
    "Indra\u034f", "ǀndra", "Ɩndra", "Kɪran", "Ki\u034fran", "Kiran-bot", "Jamuṇa",
    "ㅤㅤㅤ", "._-", "ɢuest-12345", "Open_seat", CUNEIFORM,
    "Deleted.player", "0pen", "Ind\u200bra", "Asha\ufe0f", "12345", "Sita_99",
])
def test_a_name_that_passes_for_a_bot_a_reserved_name_or_nobody_is_refused(name):
    """Names that pass for bots and for nobody."""
    answer = register(name)
    assert answer.status_code == 400, (name, answer.content)
    assert answer.json()["code"] == "invalid" and answer.json()["fields"]["username"]


@pytest.mark.parametrize("name", ["राम_थापा", "श्रीमान्", "শ্রাবন্তী", "Kiranmala", "José-Luis",
                                  "Robot_fan", "山田太郎"])
def test_names_people_write_are_still_welcome(name):
    """Names that pass for bots: the rules refuse look-alikes, not scripts or marks."""
    assert register(name).status_code == 201, name


def test_a_guest_reads_as_no_one_to_invites_and_friend_requests(owner_api):
    """Guest names can be found: a guest answered guest_not_invitable, an unknown name
    unknown_user; a friend request to a guest 201 where an unknown name got 404."""
    guest = guest_create().username
    answers = {}
    for name in (guest, "Nobody-here"):
        invite = owner_api.post("/api/matches/", {
            "rules": {"preset": "standard"}, "hands": 3, "turn_seconds": 86400,
            "opponents": [f"user:{name}", "bot:easy", "bot:easy"]}, format="json")
        friend = owner_api.post("/api/friends/requests/", {"username": name}, format="json")
        answers[name] = [(invite.status_code, invite.json()["code"]),
                         (friend.status_code, friend.json()["code"])]
    assert answers[guest] == answers["Nobody-here"] == [(400, "unknown_user"),
                                                        (404, "unknown_user")]


def test_a_friend_request_does_not_tell_which_side_blocked(owner_api, member):
    """A friend request said "X does not take requests from you" when X had blocked."""
    other = client_for(make_user("other"))
    owner_api.post("/api/blocks/", {"username": "member"}, format="json")
    other_blocked = client_for(member)
    other_blocked.post("/api/blocks/", {"username": "other"}, format="json")
    mine = owner_api.post("/api/friends/requests/", {"username": "member"}, format="json")
    theirs = other.post("/api/friends/requests/", {"username": "member"}, format="json")
    assert mine.status_code == theirs.status_code == 400
    assert mine.json()["code"] == theirs.json()["code"] == "blocked"
    assert mine.json()["detail"] == theirs.json()["detail"]
