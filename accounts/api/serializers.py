"""Input validation (and answer shapes) of the accounts API: registration and sign-in, and
the account endpoints (claim, email, password reset and change, deletion)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from accounts.models import Account
from accounts.services import usernames
from core.api import StrictBooleanField, StrictCharField

User = get_user_model()
# The longest address the user table holds (and RFC 5321 allows); longer is refused as input.
EMAIL_MAX_LENGTH = User._meta.get_field("email").max_length


class RegisterSerializer(serializers.Serializer):
    username = StrictCharField(
        max_length=usernames.MAX_LENGTH, min_length=usernames.MIN_LENGTH,
        help_text="Stored in Unicode form NFKC; unique whatever its case or width.")
    password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True, max_length=EMAIL_MAX_LENGTH)

    def validate_username(self, value: str) -> str:
        try:
            return usernames.username_check(value)
        except DjangoValidationError as error:
            raise serializers.ValidationError(list(error.messages))

    def validate_password(self, value: str) -> str:
        # A field check, so a weak password is refused in the same answer as a taken name;
        # the similarity check reads the name (in its stored form) and email as sent (a
        # non-string is refused as its own field's error).
        name, email = (self.initial_data.get(key) for key in ("username", "email"))
        candidate = User(
            username=usernames.username_normalise(name) if isinstance(name, str) else "",
            email=email if isinstance(email, str) else "")
        try:
            validate_password(value, user=candidate)
        except DjangoValidationError as error:
            raise serializers.ValidationError(list(error.messages))
        return value


class CredentialsSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150, help_text="Any case or width will do.")
    password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        account = usernames.user_for_sign_in(attrs["username"])
        user = authenticate(
            self.context.get("request"),
            username=account.get_username() if account else attrs["username"],
            password=attrs["password"],
        )
        if user is None:
            # One message for both parts: never reveal whether the username exists.
            raise serializers.ValidationError(
                _("That username and password do not match an account."), code="bad_credentials"
            )
        attrs["user"] = user
        return attrs


class MeSerializer(serializers.ModelSerializer):
    # Blank when none was given at sign-up, so documented as a plain string.
    email = StrictCharField(read_only=True, allow_blank=True)
    is_guest = StrictBooleanField(source="account.is_guest", read_only=True,
                                        help_text="No password yet: claim the account to keep it.")
    email_confirmed = serializers.SerializerMethodField()
    language = StrictCharField(
        source="account.language", read_only=True, allow_blank=True,
        help_text='A code of the site\'s languages; "" follows the browser.')
    latin_digits = StrictBooleanField(source="account.latin_digits", read_only=True)

    class Meta:
        model = User
        fields = ["id", "username", "email", "email_confirmed", "is_guest", "date_joined",
                  "language", "latin_digits"]
        read_only_fields = fields

    def get_email_confirmed(self, user: Any) -> bool:
        return bool(user.email) and user.account.confirmed_email == user.email


class AccountLanguageSerializer(serializers.ModelSerializer):
    """What a player may change of how the app speaks to them."""

    language = serializers.ChoiceField(
        choices=[("", _("The browser's language")), *settings.LANGUAGES], required=False,
        allow_blank=True)
    latin_digits = StrictBooleanField(required=False)

    class Meta:
        model = Account
        fields = ["language", "latin_digits"]


class SignedInSerializer(serializers.Serializer):
    username = StrictCharField()


class TokenSerializer(serializers.Serializer):
    username = StrictCharField()
    token = StrictCharField(help_text="Send as ``Authorization: Token <token>``.")
    expiry = serializers.DateTimeField(allow_null=True, help_text="When the token stops working.")



class ClaimSerializer(RegisterSerializer):
    """A guest keeps their account by choosing what a new player signs up with."""


class EmailSerializer(serializers.Serializer):
    email = serializers.EmailField(allow_blank=True, max_length=EMAIL_MAX_LENGTH,
                                   help_text="Blank removes the email.")


class TokenInSerializer(serializers.Serializer):
    token = StrictCharField(max_length=500)


class PasswordResetSerializer(serializers.Serializer):
    email = serializers.EmailField(max_length=EMAIL_MAX_LENGTH)


class PasswordResetConfirmSerializer(serializers.Serializer):
    uid = StrictCharField(max_length=40)
    token = StrictCharField(max_length=100)
    password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)


class PasswordChangeSerializer(serializers.Serializer):
    old_password = StrictCharField(max_length=128, write_only=True,
                                         trim_whitespace=False)
    password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)


class AccountDeleteSerializer(serializers.Serializer):
    password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False,
                                     required=False, allow_blank=True,
                                     help_text="Required unless the account is a guest's.")


class DoneSerializer(serializers.Serializer):
    detail = StrictCharField()
