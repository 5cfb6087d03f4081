"""Keep the folded usernames and the signed-in sessions in step with Django's auth."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone

from .models import Account, FoldedUsername, SignedInSession
from .services.usernames import username_fold


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts-folded-username")
def folded_username_save(sender: type, instance: Any, created: bool,
                         update_fields: frozenset[str] | None = None, **kwargs: Any) -> None:
    # Signing in saves ``last_login`` alone: the name did not change, so no query.
    if update_fields is not None and "username" not in update_fields:
        return
    folded = username_fold(instance.get_username())
    if created:
        FoldedUsername.objects.create(user=instance, folded=folded)
        Account.objects.get_or_create(user=instance)
        return
    current = (FoldedUsername.objects.filter(user=instance)
               .values_list("folded", flat=True).first())
    # A twin from before names were folded keeps the key its migration gave it.
    if current not in (folded, f"{folded}#{instance.pk}"):
        FoldedUsername.objects.update_or_create(user=instance, defaults={"folded": folded})


@receiver(user_logged_in, dispatch_uid="accounts-session-signed-in")
def signed_in_session_record(sender: type, request: HttpRequest | None, user: Any,
                             **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is None or not session.session_key:
        return  # a token sign-in, or a session store without keys
    # Rows of sessions that have expired by now end nothing; drop them as the player signs in.
    SignedInSession.objects.filter(
        user=user, created_at__lt=timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    ).delete()
    SignedInSession.objects.update_or_create(session_key=session.session_key,
                                             defaults={"user": user})


@receiver(user_logged_out, dispatch_uid="accounts-session-signed-out")
def signed_in_session_forget(sender: type, request: HttpRequest | None, user: Any,
                             **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        SignedInSession.objects.filter(session_key=session.session_key).delete()
