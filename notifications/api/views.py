"""Web Push endpoints: the server's public key, subscribe, unsubscribe and notification settings.

Views validate what the browser sends and hand it to ``notifications.services.push``.
"""

from __future__ import annotations

import ipaddress

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import outbound
from core.api import StrictBooleanField, StrictCharField
from notifications.services import push

LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}


def _is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_internal_address(host: str) -> bool:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not address.is_global


def _decoded(value: str, *, length: int, name: str) -> bytes:
    try:
        raw = push.b64url_decode(value)
    except ValueError:
        raise serializers.ValidationError(f"The {name} is not base64url.")
    if len(raw) != length:
        raise serializers.ValidationError(f"The {name} must be {length} bytes, not {len(raw)}.")
    return raw


class SubscriptionKeysSerializer(serializers.Serializer):
    p256dh = StrictCharField(max_length=100)
    auth = StrictCharField(max_length=32)

    def validate_p256dh(self, value: str) -> str:
        raw = _decoded(value, length=65, name="browser key (p256dh)")
        if raw[0] != 0x04:
            raise serializers.ValidationError(_("The browser key (p256dh) must be uncompressed."))
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            raise serializers.ValidationError(_("The browser key (p256dh) is not a P-256 point."))
        return push.b64url_encode(raw)

    def validate_auth(self, value: str) -> str:
        return push.b64url_encode(_decoded(value, length=16, name="auth secret"))


class PushSubscribeSerializer(serializers.Serializer):
    """The browser's ``PushSubscription.toJSON()``; ``expirationTime`` is accepted and ignored."""

    endpoint = serializers.URLField(max_length=500)
    keys = SubscriptionKeysSerializer()

    def validate_endpoint(self, value: str) -> str:
        # The address a host name points to is checked at each push, where it counts.
        try:
            scheme, host, *_rest = outbound.url_parts(value, schemes=("https", "http"), query=True)
        except outbound.Refused as refused:
            raise serializers.ValidationError(refused.detail)
        if _is_loopback(host):
            # Only a stand-in push service for local testing lives on this machine.
            if not settings.PUSH_ALLOW_INSECURE_ENDPOINTS or host not in LOOPBACK_HOSTS:
                raise serializers.ValidationError(_("This push endpoint is on this machine."))
            return value
        if scheme != "https":
            raise serializers.ValidationError(_("A push endpoint must be an https:// URL."))
        if not push.names_its_host(value):
            raise serializers.ValidationError(_("A push endpoint must name its host."))
        if _is_internal_address(host):
            raise serializers.ValidationError(_("A push endpoint must be on the public internet."))
        return value


class PushUnsubscribeSerializer(serializers.Serializer):
    endpoint = StrictCharField(max_length=500)


class NotificationSettingsSerializer(serializers.Serializer):
    notify_turn = StrictBooleanField(help_text="A push when it becomes your turn.")
    notify_deadline = StrictBooleanField(help_text="A warning before a long turn runs out.")
    notify_finished = StrictBooleanField(help_text="A push when a match you are in ends.")


PushKeySerializer = inline_serializer("PushKey", {"public_key": StrictCharField()})
PushSubscriptionSerializer = inline_serializer(
    "PushSubscriptionCreated",
    {"endpoint": serializers.URLField(), "created_at": serializers.DateTimeField()},
)


class PushKeyView(APIView):
    """The ``applicationServerKey`` to pass to ``PushManager.subscribe``."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PushKeySerializer})
    def get(self, request: Request) -> Response:
        return Response({"public_key": push.vapid_public_key()})


class PushSubscribeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=PushSubscribeSerializer, responses={201: PushSubscriptionSerializer})
    def post(self, request: Request) -> Response:
        serializer = PushSubscribeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        subscription = push.push_subscription_save(
            user=request.user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            user_agent=request.headers.get("User-Agent", ""),
        )
        return Response(
            {"endpoint": subscription.endpoint, "created_at": subscription.created_at},
            status=status.HTTP_201_CREATED,
        )


class PushUnsubscribeView(APIView):
    """Forget one of your own subscriptions; answers 204 whether or not it existed."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=PushUnsubscribeSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        serializer = PushUnsubscribeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        push.push_subscription_delete(
            user=request.user, endpoint=serializer.validated_data["endpoint"]
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class NotificationSettingsView(APIView):
    """Which pushes you get; PATCH any subset of the switches."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: NotificationSettingsSerializer})
    def get(self, request: Request) -> Response:
        preferences = push.notification_settings_get(user=request.user)
        return Response(NotificationSettingsSerializer(preferences).data)

    @extend_schema(
        request=NotificationSettingsSerializer, responses={200: NotificationSettingsSerializer}
    )
    def patch(self, request: Request) -> Response:
        serializer = NotificationSettingsSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        preferences = push.notification_settings_update(
            user=request.user, changes=serializer.validated_data
        )
        return Response(NotificationSettingsSerializer(preferences).data)
