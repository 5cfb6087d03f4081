"""Input and the documented shapes of the seek endpoints."""

from __future__ import annotations

from rest_framework import serializers

from matchmaking.models import PACE_SECONDS, Seek


class SeekCreateSerializer(serializers.Serializer):
    # Checked by the service, which words the refusal (bad_pace).
    pace = serializers.CharField(max_length=100, allow_blank=True,
                                 help_text=", ".join(PACE_SECONDS))
    rated = serializers.BooleanField(required=False, default=False)
    bots_after_seconds = serializers.IntegerField(
        required=False, allow_null=True, default=None,
        help_text="Live paces: bots take the empty seats after this many seconds "
                  "(0-600); null waits for people")


class SeekOut(serializers.Serializer):
    id = serializers.IntegerField()
    pace = serializers.ChoiceField(choices=list(PACE_SECONDS))
    rated = serializers.BooleanField()
    status = serializers.ChoiceField(choices=[Seek.Status.OPEN, Seek.Status.MATCHED])
    match_id = serializers.IntegerField(allow_null=True, help_text="Once matched")
    players_found = serializers.IntegerField(
        min_value=1, max_value=4, help_text="Players waiting in this pool, me included "
                                            "(\"2 of 4\")")
    bots_at = serializers.DateTimeField(allow_null=True,
                                        help_text="When bots take the seats still empty")
    created_at = serializers.DateTimeField()
