"""Shapes of the social answers (friends list, ratings, leaderboards, reactions), for
validation and the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers

from core.api import StrictBooleanField, StrictCharField
from social.services.reactions import REACTIONS


class RatingOut(serializers.Serializer):
    rating = serializers.IntegerField(allow_null=True,
                                      help_text="The ordinal, scaled: null before any "
                                                "rated match")
    matches = serializers.IntegerField(help_text="Rated matches played")
    provisional = StrictBooleanField(help_text="True for the first 10 rated matches")


class MyRatingOut(RatingOut):
    on_global_leaderboard = StrictBooleanField()


class MyRatingIn(serializers.Serializer):
    on_global_leaderboard = StrictBooleanField()


class FriendOut(serializers.Serializer):
    username = StrictCharField()
    online = StrictBooleanField(help_text="Shown to friends only")
    rating = RatingOut()


class PlayerNameOut(serializers.Serializer):
    username = StrictCharField()


class FriendsOut(serializers.Serializer):
    friends = FriendOut(many=True)
    incoming = PlayerNameOut(many=True, help_text="Requests waiting for your answer")
    outgoing = PlayerNameOut(many=True, help_text="Requests you sent")
    blocked = PlayerNameOut(many=True)


class LeaderboardQuery(serializers.Serializer):
    scope = serializers.ChoiceField(choices=["global", "friends"], default="global")
    period = serializers.ChoiceField(choices=["all", "30d"], default="all")
    page = serializers.IntegerField(min_value=1, required=False)


class LeaderboardEntryOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = StrictCharField()
    rating = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Rated matches in the period")
    provisional = StrictBooleanField()


class LeaderboardPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardEntryOut(many=True)


class GraphPointOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    at = serializers.DateTimeField()
    rating = serializers.IntegerField()


class RatingChangeOut(serializers.Serializer):
    seat = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Rated matches played, this one included")
    provisional = StrictBooleanField()


class ReactionChoiceOut(serializers.Serializer):
    code = StrictCharField()
    emoji = StrictCharField()


class ReactionIn(serializers.Serializer):
    # Checked by the service, so a reaction outside the set is refused as ``bad_reaction``.
    reaction = StrictCharField(max_length=20,
                                     help_text="One of: " + ", ".join(REACTIONS))


class ReactionOut(serializers.Serializer):
    seat = serializers.IntegerField()
    reaction = StrictCharField()
    seq = serializers.IntegerField()
