"""Web Push: the VAPID key that signs pushes, subscriptions, settings and sending.

Sending follows RFC 8030 (push protocol), RFC 8291/8188 (payload encrypted to the browser's key
with ``aes128gcm``) and RFC 8292 (VAPID: a JWT signed by our key, so the push service knows the
sender the browser subscribed for). ``push_to_user`` is what the game's background tasks call.
The endpoint is a URL the browser chose, so each push goes through ``core.outbound``:
the host resolved once and checked, the request sent to that address, redirects not followed.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPusher

from core import outbound
from notifications.models import NotificationSettings, PushSubscription

logger = logging.getLogger(__name__)

KINDS = ("turn", "deadline", "finished")
NOTIFICATION_FIELDS = tuple(f"notify_{kind}" for kind in KINDS)
# Every subscription costs one request per push; a player rarely owns more browsers than this.
MAX_SUBSCRIPTIONS_PER_USER = 10
# Push services that no longer know a subscription answer one of these: it will never work again.
GONE_STATUSES = (404, 410)
ACCEPTED_STATUSES = (200, 201, 202)
# How long the VAPID signature stays valid; RFC 8292 allows at most 24 hours.
VAPID_LIFETIME_SECONDS = 12 * 60 * 60
LOCAL_PUSH_ADDRESSES = ("127.0.0.1", "::1")

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def b64url_encode(data: bytes) -> str:
    """Base64url without padding, the form browsers and push services use."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(value: str) -> bytes:
    """Decode base64url with or without padding; ``ValueError`` on anything else."""
    unpadded = value.rstrip("=")
    if not _BASE64URL.fullmatch(unpadded) or len(value) - len(unpadded) > 2:
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(unpadded + "=" * (-len(unpadded) % 4))
    except binascii.Error as error:
        raise ValueError("not base64url") from error


# --- VAPID key -----------------------------------------------------------------------------


def vapid_key_file() -> Path:
    """Where the generated key lives when ``VAPID_PRIVATE_KEY`` is not set."""
    return Path(settings.VAR_DIR) / "vapid_private.pem"


def vapid_key_file_create() -> bool:
    """Generate the key file unless it exists; True when this call created it.

    The key is written to a private temporary file and hard-linked into place, so two processes
    starting at once never see a half-written key and never replace each other's.
    """
    path = vapid_key_file()
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".vapid-")  # mode 0600
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(pem)
        os.link(temporary, path)
    except FileExistsError:
        return False
    finally:
        os.unlink(temporary)
    logger.warning("Generated a new VAPID key in %s; set VAPID_PRIVATE_KEY to pin it.", path)
    return True


def vapid_private_key() -> ec.EllipticCurvePrivateKey:
    """The key that signs pushes: from ``VAPID_PRIVATE_KEY``, else the (generated) key file."""
    configured = settings.VAPID_PRIVATE_KEY.strip()
    if configured:
        return _parse_private_key(configured, source="VAPID_PRIVATE_KEY")
    vapid_key_file_create()
    path = vapid_key_file()
    return _parse_private_key(path.read_text(), source=str(path))


def vapid_public_key() -> str:
    """The public key as base64url of the uncompressed point (``applicationServerKey``)."""
    point = (
        vapid_private_key()
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url_encode(point)


def _parse_private_key(text: str, *, source: str) -> ec.EllipticCurvePrivateKey:
    # A PEM squeezed into one environment line often arrives with literal "\n" sequences.
    text = text.strip().replace("\\n", "\n")
    try:
        if "-----BEGIN" in text:
            key = serialization.load_pem_private_key(text.encode(), password=None)
        else:
            raw = b64url_decode(text)
            if len(raw) != 32:
                raise ValueError("a raw key is 32 bytes")
            key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except (ValueError, TypeError, UnsupportedAlgorithm) as error:
        raise ImproperlyConfigured(f"The VAPID key in {source} is unreadable: {error}") from error
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ImproperlyConfigured(f"The VAPID key in {source} is not an EC P-256 private key.")
    return key


# --- Subscriptions and settings ------------------------------------------------------------


@transaction.atomic
def push_subscription_save(
    *, user: AbstractBaseUser, endpoint: str, p256dh: str, auth: str, user_agent: str = ""
) -> PushSubscription:
    """Store a browser's subscription for ``user``, replacing any earlier one for the endpoint.

    An endpoint belongs to one browser profile; if another player signed in there before, the
    subscription now wakes the player who subscribed last. The oldest subscriptions beyond
    ``MAX_SUBSCRIPTIONS_PER_USER`` are dropped.
    """
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:255]},
    )
    older = (
        PushSubscription.objects.filter(user=user)
        .exclude(pk=subscription.pk)
        .order_by("-created_at", "-id")
        .values_list("pk", flat=True)[MAX_SUBSCRIPTIONS_PER_USER - 1 :]
    )
    PushSubscription.objects.filter(pk__in=list(older)).delete()
    return subscription


def push_subscription_delete(*, user: AbstractBaseUser, endpoint: str) -> bool:
    """Forget ``user``'s subscription for ``endpoint``; True if there was one."""
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted > 0


def notification_settings_get(*, user: AbstractBaseUser) -> NotificationSettings:
    """The player's notification settings, created with everything on at first use."""
    preferences, _ = NotificationSettings.objects.get_or_create(user=user)
    return preferences


