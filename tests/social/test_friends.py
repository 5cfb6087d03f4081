"""The friend lifecycle by username: request, accept, decline, remove; and blocking."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from accounts.models import Account
from social.presence import presence_connect, presence_of
from tests.api.helpers import create
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def ask(client, username):
    return client.post("/api/friends/requests/", {"username": username}, format="json")


def friends_of(client):
    response = client.get("/api/friends/")
    assert response.status_code == 200, response.content
    return response.json()


def names(rows):
    return [row["username"] for row in rows]


def test_a_request_accepted_makes_both_players_friends(owner_api, member_api):
    sent = ask(owner_api, "MEMBER")  # any case will do
    assert sent.status_code == 201
    assert sent.json() == {"username": "member", "status": "requested"}
    assert names(friends_of(owner_api)["outgoing"]) == ["member"]
    assert names(friends_of(member_api)["incoming"]) == ["owner"]

    accepted = member_api.post("/api/friends/requests/owner/accept/")
    assert accepted.status_code == 200
    assert accepted.json() == {"username": "owner", "status": "accepted"}
    mine, theirs = friends_of(owner_api), friends_of(member_api)
    assert names(mine["friends"]) == ["member"] and names(theirs["friends"]) == ["owner"]
    assert mine["outgoing"] == [] and theirs["incoming"] == []


def test_a_declined_request_is_gone_and_may_be_sent_again(owner_api, member_api):
    ask(owner_api, "member")
    assert member_api.post("/api/friends/requests/owner/decline/").status_code == 204
    assert friends_of(owner_api)["outgoing"] == []
    assert friends_of(member_api)["friends"] == []
    assert ask(owner_api, "member").status_code == 201


def test_asking_someone_who_asked_you_makes_you_friends(owner_api, member_api):
    ask(owner_api, "member")
    answer = ask(member_api, "owner")
    assert answer.status_code == 201
    assert answer.json()["status"] == "accepted"
    assert names(friends_of(owner_api)["friends"]) == ["member"]


def test_removing_a_friend_ends_it_for_both(owner_api, member_api):
    ask(owner_api, "member")
    member_api.post("/api/friends/requests/owner/accept/")
    assert member_api.delete("/api/friends/owner/").status_code == 204
    assert friends_of(owner_api)["friends"] == [] and friends_of(member_api)["friends"] == []
    again = member_api.delete("/api/friends/owner/")
    assert again.status_code == 404 and again.json()["code"] == "not_friends"


@pytest.mark.parametrize(("target", "status", "code"), [
    ("owner", 400, "friend_self"),
    ("nobody-here", 404, "unknown_user"),
    ("", 400, "invalid"),
])
def test_bad_requests_are_refused_with_a_code(owner_api, target, status, code):
    answer = ask(owner_api, target)
    assert answer.status_code == status, answer.content
    assert answer.json()["code"] == code
    assert answer.json()["detail"]
    assert friends_of(owner_api)["outgoing"] == []


def test_a_guests_name_reads_as_no_ones_and_says_what_the_guest_must_do(owner_api, member_api):
    Account.objects.filter(user__username="member").update(is_guest=True)
    guest, nobody = ask(owner_api, "member"), ask(owner_api, "nobody-here")
    assert guest.status_code == nobody.status_code == 404
    assert guest.json()["code"] == nobody.json()["code"] == "unknown_user"
    # The same words, but for the name: the answer does not tell that a guest has this name.
    assert guest.json()["detail"].replace("member", "nobody-here") == nobody.json()["detail"]
    assert "keep their account" in guest.json()["detail"]
    assert friends_of(owner_api)["outgoing"] == []
    Account.objects.filter(user__username="member").update(is_guest=False)
    assert ask(owner_api, "member").status_code == 201


def test_a_second_request_is_refused_and_changes_nothing(owner_api, member_api):
    ask(owner_api, "member")
    twice = ask(owner_api, "member")
    assert twice.status_code == 409 and twice.json()["code"] == "already_requested"
    member_api.post("/api/friends/requests/owner/accept/")
    already = ask(owner_api, "member")
    assert already.status_code == 409 and already.json()["code"] == "already_friends"
    assert names(friends_of(owner_api)["friends"]) == ["member"]


def test_accepting_a_request_nobody_sent_is_refused(owner_api, member):
    answer = owner_api.post("/api/friends/requests/member/accept/")
    assert answer.status_code == 404 and answer.json()["code"] == "no_request"


def test_a_block_ends_the_friendship_and_refuses_requests_both_ways(owner_api, member_api):
    ask(owner_api, "member")
    member_api.post("/api/friends/requests/owner/accept/")
    blocked = owner_api.post("/api/blocks/", {"username": "member"}, format="json")
    assert blocked.status_code == 201
    assert friends_of(owner_api)["friends"] == [] and friends_of(member_api)["friends"] == []
    assert names(friends_of(owner_api)["blocked"]) == ["member"]
    from_them = ask(member_api, "owner")
    assert from_them.status_code == 400 and from_them.json()["code"] == "blocked"
    from_me = ask(owner_api, "member")
    assert from_me.status_code == 400 and from_me.json()["code"] == "blocked"
    assert from_me.json()["detail"].replace("member", "owner") == from_them.json()["detail"]
    assert friends_of(member_api)["outgoing"] == []


def test_blocking_yourself_is_refused(owner_api):
    answer = owner_api.post("/api/blocks/", {"username": "owner"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "block_self"


def test_an_unblocked_player_may_ask_again(owner_api, member_api):
    owner_api.post("/api/blocks/", {"username": "member"}, format="json")
    assert owner_api.delete("/api/blocks/member/").status_code == 204
    assert ask(member_api, "owner").status_code == 201
    again = owner_api.delete("/api/blocks/member/")
    assert again.status_code == 404 and again.json()["code"] == "not_blocked"


def test_a_blocked_pair_never_sits_down_at_each_others_table_by_name(owner_api, member_api):
    member_api.post("/api/blocks/", {"username": "owner"}, format="json")
    body = {"rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400}
    for client, name in ((owner_api, "member"), (member_api, "owner")):
        answer = client.post("/api/matches/", {**body, "opponents": [
            f"user:{name}", "bot:easy", "bot:easy"]}, format="json")
        assert answer.status_code == 400, answer.content
        assert answer.json()["code"] == "blocked"
    assert owner_api.get("/api/matches/").json()["count"] == 0


def test_only_friends_see_who_is_online(owner_api, member, outsider):
    async_to_sync(presence_connect)(user_id=member.id)  # member has the app open
    assert presence_of([member.id]).online == {member.id}
    ask(owner_api, "member")
    before = friends_of(owner_api)
    assert before["friends"] == [] and before["outgoing"] == [{"username": "member"}]
    client_for(member).post("/api/friends/requests/owner/accept/")
    [friend] = friends_of(owner_api)["friends"]
    assert friend["online"] is True
    assert friend["rating"] == {"rating": None, "matches": 0, "provisional": True}
    profile = client_for(outsider).get("/api/users/member/profile/").json()
    assert "online" not in str(profile)


def test_the_friends_list_costs_a_fixed_number_of_queries(owner, django_assert_max_num_queries):
    client = client_for(owner)
    for n in range(6):
        friend = make_user(f"friend{n}")
        ask(client, friend.username)
        client_for(friend).post("/api/friends/requests/owner/accept/")
    ask(client_for(make_user("asker")), "owner")
    with django_assert_max_num_queries(6):
        listed = friends_of(client)
    assert len(listed["friends"]) == 6 and names(listed["incoming"]) == ["asker"]


def test_a_friend_can_be_invited_by_name(owner_api, member_api):
    ask(owner_api, "member")
    member_api.post("/api/friends/requests/owner/accept/")
    created = create(owner_api, ["user:member", "bot:easy", "bot:easy"])
    assert created["seats"][1]["kind"] == "reserved"


def test_a_rematch_does_not_invite_a_player_with_a_block_between_them(owner_api):
    from tests.api.helpers import four_humans, play_out

    created, clients, users = four_humans(owner_api)
    play_out(created["id"])
    clients[2].post("/api/blocks/", {"username": "owner"}, format="json")
    offered = owner_api.post(f"/api/matches/{created['id']}/rematch/")
    assert offered.status_code == 201
    kinds = [s["kind"] for s in offered.json()["seats"]]
    assert kinds == ["human", "reserved", "open", "reserved"]
