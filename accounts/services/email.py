"""An account's email: set it, prove it by a link, and reset a forgotten password through it.

The confirmation link carries a signed token (``django.core.signing``) naming the user, the
address and the number of the account's latest link, so only that link works, once; a
password reset uses Django's own ``PasswordResetForm`` and token generator, sent only to
confirmed addresses. Links start with ``SITE_URL``, never with the host a request named. No
answer says whether an address belongs to any account.

The site mails only on a person's request, so the requests are bounded: each address receives
at most ``MAIL_PER_ADDRESS_PER_DAY`` mails a day, and each sender (an account, or an address
for a request from nobody signed in) asks for at most ``MAIL_PER_SENDER_PER_DAY``. A mail over
a limit is not sent, and the answer is the same (it must not tell whose address it is).
Guests have no email.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django.utils.translation import gettext as _
from knox.models import AuthToken
from rest_framework.exceptions import ValidationError

from accounts.models import Account
from accounts.services.devices import sockets_recheck
from core.errors import Forbidden

logger = logging.getLogger(__name__)
User = get_user_model()
_CONFIRM_SALT = "accounts.services.email.confirm"
_DAY_SECONDS = 60 * 60 * 24


def site_link(path: str) -> str:
    """``path`` on the site as players reach it (``SITE_URL``)."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def mail_allowed(*, address: str, sender: str) -> bool:
    """Count one mail to ``address`` asked by ``sender`` (``user:<id>`` or ``ip:<address>``)
    and say whether it is within the day's limits. Windows start at the first mail."""
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()
    within = True
    for key, limit in ((f"mail.to.{digest}", settings.MAIL_PER_ADDRESS_PER_DAY),
                       (f"mail.from.{sender}", settings.MAIL_PER_SENDER_PER_DAY)):
        cache.add(key, 0, _DAY_SECONDS)
        try:
            sent = cache.incr(key)
        except ValueError:  # the window ended between the two calls
            cache.set(key, 1, _DAY_SECONDS)
            sent = 1
        within = within and sent <= limit
    if not within:
        logger.warning("Mail not sent: over the day's limit for the address or for %s.", sender)
    return within


def request_sender(request: HttpRequest) -> str:
    """Who asks for a mail: the signed-in account, else the client's address (read before a
    sign-up signs the new account in)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{request.META.get('REMOTE_ADDR', '')}"


def email_change(*, sender: str, user: AbstractBaseUser, email: str) -> None:
    """Set ``user``'s email (blank: none) and mail a confirmation link to a new address, as
    ``sender`` asked (see ``request_sender``). Any earlier link stops working."""
    if Account.objects.filter(user=user, is_guest=True).exists():
        raise Forbidden(_("A guest has no email. Keep your account first."), code="guest_email")
    with transaction.atomic():
        user.email = email
        user.save(update_fields=["email"])
        Account.objects.filter(user=user).update(email_link_number=F("email_link_number") + 1)
        number = Account.objects.filter(user=user).values_list("email_link_number",
                                                               flat=True).get()
    if not email or not mail_allowed(address=email, sender=sender):
        return
    token = signing.dumps({"user": user.pk, "email": email, "link": number},
                          salt=_CONFIRM_SALT)
    body = render_to_string("accounts/email_confirm.txt", {
        "username": user.get_username(), "link": site_link(f"/confirm-email/{token}")})
    send_mail(_("Confirm your email for Call Break"), body, None, [email])


def email_confirm(*, token: str) -> None:
    """Mark the address in ``token`` confirmed, if it is still the account's email and the
    link is the account's latest; the link then stops working."""
    try:
        data = signing.loads(token, salt=_CONFIRM_SALT,
                             max_age=settings.EMAIL_CONFIRM_MAX_AGE)
    except signing.BadSignature:  # expired links are bad signatures too
        raise _bad_link()
    user = User.objects.filter(pk=data.get("user")).first()
    if user is None or user.email != data.get("email") or not isinstance(data.get("link"), int):
        raise _bad_link()
    used = Account.objects.filter(user=user, email_link_number=data["link"]).update(
        confirmed_email=user.email, email_link_number=F("email_link_number") + 1)
    if not used:
        raise _bad_link()


class _ConfirmedEmailResetForm(PasswordResetForm):
    def get_users(self, email: str) -> Any:
        # Only an address its owner proved they read: anyone may type any address into a
        # sign-up form, and a reset link must never go to someone who did not ask for it.
        return (user for user in super().get_users(email)
                if user.account.confirmed_email.lower() == user.email.lower())


def password_reset_send(*, sender: str, email: str) -> None:
    """Mail a reset link to every account whose confirmed email is ``email`` (maybe none), as
    ``sender`` asked."""
    form = _ConfirmedEmailResetForm(data={"email": email})
    if not form.is_valid() or not mail_allowed(address=email, sender=sender):
        return
    site = urlsplit(settings.SITE_URL.rstrip("/"))
    form.save(domain_override=site.netloc + site.path, use_https=site.scheme == "https",
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
        sockets_recheck(user_id=user.pk)
    return user


def _bad_link() -> ValidationError:
    return ValidationError({"token": [_("This link is not valid any more. Ask for a new one.")]},
                           code="bad_link")
