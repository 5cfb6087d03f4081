"""ASGI entry point: Django over HTTP and the players' websocket at ``/ws/``."""

import asyncio
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")
django_wsgi_app = get_wsgi_application()

from a2wsgi import WSGIMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from callbreak_site import embedded  # noqa: E402
from callbreak_site.memory import freeze_startup_objects  # noqa: E402
from games.api.routing import websocket_urlpatterns  # noqa: E402
from games.api.ws_auth import SameOriginValidator, TokenOrSessionAuthMiddleware  # noqa: E402

router = ProtocolTypeRouter(
    {
        # Plain HTTP runs Django's synchronous stack whole on a pool of threads: one hand-over
        # per request instead of one per middleware, and requests side by side.
        "http": WSGIMiddleware(django_wsgi_app, workers=settings.HTTP_THREADS),
        "websocket": SameOriginValidator(
            TokenOrSessionAuthMiddleware(URLRouter(websocket_urlpatterns))
        ),
    }
)


async def application(scope, receive, send):  # noqa: ANN001 - ASGI signature
    """The router, plus the bookkeeping the in-process worker needs."""
    if embedded.server_loop() is None:
        embedded.remember_server_loop(asyncio.get_running_loop())
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    await router(scope, receive, send)


async def _lifespan(receive, send) -> None:  # noqa: ANN001
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if settings.CELERY_IN_PROCESS_WORKER and os.environ.get("CALLBREAK_SERVE") == "1":
                # Off the event loop: the worker's start-up signals touch the database.
                await asyncio.to_thread(embedded.start_in_process_worker)
            # The views and serializers behind the URLs are imported before the objects the
            # server starts with are frozen out of garbage collection.
            get_resolver().url_patterns  # noqa: B018
            freeze_startup_objects()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
