"""Input validation for match endpoints, and the documented shapes of what they return beside
the match view (whose shape is ``games.match_view``'s types)."""

from __future__ import annotations

from typing import TypedDict

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api import StrictBooleanField, StrictCharField
from core.schema import typed
from games.engine.bots import REASONS
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
        child=StrictCharField(max_length=300), min_length=3, max_length=3
    )
    public = serializers.BooleanField(required=False, default=False,
                                      help_text="Listed under the open tables while it waits")


class JoinSerializer(serializers.Serializer):
    invite_code = StrictCharField(max_length=32)


class InviteIn(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text="The player to keep an open seat for")


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
    status = StrictCharField()
    my_seat = serializers.IntegerField(allow_null=True)
    my_turn = StrictBooleanField()
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
    offline = StrictBooleanField(help_text="Played on a phone with no network, then "
                                       "sent (unrated)")


class MatchPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummaryOut(many=True)


class OptionOut(serializers.Serializer):
    value = StrictCharField()
    label = StrictCharField()
    description = StrictCharField()


class ChoiceOut(serializers.Serializer):
    name = StrictCharField()
    label = StrictCharField()
    default = StrictCharField()
    options = OptionOut(many=True)


class ToggleOut(serializers.Serializer):
    name = StrictCharField()
    label = StrictCharField()
    description = StrictCharField()
    default = StrictBooleanField()


class PresetOut(serializers.Serializer):
    name = StrictCharField()
    label = StrictCharField()
    description = StrictCharField()
    rules = serializers.DictField()


class TurnTimeOut(serializers.Serializer):
    seconds = serializers.IntegerField()
    label = StrictCharField()
    live = StrictBooleanField()


class BotLevelOut(serializers.Serializer):
    name = StrictCharField()
    label = StrictCharField()
    description = StrictCharField()
    min_turn_seconds = serializers.IntegerField(allow_null=True, help_text="Offered only "
                                                "with at least this turn time")


class OpenEndedOut(serializers.Serializer):
    label = StrictCharField()
    description = StrictCharField()
    max_hands = serializers.IntegerField()


class RulesCatalogueOut(serializers.Serializer):
    default_preset = StrictCharField()
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
    username = StrictCharField()
    matches_played = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_total = serializers.FloatField()
    calls_made_pct = serializers.FloatField()
    results = StatsResultOut(many=True)


class AnalysisOptionOut(serializers.Serializer):
    action = serializers.JSONField()
    value = serializers.FloatField(allow_null=True)


class AnalysisFiguresOut(serializers.Serializer):
    value = serializers.FloatField(help_text="Expected score of the hand, in tenths")
    tricks = serializers.FloatField(help_text="Expected tricks in the hand")
    made = serializers.FloatField(help_text="Chance of making the call, 0 to 1")
    trick = serializers.FloatField(allow_null=True, help_text="Chance of winning the trick "
                                   "in progress, 0 to 1; null for a call or when unknown")


class AnalysisFiguresPairOut(serializers.Serializer):
    chosen = AnalysisFiguresOut()
    best = AnalysisFiguresOut()


class AnalysisDecisionOut(serializers.Serializer):
    hand_number = serializers.IntegerField()
    trick = serializers.IntegerField(allow_null=True, help_text="0-based trick of the hand; "
                                     "null for a call")
    kind = serializers.ChoiceField(choices=["call", "play"])
    chosen = serializers.JSONField()
    best = serializers.JSONField()
    loss = serializers.IntegerField(help_text="Expected points over the rest of the hand "
                                    "given up by the choice, in tenths")
    options = AnalysisOptionOut(many=True)
    reason = serializers.ChoiceField(choices=list(REASONS), allow_null=True,
                                     help_text="Why the best option is better; null when "
                                     "nothing was lost")
    figures = AnalysisFiguresPairOut(required=False, help_text="Only with a reason")


class AnalysisOut(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "ready", "failed"])
    seat = serializers.IntegerField()
    decisions = AnalysisDecisionOut(many=True)
    can_retry = StrictBooleanField(required=False, help_text="Only when failed: whether "
                                         "POST may queue it once more")
    detail = StrictCharField(required=False, help_text="Only when failed: for the player")


class InvitePreviewOut(serializers.Serializer):
    invited_by = StrictCharField(allow_null=True, help_text="None once their account is gone")
    hands = serializers.IntegerField()
    turn_seconds = serializers.IntegerField()
    rules = serializers.DictField()
    started = StrictBooleanField(help_text="The first hand has been dealt")
    open_seats = serializers.IntegerField()


class ExportOut(serializers.Serializer):
    username = StrictCharField()
    exported_at = serializers.DateTimeField()
    matches = serializers.ListField(child=serializers.DictField(),
                                    help_text="Each finished match's record (see RECORD.md)")
class RecordReactionOut(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The match's seq when it was sent")
    seat = serializers.IntegerField()
    reaction = StrictCharField()


class RecentMatchOut(serializers.Serializer):
    match_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField()
    total = serializers.IntegerField()
    replay = StrictCharField(help_text="The replay's path in the app")
    rating_change = RatingChangeOut(allow_null=True)


class ProfileOut(serializers.Serializer):
    username = StrictCharField()
    rating = RatingOut()
    graph = GraphPointOut(many=True)
    stats = StatsOut()
    recent = RecentMatchOut(many=True)
    relation = serializers.ChoiceField(
        choices=["self", "friends", "requested", "incoming", "blocked", "none"],
        help_text="How you stand with this player")
    guest = StrictBooleanField(
        help_text="A guest on one device, unrated until the account is kept (only a guest "
                  "sees their own profile)")
