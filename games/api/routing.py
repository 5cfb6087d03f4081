from django.urls import path

from .consumers import PlayerConsumer

websocket_urlpatterns = [path("ws/", PlayerConsumer.as_asgi())]
