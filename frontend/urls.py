"""Routes of the PWA. Every client-side route serves the same shell (History API routing);
each names the screen module it opens (``screens/<screen>.js``), so the shell can announce
that screen's modules to the browser before the app asks for them."""

from django.urls import path, re_path

from . import offline_views, views

shell = views.AppShellView.as_view()

urlpatterns = [
    path("", shell, {"screen": "lobby"}, name="app-shell"),
    path("sw.js", views.ServiceWorkerView.as_view(), name="service-worker"),
    path("manifest.webmanifest", views.ManifestView.as_view(), name="web-manifest"),
    path("offline/worker.js", offline_views.OfflineWorkerView.as_view(), name="offline-worker"),
    path("i18n/<str:lang>.json", views.CatalogView.as_view(), name="i18n-catalog"),
    # Client routes (see static/frontend/js/router.js): all answered by the shell.
    re_path(r"^(?:signin|signup)/?$", shell, {"screen": "auth"}),
    re_path(r"^new/?$", shell, {"screen": "newmatch"}),
    re_path(r"^play/?$", shell, {"screen": "online"}),
    re_path(r"^history/?$", shell, {"screen": "history"}),
    re_path(r"^settings/?$", shell, {"screen": "settings"}),
    re_path(r"^account/?$", shell, {"screen": "account"}),
    re_path(r"^(?:forgot-password|reset-password/[\w-]+/[\w-]+|confirm-email/[\w:-]+)/?$", shell,
            {"screen": "recover"}),
    re_path(r"^m/(?P<match_id>\d+)/?$", shell, {"screen": "table"}),
    # Offline play: its start screen, and a match kept on this phone (the same table).
    re_path(r"^offline/?$", shell, {"screen": "offline"}),
    re_path(r"^offline/[0-9a-f-]{36}/?$", shell, {"screen": "table"}),
    re_path(r"^replay/\d+/?$", shell, {"screen": "replay"}),
    re_path(r"^join/[\w-]+/?$", shell, {"screen": "join"}),
    # A name is any text without a slash, as sign-up allows (marks of any script included).
    re_path(r"^stats(?:/[^/]+)?/?$", shell, {"screen": "stats"}),
    re_path(r"^friends/?$", shell, {"screen": "friends"}),
    re_path(r"^leaderboard/?$", shell, {"screen": "leaderboard"}),
    re_path(r"^rules/?$", shell, {"screen": "rules"}),
    re_path(r"^u/[^/]+/?$", shell, {"screen": "profile"}),
]
