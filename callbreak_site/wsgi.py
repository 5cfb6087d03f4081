"""WSGI entry point: the HTTP API alone (no websockets), for in-process tools and WSGI hosts."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")
application = get_wsgi_application()
