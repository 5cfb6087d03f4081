from django.urls import path

from .socket import PlayerConsumer

websocket_urlpatterns = [path("ws/", PlayerConsumer.as_asgi())]
