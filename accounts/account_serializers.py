"""Input of the account endpoints: claim, email, password reset and change, deletion."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from . import usernames

User = get_user_model()


def _password_checked(password: str, user: Any) -> str:
    try:
        validate_password(password, user=user)
    except DjangoValidationError as error:
        raise serializers.ValidationError({"password": list(error.messages)})
    return password


class ClaimSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=usernames.MAX_LENGTH,
                                     min_length=usernames.MIN_LENGTH)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True)

    def validate_username(self, value: str) -> str:
        try:
            return usernames.username_check(value)
        except DjangoValidationError as error:
            raise serializers.ValidationError(list(error.messages))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        _password_checked(attrs["password"],
                          User(username=attrs["username"], email=attrs.get("email", "")))
        return attrs


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
