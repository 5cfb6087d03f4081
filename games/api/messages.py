"""The websocket's message schema (documented in docs/WEBSOCKET.md and checked by tests)."""

from __future__ import annotations

from rest_framework import serializers

from .serializers import MatchViewOut


class HelloMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["hello"])
    username = serializers.CharField()


class MatchViewMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["match.view"])
    match = MatchViewOut()


class ReactionMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["match.reaction"])
    match = serializers.IntegerField()
    seat = serializers.IntegerField(min_value=0, max_value=3)
    reaction = serializers.CharField()
    # The match's seq when it was sent.
    seq = serializers.IntegerField()


class PongMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["pong"])
    # Only while a match is watched: its latest seq, to notice a missed view.
    match = serializers.IntegerField(required=False)
    seq = serializers.IntegerField(required=False)


class ErrorMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["error"])
    code = serializers.CharField()
    detail = serializers.CharField()


SERVER_MESSAGES = {
    "hello": HelloMessage,
    "match.view": MatchViewMessage,
    "match.reaction": ReactionMessage,
    "pong": PongMessage,
    "error": ErrorMessage,
}


class WatchMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["watch"])
    match = serializers.IntegerField()


class ReactMessage(serializers.Serializer):
    type = serializers.ChoiceField(choices=["react"])
    match = serializers.IntegerField()
    reaction = serializers.CharField()


CLIENT_MESSAGES = {"watch": WatchMessage, "react": ReactMessage, "unwatch": None, "ping": None}
