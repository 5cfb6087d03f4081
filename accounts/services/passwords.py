"""Passwords: a validator Django does not ship (a password of only spaces is no password), and
changing a password, which signs the other devices out."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from knox.models import AuthToken
from rest_framework import serializers

from accounts.services.devices import sockets_recheck


class NotOnlyWhitespaceValidator:
    def validate(self, password: str, user: AbstractBaseUser | None = None) -> None:
        if not password.strip():
            raise ValidationError(_("A password needs more than spaces."), code="password_blank")

    def get_help_text(self) -> str:
        return _("Your password can't be only spaces.")


def password_change(*, user: AbstractBaseUser, password: str,
                    keep: AuthToken | None = None) -> None:
    """Give ``user`` a new ``password``. Browser sessions signed in with the old one end by
    Django's session hash; every API token ends too, but ``keep`` (the device asking)."""
    try:
        validate_password(password, user=user)
    except ValidationError as error:
        raise serializers.ValidationError({"password": list(error.messages)})
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        tokens = AuthToken.objects.filter(user=user)
        if keep is not None:
            tokens = tokens.exclude(pk=keep.pk)
        tokens.delete()
        sockets_recheck(user_id=user.pk)
