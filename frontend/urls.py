"""Routes of the PWA. Every client-side route serves the same shell (History API routing)."""

from django.urls import path, re_path

from . import views

shell = views.AppShellView.as_view()

urlpatterns = [
    path("", shell, name="app-shell"),
    path("sw.js", views.ServiceWorkerView.as_view(), name="service-worker"),
    path("manifest.webmanifest", views.ManifestView.as_view(), name="web-manifest"),
    # Client routes (see static/frontend/js/router.js): all answered by the shell.
    re_path(r"^(?:signin|signup|new|history|settings)/?$", shell),
    re_path(r"^(?:m|replay)/\d+/?$", shell),
    re_path(r"^join/[\w-]+/?$", shell),
    re_path(r"^stats(?:/[\w.@+-]+)?/?$", shell),
]
