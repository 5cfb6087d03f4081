"""A password validator Django does not ship: a password of only spaces is no password."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotOnlyWhitespaceValidator:
    def validate(self, password: str, user: AbstractBaseUser | None = None) -> None:
        if not password.strip():
            raise ValidationError(_("A password needs more than spaces."), code="password_blank")

    def get_help_text(self) -> str:
        return "Your password can't be only spaces."