def notification_settings_update(
    *, user: AbstractBaseUser, changes: Mapping[str, bool]
) -> NotificationSettings:
    """Switch the given ``notify_*`` fields on or off and return the settings."""
    unknown = set(changes) - set(NOTIFICATION_FIELDS)
    if unknown:
        raise ValueError(f"Unknown notification settings: {sorted(unknown)}")
    preferences = notification_settings_get(user=user)
    if changes:
        for field, value in changes.items():
            setattr(preferences, field, bool(value))
        preferences.save(update_fields=list(changes))
    return preferences


# --- Sending -------------------------------------------------------------------------------


def push_audience(*, user_ids: list[int], kind: str) -> set[int]:
    """The users among ``user_ids`` a push of ``kind`` could reach: at least one subscribed
    browser and ``kind`` not switched off. One query, so a task can stop early for players
    who never subscribed (most of them) before it reads anything else."""
    if kind not in KINDS:
        raise ValueError(f"Unknown notification kind {kind!r}; expected one of {KINDS}.")
    if not user_ids:
        return set()
    wanted = Q(user__notification_settings__isnull=True) | Q(
        **{f"user__notification_settings__notify_{kind}": True})
    return set(PushSubscription.objects.filter(wanted, user_id__in=user_ids)
               .values_list("user_id", flat=True).distinct())


def push_to_user(
    *, user_id: int, kind: str, title: str, body: str, url: str, match_id: int | None
) -> int:
    """Push a notification to every browser of a player; returns how many accepted it.

    ``kind`` is "turn", "deadline" or "finished"; a player who switched that kind off gets
    nothing. Notifications about one match share a tag, so a newer one replaces the older on the
    device. Delivery problems never raise: subscriptions the push service no longer knows (404,
    410) are deleted, anything else is logged and skipped.
    """
    if user_id not in push_audience(user_ids=[user_id], kind=kind):
        return 0
    subscriptions = list(PushSubscription.objects.filter(user_id=user_id))
    if not subscriptions:
        return 0

    tag = f"match-{match_id}" if match_id is not None else f"callbreak-{kind}"
    payload = json.dumps(
        {
            "title": title,
            "body": body,
            "url": url,
            "tag": tag,
            "match_id": match_id,
            "kind": kind,
        }
    )
    # Topic lets the push service drop an undelivered older message for the same match.
    headers = {"Topic": tag}
    if kind == "turn":
        headers["Urgency"] = "high"
    signer = Vapid(private_key=vapid_private_key())

    delivered = [
        subscription.pk for subscription in subscriptions
        if _deliver(subscription, payload=payload, headers=headers, signer=signer, kind=kind,
                    match_id=match_id)
    ]
    if delivered:
        PushSubscription.objects.filter(pk__in=delivered).update(last_success_at=timezone.now())
    return len(delivered)


def names_its_host(endpoint: str) -> bool:
    """False for an endpoint on an IPv6 address written out (``https://[2001:db8::1]/…``):
    push services name their hosts, and such an endpoint is refused rather than tried (this
    machine's own ``[::1]`` stays, for a local stand-in push service)."""
    host = urlsplit(endpoint).hostname or ""
    return ":" not in host or host == "::1"


def push_destination(endpoint: str) -> outbound.Destination:
    """The checked destination of a push endpoint: https on a public host name or IPv4
    address, or, where ``PUSH_ALLOW_INSECURE_ENDPOINTS`` is on, a local stand-in push service
    as well."""
    if not names_its_host(endpoint):
        raise outbound.Refused("ipv6_literal", "A push endpoint names its host.")
    if settings.PUSH_ALLOW_INSECURE_ENDPOINTS:
        return outbound.destination_check(endpoint, allowed=["*", *LOCAL_PUSH_ADDRESSES],
                                          schemes=("https", "http"), query=True)
    return outbound.destination_check(endpoint, allowed=["*"], schemes=("https",), query=True)


def _deliver(
    subscription: PushSubscription,
    *,
    payload: str,
    headers: dict[str, str],
    signer: Vapid,
    kind: str,
    match_id: int | None,
) -> bool:
    """Send one encrypted message; True when the push service accepted it."""
    try:
        destination = push_destination(subscription.endpoint)
        body = WebPusher(
            {"endpoint": subscription.endpoint,
             "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        ).encode(payload.encode(), content_encoding="aes128gcm")["body"]
        claims = {"sub": settings.VAPID_SUBJECT, "aud": destination.origin,
                  "exp": int(timezone.now().timestamp()) + VAPID_LIFETIME_SECONDS}
        answer = outbound.send(
            destination,
            method="POST",
            path=destination.path or "/",
            content=body,
            headers={**headers, **signer.sign(claims), "Content-Encoding": "aes128gcm",
                     "Content-Type": "application/octet-stream", "TTL": str(settings.PUSH_TTL)},
            timeout=settings.PUSH_TIMEOUT,
        )
    except outbound.Refused as refused:
        logger.warning("Push %s for match %s to subscription %s not sent: %s.",
                       kind, match_id, subscription.pk, refused.reason)
        return False
    except outbound.Unreachable as failure:
        logger.warning("Push %s for match %s to subscription %s failed: %s.",
                       kind, match_id, subscription.pk, failure)
        return False
    except Exception:
        logger.exception("Push %s for match %s to subscription %s failed unexpectedly.",
                         kind, match_id, subscription.pk)
        return False
    if answer.status in ACCEPTED_STATUSES:
        return True
    if answer.status in GONE_STATUSES:
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        logger.info("Push subscription %s is gone (HTTP %s): deleted.",
                    subscription.pk, answer.status)
    else:
        logger.warning("Push %s for match %s to subscription %s refused: HTTP %s.",
                       kind, match_id, subscription.pk, answer.status)
    return False
