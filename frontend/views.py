"""Serves the PWA: the app shell, the service worker at the root scope and the manifest.

Everything else is static files (hashed names, long cache) and the JSON API. The shell loads
its ES modules through an import map, so a module importing ``./api.js`` gets the hashed file.
The import map is the page's one inline script: the Content-Security-Policy allows it by its
hash and nothing else inline, and lets the page connect to its own socket. A match's page, for
a player who may see the match, carries a still copy of its table (``table_copy``) with the
style sheet's rules that can match it (``first_styles``) and the copy's own rules inline, each
style element allowed by its hash too; the whole style sheet is asked for after the table.

On a slow network the page's wait is a chain of round trips (a module is only asked for once
the module importing it has arrived), so the shell lists every module the opened screen needs
(``modulepreload``) and the API answers it will ask for first (``preload``): the browser asks for
all of them at once, while the page is still parsing.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.decorators import method_decorator
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.gzip import gzip_page
from django.views.generic import TemplateView
from django.views.i18n import JSONCatalog

from core.paths import is_id

from .first_styles import Stylesheet, classes_in, parse
from .modules import APP_DIR, ENTRY, STATIC_DIR, module_graph
from .offline_views import offline_assets
from .table_copy import table_copy

THEME = "#15653e"
BACKGROUND = "#0f3d27"


def _shell_files() -> list[str]:
    """Static paths the shell needs offline: every module, the stylesheet and the icons."""
    found = sorted(
        p.relative_to(STATIC_DIR).as_posix()
        for p in APP_DIR.rglob("*")
        if p.is_file() and p.suffix in {".js", ".css", ".png", ".svg"} and p.name != "sw.js"
    )
    return found


def _import_map() -> dict[str, dict[str, str]]:
    """Plain module URLs mapped to their hashed names (identity when not hashed)."""
    modules = [p for p in _shell_files() if p.endswith(".js")]
    return {"imports": {settings.STATIC_URL + p: static(p) for p in modules}}


def source_hash(text: str) -> str:
    """How the Content-Security-Policy names one inline script or style element."""
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def _cached(func):
    # Hashed names change only with a deploy; in DEBUG files change while the server runs.
    return func if settings.DEBUG else lru_cache(maxsize=1)(func)


@_cached
def shell_assets() -> dict[str, object]:
    importmap = json.dumps(_import_map())
    precache = ["/", *(static(p) for p in _shell_files()), "/manifest.webmanifest"]
    version = hashlib.sha256("\n".join(precache).encode()).hexdigest()[:16]
    return {"importmap": importmap, "importmap_hash": source_hash(importmap),
            "precache": precache, "version": version}


STYLESHEET = "frontend/css/app.css"


@_cached
def stylesheet() -> Stylesheet:
    """The app's stylesheet (it names no other file), parsed into rules."""
    return parse((STATIC_DIR / STYLESHEET).read_text(encoding="utf-8"))


@_cached
def shell_classes() -> frozenset[str]:
    """The classes of the shell's own elements (the bar, the skip link, the toasts)."""
    return classes_in(get_template("frontend/index.html").template.source)


@lru_cache(maxsize=64)
def _first_stylesheet(classes: frozenset[str], sheet: Stylesheet) -> dict[str, str]:
    text = sheet.first_styles(classes)
    return {"text": text, "hash": source_hash(text)}


def first_stylesheet(html: str) -> dict[str, str]:
    """The stylesheet's rules that can match the shell with ``html`` in it, and their policy
    hash: a page drawn by the server carries them inline, so its first frame waits for no
    request. Tables differ in a few classes only, so few distinct subsets are made."""
    return _first_stylesheet(classes_in(html) | shell_classes(), stylesheet())


@_cached
def screen_modules() -> dict[str, list[str]]:
    """For each screen, the hashed URLs of the modules it needs beyond the entry module."""
    entry = module_graph(ENTRY)
    screens = {}
    for path in sorted((APP_DIR / "js" / "screens").glob("*.js")):
        graph = module_graph(path.relative_to(STATIC_DIR).as_posix())
        screens[path.stem] = [static(m) for m in entry[1:] + [m for m in graph if m not in entry]]
    return screens


_SIGNED_OUT_SCREENS = {"lobby": "welcome", "join": "join", "recover": "recover",
                       "offline": "offline", "online": "online", "rules": "rules"}


def _catalog_response(request: HttpRequest, lang: str) -> HttpResponse:
    with translation.override(lang):
        return JSONCatalog.as_view(domain="djangojs", packages=["frontend"])(request)


_catalogs: dict[str, dict[str, object]] = {}


def _catalog_of(request: HttpRequest, lang: str) -> dict[str, object]:
    # The catalogue depends only on the language and the .mo files: read once per process
    # (in DEBUG, at every page, as translations change while the server runs).
    if settings.DEBUG or lang not in _catalogs:
        _catalogs[lang] = json.loads(_catalog_response(request, lang).content)
    return _catalogs[lang]


