"""ASGI entry point: Django over HTTP and the players' websocket at ``/ws/``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")
django_wsgi_app = get_wsgi_application()

from a2wsgi import WSGIMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware  # noqa: E402

from callbreak_site import embedded  # noqa: E402
from notifications.routing import websocket_urlpatterns  # noqa: E402
from notifications.socket_auth import SameOriginValidator, TokenOrSessionAuthMiddleware  # noqa: E402

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


def trusting_proxies(app, trusted: list[str]):  # noqa: ANN001, ANN201 - ASGI application
    """``app`` seeing the client behind the ``trusted`` proxies: the one place a forwarded
    address is believed, whichever server runs the application (the server's own proxy-header
    handling is off: see callbreak_site.serve and the Procfile). Django's REMOTE_ADDR, and so
    every throttle, then count the client: never the proxy, never an address a client wrote."""
    return ProxyHeadersMiddleware(app, trusted_hosts=trusted) if trusted else app


router = trusting_proxies(router, settings.FORWARDED_ALLOW_IPS)


async def application(scope, receive, send):  # noqa: ANN001 - ASGI signature
    """The router, plus the server's start-up for the embedded run."""
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    await router(scope, receive, send)


async def _lifespan(receive, send) -> None:  # noqa: ANN001
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await embedded.on_server_start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
