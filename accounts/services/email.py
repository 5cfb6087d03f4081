"""An account's email: set it, prove it by a link, and reset a forgotten password through it.

The confirmation link carries a signed token (``django.core.signing``) naming the user and the
address; a password reset uses Django's own ``PasswordResetForm`` and token generator, sent
only to confirmed addresses. No answer says whether an address belongs to any account.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django.utils.translation import gettext as _
from knox.models import AuthToken
from rest_framework.exceptions import ValidationError

from accounts.models import Account

User = get_user_model()
_CONFIRM_SALT = "accounts.services.email.confirm"


def email_change(*, request: HttpRequest, user: AbstractBaseUser, email: str) -> None:
    """Set ``user``'s email (blank: none) and mail a confirmation link to a new address."""
    user.email = email
    user.save(update_fields=["email"])
    if not email:
        return
    token = signing.dumps({"user": user.pk, "email": email}, salt=_CONFIRM_SALT)
    link = request.build_absolute_uri(f"/confirm-email/{token}")
    body = render_to_string("accounts/email_confirm.txt",
                            {"username": user.get_username(), "link": link})
    send_mail(_("Confirm your email for Call Break"), body, None, [email])


def email_confirm(*, token: str) -> None:
    """Mark the address in ``token`` confirmed, if it is still the account's email."""
    try:
        data = signing.loads(token, salt=_CONFIRM_SALT,
                             max_age=settings.EMAIL_CONFIRM_MAX_AGE)
    except signing.BadSignature:  # expired links are bad signatures too
        raise _bad_link()
    user = User.objects.filter(pk=data.get("user")).first()
    if user is None or user.email != data.get("email"):
        raise _bad_link()
    Account.objects.filter(user=user).update(confirmed_email=user.email)


class _ConfirmedEmailResetForm(PasswordResetForm):
    def get_users(self, email: str) -> Any:
        # Only an address its owner proved they read: anyone may type any address into a
        # sign-up form, and a reset link must never go to someone who did not ask for it.
        return (user for user in super().get_users(email)
                if user.account.confirmed_email.lower() == user.email.lower())


def password_reset_send(*, request: HttpRequest, email: str) -> None:
    """Mail a reset link to every account whose confirmed email is ``email`` (maybe none)."""
    form = _ConfirmedEmailResetForm(data={"email": email})
    if form.is_valid():
        form.save(request=request, use_https=request.is_secure(),
                  subject_template_name="accounts/password_reset_subject.txt",
                  email_template_name="accounts/password_reset_email.txt")


def password_reset_confirm(*, uid: str, token: str, password: str) -> AbstractBaseUser:
    """Set a new password from a reset link; every device is signed out by it."""
    try:
        user = User.objects.filter(pk=force_str(urlsafe_base64_decode(uid))).first()
    except (ValueError, OverflowError):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise _bad_link()
    form = SetPasswordForm(user, data={"new_password1": password, "new_password2": password})
    if not form.is_valid():
        raise ValidationError({"password": form.errors["new_password2"]})
    with transaction.atomic():
        form.save()  # a new password hash ends every session signed in with the old one
        AuthToken.objects.filter(user=user).delete()
    return user


def _bad_link() -> ValidationError:
    return ValidationError({"token": [_("This link is not valid any more. Ask for a new one.")]},
                           code="bad_link")
