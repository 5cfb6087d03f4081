"""Input validation for registration and sign-in."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

User = get_user_model()


class RegisterSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=30, min_length=3)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True)

    def validate_username(self, value: str) -> str:
        field = User._meta.get_field("username")
        for validator in field.validators:
            try:
                validator(value)
            except DjangoValidationError as error:
                raise serializers.ValidationError(list(error.messages))
        if value.lower().startswith("bot") or value.lower() in {"open", "admin"}:
            raise serializers.ValidationError("This username is reserved.")
        if User.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError("That username is taken.")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        candidate = User(username=attrs["username"], email=attrs.get("email", ""))
        try:
            validate_password(attrs["password"], user=candidate)
        except DjangoValidationError as error:
            raise serializers.ValidationError({"password": list(error.messages)})
        return attrs


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        user = authenticate(
            self.context.get("request"), username=attrs["username"], password=attrs["password"]
        )
        if user is None:
            # One message for both parts: never reveal whether the username exists.
            raise serializers.ValidationError(
                "That username and password do not match an account.", code="bad_credentials"
            )
        attrs["user"] = user
        return attrs


class MeSerializer(serializers.ModelSerializer):
    # Blank when none was given at sign-up, so documented as a plain string.
    email = serializers.CharField(read_only=True, allow_blank=True)

    class Meta:
        model = User
        fields = ["id", "username", "email", "date_joined"]
        read_only_fields = fields


class AuthResultSerializer(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()
