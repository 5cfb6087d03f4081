"""Input of the account endpoints: claim, email, password reset and change, deletion."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework import serializers

from .serializers import RegisterSerializer

User = get_user_model()


class ClaimSerializer(RegisterSerializer):
    """A guest keeps their account by choosing what a new player signs up with."""


class EmailSerializer(serializers.Serializer):
    email = serializers.EmailField(allow_blank=True, help_text="Blank removes the email.")


class TokenInSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=500)


class PasswordResetSerializer(serializers.Serializer):
    email = serializers.EmailField()


class PasswordResetConfirmSerializer(serializers.Serializer):
    uid = serializers.CharField(max_length=40)
    token = serializers.CharField(max_length=100)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class PasswordChangeSerializer(serializers.Serializer):
    old_password = serializers.CharField(max_length=128, write_only=True,
                                         trim_whitespace=False)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class AccountDeleteSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False,
                                     required=False, allow_blank=True,
                                     help_text="Required unless the account is a guest's.")


class DoneSerializer(serializers.Serializer):
    detail = serializers.CharField()
