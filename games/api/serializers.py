"""Input validation for match endpoints, and the documented shapes of what they return beside
the match view (whose shape is ``games.match_view``'s types)."""

from __future__ import annotations

from typing import TypedDict

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.schema import typed
from games.engine.cards import DECK
from games.services.matches import TURN_SECONDS_CHOICES
from games.view_shape import MatchView, SeatView
from social.api.serializers import GraphPointOut, RatingChangeOut, RatingOut


class Warning(TypedDict):
    code: str
    detail: str


class MatchCreated(MatchView):
    """The creator's view of a new match, with advice that does not stop it (e.g. outside
    bots under rules other than their tournament's)."""

    warnings: list[Warning]


class MatchCreateSerializer(serializers.Serializer):
    rules = serializers.DictField(required=False, default=dict)
    # null: an open-ended match. Absent: the rules' own count.
    hands = serializers.IntegerField(min_value=1, max_value=20, required=False, allow_null=True)
    # Absent or null: 30 seconds when only bots are to sit with the creator, else a day.
    turn_seconds = serializers.ChoiceField(choices=TURN_SECONDS_CHOICES, required=False,
                                           allow_null=True)
    opponents = serializers.ListField(
        child=serializers.CharField(max_length=300), min_length=3, max_length=3
    )


class JoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(max_length=32)


class SeqSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)


class CallSerializer(SeqSerializer):
    call = serializers.IntegerField(min_value=0, max_value=13)


class PlaySerializer(SeqSerializer):
    # One of the 52 names exactly, so nothing around a name (a newline, a space) gets through.
    card = serializers.ChoiceField(choices=DECK, error_messages={
        "invalid_choice": _("A card is rank then suit, like KH.")})


class AnalysisQuery(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=3)


# --- Response shapes (documentation for the OpenAPI schema) --------------------------------


@extend_schema_field(typed(list[SeatView]))
class SeatsField(serializers.JSONField):
    """The seats of a match, in the match view's own shape."""


class MatchSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    my_seat = serializers.IntegerField(allow_null=True)
    my_turn = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    seats = SeatsField()
    hand_number = serializers.IntegerField()
    hands = serializers.IntegerField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    places = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    rating_change = RatingChangeOut(allow_null=True, help_text="What this match did to your "
                                    "rating, once it is rated")
    offline = serializers.BooleanField(help_text="Played on a phone with no network, then "
                                       "sent (unrated)")


class MatchPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummaryOut(many=True)


class OptionOut(serializers.Serializer):
    value = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()


class ChoiceOut(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    default = serializers.CharField()
    options = OptionOut(many=True)


class ToggleOut(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()
    default = serializers.BooleanField()


class PresetOut(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()
    rules = serializers.DictField()


class TurnTimeOut(serializers.Serializer):
    seconds = serializers.IntegerField()
    label = serializers.CharField()
    live = serializers.BooleanField()


class BotLevelOut(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()
    min_turn_seconds = serializers.IntegerField(allow_null=True, help_text="Offered only "
                                                "with at least this turn time")


class OpenEndedOut(serializers.Serializer):
    label = serializers.CharField()
    description = serializers.CharField()
    max_hands = serializers.IntegerField()


class RulesCatalogueOut(serializers.Serializer):
    default_preset = serializers.CharField()
    presets = PresetOut(many=True)
    choices = ChoiceOut(many=True)
    toggles = ToggleOut(many=True)
    limits = serializers.DictField()
    open_ended = OpenEndedOut()
    turn_seconds = TurnTimeOut(many=True)
    default_turn_seconds = serializers.DictField(child=serializers.IntegerField(),
                                                 help_text="bots_only and with_people")
    bot_levels = BotLevelOut(many=True)


class StatsResultOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    total = serializers.IntegerField()
    place = serializers.IntegerField()
    hands = serializers.IntegerField(allow_null=True, help_text="The rules' number of hands; "
                                     "null: no fixed end")
    hands_played = serializers.IntegerField(help_text="Play-off hands included")


class StatsOut(serializers.Serializer):
    username = serializers.CharField()
    matches_played = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_total = serializers.FloatField()
    calls_made_pct = serializers.FloatField()
    results = StatsResultOut(many=True)


class AnalysisOptionOut(serializers.Serializer):
    action = serializers.JSONField()
    value = serializers.FloatField(allow_null=True)


class AnalysisDecisionOut(serializers.Serializer):
    hand_number = serializers.IntegerField()
    trick = serializers.IntegerField(allow_null=True, help_text="0-based trick of the hand; "
                                     "null for a call")
    kind = serializers.ChoiceField(choices=["call", "play"])
    chosen = serializers.JSONField()
    best = serializers.JSONField()
    loss = serializers.IntegerField()
    options = AnalysisOptionOut(many=True)


class AnalysisOut(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "ready", "failed"])
    seat = serializers.IntegerField()
    decisions = AnalysisDecisionOut(many=True)
    can_retry = serializers.BooleanField(required=False, help_text="Only when failed: whether "
                                         "POST may queue it once more")
    detail = serializers.CharField(required=False, help_text="Only when failed: for the player")


class InvitePreviewOut(serializers.Serializer):
    invited_by = serializers.CharField(allow_null=True, help_text="None once their account is gone")
    hands = serializers.IntegerField()
    turn_seconds = serializers.IntegerField()
    rules = serializers.DictField()
    started = serializers.BooleanField(help_text="The first hand has been dealt")
    open_seats = serializers.IntegerField()


class ExportOut(serializers.Serializer):
    username = serializers.CharField()
    exported_at = serializers.DateTimeField()
    matches = serializers.ListField(child=serializers.DictField(),
                                    help_text="Each finished match's record (see RECORD.md)")
class RecordReactionOut(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The match's seq when it was sent")
    seat = serializers.IntegerField()
    reaction = serializers.CharField()


class RecentMatchOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField()
    total = serializers.IntegerField()
    replay = serializers.CharField(help_text="The replay's path in the app")
    rating_change = RatingChangeOut(allow_null=True)


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    rating = RatingOut()
    graph = GraphPointOut(many=True)
    stats = StatsOut()
    recent = RecentMatchOut(many=True)
    relation = serializers.ChoiceField(
        choices=["self", "friends", "requested", "incoming", "blocked", "none"],
        help_text="How you stand with this player")
