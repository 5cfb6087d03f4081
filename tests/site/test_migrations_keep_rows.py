"""The models that moved to the social and notifications apps took their rows with them: a
database as it was before the move, with a row in every table, migrates forward and keeps
every row, every link between them, and every table's name in its new app."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.conftest import needs_services
from tests.migrating import latest, migrate

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]

BEFORE = [("accounts", "0005_friends_and_blocks"), ("games", "0009_ratings_and_reactions")]




def test_every_row_survives_the_move_into_the_social_and_notifications_apps():
    old = migrate(BEFORE)
    users = old.get_model("auth", "User")
    a, b, c, d = (users.objects.create(username=name) for name in ("ana", "bo", "cy", "di"))
    accounts = {name: old.get_model("accounts", name) for name in (
        "Account", "FoldedUsername", "Friendship", "Block", "PushSubscription",
        "NotificationSettings", "SignedInSession")}
    for user in (a, b, c, d):
        accounts["Account"].objects.create(user=user)
        accounts["FoldedUsername"].objects.create(user=user, folded=user.username)
    accounts["SignedInSession"].objects.create(user=a, session_key="k" * 32)
    accounts["Friendship"].objects.create(from_user=a, to_user=b, status="accepted")
    accounts["Block"].objects.create(blocker=c, blocked=d)
    accounts["PushSubscription"].objects.create(user=a, endpoint="https://push.example/1",
                                                p256dh="key", auth="secret")
    accounts["NotificationSettings"].objects.create(user=b, notify_turn=False)
    games = {name: old.get_model("games", name) for name in (
        "Match", "Seat", "Move", "IdempotentResponse", "Analysis", "PlayerRating",
        "RatingChange", "Reaction")}
    match = games["Match"].objects.create(created_by=a, rules={}, hands_to_play=1,
                                          turn_seconds=30, status="finished")
    for number, user in enumerate((a, b, c, d)):
        games["Seat"].objects.create(match=match, number=number, kind="human", user=user)
    games["Move"].objects.create(match=match, hand_number=1, seq=1, seat=0, kind="call",
                                 call=3, made_by="human")
    games["IdempotentResponse"].objects.create(user=a, key="k" * 8, match=match,
                                               status_code=200, body={})
    games["Analysis"].objects.create(match=match, seat=0)
    games["PlayerRating"].objects.create(user=a, mu=26.0, sigma=7.5, rating=1010, matches=1)
    games["RatingChange"].objects.create(match=match, user=a, seat=0, place=1, before=1000,
                                         after=1010, mu=26.0, sigma=7.5, matches=1)
    games["Reaction"].objects.create(match=match, seat=1, user=b, reaction="clap", seq=1)

    new = migrate(latest())

    def only(app, name):
        rows = list(new.get_model(app, name).objects.all())
        assert len(rows) == 1, (app, name)
        return rows[0]

    assert only("social", "Friendship").from_user_id == a.id
    assert only("social", "Friendship").status == "accepted"
    assert (only("social", "Block").blocker_id, only("social", "Block").blocked_id) == (c.id, d.id)
    assert only("notifications", "PushSubscription").endpoint == "https://push.example/1"
    assert only("notifications", "NotificationSettings").notify_turn is False
    assert only("social", "PlayerRating").rating == 1010
    change = only("social", "RatingChange")
    assert (change.match_id, change.user_id, change.after) == (match.id, a.id, 1010)
    reaction = only("social", "Reaction")
    assert (reaction.match_id, reaction.user_id, reaction.reaction) == (match.id, b.id, "clap")
    for name in ("Match", "Move", "IdempotentResponse", "Analysis", "SignedInSession"):
        app = "accounts" if name == "SignedInSession" else "games"
        assert new.get_model(app, name).objects.count() == 1, name
    assert new.get_model("games", "Seat").objects.count() == 4
    assert new.get_model("accounts", "Account").objects.count() == 4
    tables = set(connection.introspection.table_names())
    assert {"social_friendship", "social_block", "social_playerrating", "social_ratingchange",
            "social_reaction", "notifications_pushsubscription",
            "notifications_notificationsettings"} <= tables
    assert not {"accounts_friendship", "games_reaction", "accounts_pushsubscription"} & tables


def test_a_seat_reserved_before_inviters_were_noted_names_the_matchs_creator():
    old = migrate([("games", "0016_seat_fixed_name")])
    users = old.get_model("auth", "User")
    host, guest = users.objects.create(username="hosta"), users.objects.create(username="guesta")
    match = old.get_model("games", "Match").objects.create(
        created_by=host, rules={}, hands_to_play=1, turn_seconds=30, status="waiting")
    seats = old.get_model("games", "Seat").objects
    seats.create(match=match, number=0, kind="human", user=host)
    seats.create(match=match, number=1, kind="reserved", reserved_for=guest)
    seats.create(match=match, number=2, kind="open")

    new = migrate(latest())
    inviters = dict(new.get_model("games", "Seat").objects.filter(match_id=match.id)
                    .values_list("number", "invited_by_id"))
    assert inviters == {0: None, 1: host.id, 2: None}
