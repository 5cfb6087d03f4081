"""Input validation for match endpoints, and the documented shapes of what they return."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.engine.bots import BOT_LEVELS
from games.engine.cards import DECK
from games.services.matches import TURN_SECONDS_CHOICES


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


class SeatOut(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    level = serializers.ChoiceField(choices=list(BOT_LEVELS), allow_null=True)
    autopilot = serializers.BooleanField()
    online = serializers.BooleanField(allow_null=True)


class PlayedCardOut(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.CharField()


class TrickOut(serializers.Serializer):
    leader = serializers.IntegerField()
    winner = serializers.IntegerField()
    cards = PlayedCardOut(many=True)


class HandResultOut(serializers.Serializer):
    hand_number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    calls = serializers.ListField(child=serializers.IntegerField())
    tricks_won = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField())
    totals = serializers.ListField(child=serializers.IntegerField())
    play_off = serializers.BooleanField()


class MatchViewOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["waiting", "bidding", "playing", "finished"])
    seq = serializers.IntegerField()
    my_seat = serializers.IntegerField(allow_null=True)
    seats = SeatOut(many=True)
    hand_number = serializers.IntegerField()
    hands = serializers.IntegerField(allow_null=True, help_text="null: open-ended")
    dealer = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    turn_seconds = serializers.IntegerField()
    hand = serializers.ListField(child=serializers.CharField())
    legal = serializers.ListField(child=serializers.JSONField())
    can_redeal = serializers.BooleanField()
    suggested_call = serializers.IntegerField(allow_null=True)
    calls = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    tricks_won = serializers.ListField(child=serializers.IntegerField())
    trick = PlayedCardOut(many=True)
    tricks = TrickOut(many=True)
    last_trick = TrickOut(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    hand_results = HandResultOut(many=True)
    places = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    rules = serializers.DictField()
    finish_votes = serializers.ListField(child=serializers.IntegerField(), help_text="Seats "
                                         "that agreed to finish after this hand")
    finish_agreed = serializers.BooleanField(help_text="The match ends after this hand")
    play_off = serializers.BooleanField(help_text="This hand plays off a tie for first place")
    invite_code = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField(allow_null=True)


class RatingChangeOut(serializers.Serializer):
    seat = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Rated matches played, this one included")
    provisional = serializers.BooleanField()
class WarningOut(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()


class MatchCreatedOut(MatchViewOut):
    # Advice for the creator that does not stop the match, e.g. external bots under
    # non-standard rules.
    warnings = WarningOut(many=True)


class MatchSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    my_seat = serializers.IntegerField(allow_null=True)
    my_turn = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    seats = SeatOut(many=True)
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


class ErrorOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs")
    detail = serializers.CharField(help_text="A sentence for the player")
    fields = serializers.DictField(required=False, help_text="Invalid input: the messages of "
                                   "each field")


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
