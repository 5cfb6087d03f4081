"""Web Push and notification settings, mounted under ``/api/``."""

from django.urls import path

from . import views as push_views

urlpatterns = [
    path("push/key/", push_views.PushKeyView.as_view(), name="push-key"),
    path("push/subscribe/", push_views.PushSubscribeView.as_view(), name="push-subscribe"),
    path("push/unsubscribe/", push_views.PushUnsubscribeView.as_view(), name="push-unsubscribe"),
    path("me/settings/", push_views.NotificationSettingsView.as_view(), name="me-settings"),
]