# The shell is compressed (Django's gzip, with its BREACH mitigation): a match's page carries
# the stylesheet and the drawn table, and bytes are what a slow phone network waits for.
@method_decorator(gzip_page, name="dispatch")
@method_decorator(ensure_csrf_cookie, name="dispatch")
class AppShellView(TemplateView):
    """The one HTML page of the app; the client routes every path listed in ``urls.py``."""

    template_name = "frontend/index.html"

    def get(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        socket_origin = f"{'wss' if request.is_secure() else 'ws'}://{request.get_host()}"
        policy = {"script-src": [shell_assets()["importmap_hash"]],
                  "connect-src": [socket_origin]}
        # The first visit to a match draws its table before any module has arrived. Only a
        # match's own page carries it: the service worker keeps "/" as the shell of every
        # route and puts its own copy in.
        self.match_id = self._match_id()
        self.table_copy = None
        if self.match_id is not None:
            self.table_copy = table_copy(user=request.user, match_id=self.match_id,
                                         language=translation.get_language()
                                         or settings.LANGUAGE_CODE)
            if self.table_copy:
                # Rendered by its own template, which escapes what it draws.
                self.table_copy["html"] = mark_safe(render_to_string(
                    "frontend/table_copy/table.html", {"copy": self.table_copy}, request))
                self.table_copy["sheet"] = first_stylesheet(self.table_copy["html"])
                policy["style-src"] = [source_hash(self.table_copy["style"]),
                                       self.table_copy["sheet"]["hash"]]
        response = csp_update(policy)(super().get)(request, *args, **kwargs)
        if self.table_copy:
            patch_cache_control(response, private=True)  # it shows the player's hand
        return response

    def _match_id(self) -> int | None:
        """The match a table's page is for; None elsewhere, and for a number no match can
        have (the screen then says the match was not found)."""
        if self.kwargs.get("screen") != "table" or "match_id" not in self.kwargs:
            return None
        match_id = int(self.kwargs["match_id"])
        return match_id if is_id(match_id) else None

    def get_context_data(self, **kwargs: object) -> dict[str, object]:
        context = super().get_context_data(**kwargs)
        signed_in = self.request.user.is_authenticated
        # Signed out, the home is the welcome screen, an invite or a mailed link opens its own
        # screen, and every other screen sends the player to sign in first.
        screen = kwargs.get("screen", "lobby")
        if not signed_in:
            screen = _SIGNED_OUT_SCREENS.get(screen, "auth")
        data = []
        if signed_in:
            data.append(reverse("auth-me"))
            if self.match_id is not None:
                data.append(reverse("match-detail", kwargs={"match_id": self.match_id}))
        context["importmap"] = shell_assets()["importmap"]
        context["preload_modules"] = screen_modules().get(screen, [])
        context["preload_data"] = data
        context["entry"] = static(ENTRY)
        context["table_copy"] = self.table_copy
        # A drawn table's page is complete once parsed: the rules it uses are inline, and the
        # whole stylesheet and the modules are asked for at the end of the body, so neither
        # their download nor their compiling comes before the table's first frame.
        context["theme"] = THEME
        # The page's first catalogue rides in the page (a JSON data block, not a script), so the
        # first screen is drawn in the player's language with no extra round trip.
        language = translation.get_language() or settings.LANGUAGE_CODE
        context["catalog"] = _catalog_of(self.request, language)
        # The language picker names each language in its own words.
        context["languages"] = [{"code": code, "name": name} for code, name in settings.LANGUAGES]
        return context


# The worker runs under the policy of its own script; Chromium shows a notification's icon
# through a blob: image, which the site's policy would refuse (and no notification appears).
@method_decorator(csp_update({"img-src": ["blob:"]}), name="dispatch")
@method_decorator(never_cache, name="dispatch")
class ServiceWorkerView(View):
    """``/sw.js`` at the root so its scope is the whole site; never cached, so updates land."""

    def get(self, request: HttpRequest) -> HttpResponse:
        assets = shell_assets()
        source = (APP_DIR / "sw.js").read_text(encoding="utf-8")
        source = source.replace('"__VERSION__"', json.dumps(assets["version"]))
        source = source.replace('["__PRECACHE__"]', json.dumps(assets["precache"]))
        source = source.replace('["__TABLE_MODULES__"]', json.dumps(screen_modules()["table"]))
        source = source.replace('"__OFFLINE__"', json.dumps(offline_assets()))
        response = HttpResponse(source, content_type="application/javascript; charset=utf-8")
        response["Service-Worker-Allowed"] = "/"
        return response


class ManifestView(View):
    """The web app manifest, with icon URLs resolved through the static storage."""

    def get(self, request: HttpRequest) -> HttpResponse:
        icons = [
            {"src": static(f"frontend/icons/{kind}-{size}.png"), "sizes": f"{size}x{size}",
             "type": "image/png", "purpose": purpose}
            for kind, purpose in (("icon", "any"), ("maskable", "maskable"))
            for size in (192, 512)
        ]
        manifest = {
            "name": "Call Break",
            "short_name": "Call Break",
            "description": _("Four-player Call Break against friends and bots, live or by turns."),
            "lang": translation.get_language(),
            "id": "/",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "portrait",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "icons": icons,
        }
        response = JsonResponse(manifest, content_type="application/manifest+json")
        response["Cache-Control"] = "public, max-age=3600"
        return response


class CatalogView(View):
    """The PWA's messages in one language: the ``djangojs`` domain of ``locale/``, as JSON.

    The language is in the path (not taken from the request) so each catalogue is one
    cacheable URL, and the worker can keep a copy for offline play."""

    def get(self, request: HttpRequest, lang: str) -> HttpResponse:
        if lang not in dict(settings.LANGUAGES):
            raise Http404(lang)
        response = _catalog_response(request, lang)
        response["Cache-Control"] = "public, max-age=3600"
        return response
