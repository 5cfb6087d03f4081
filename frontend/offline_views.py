"""Offline play's files as the browser sees them: the list the service worker keeps (with
their sizes and one version for the set) and the engine worker's script.

The worker runs Pyodide, which compiles WebAssembly and evaluates its own JavaScript glue, so
its script is served here with a policy that allows that (``'wasm-unsafe-eval'`` and
``'unsafe-eval'``) for the worker alone; the pages keep the strict policy of the shell. The
worker has no DOM and talks to the page only through messages.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from csp.decorators import csp_update
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import Http404, HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views import View

from .modules import APP_DIR
from .offline_files import BUNDLE_NAME, PYODIDE_FILES, pyodide_folder

WORKER_SOURCE = APP_DIR / "js" / "offline" / "worker.js"


def _sizes(path: str) -> tuple[int, int]:
    """The bytes of a static file as stored, and as downloaded (its gzip copy when the
    storage made one)."""
    found = finders.find(path)
    raw = Path(found).stat().st_size if found else 0
    try:
        packed = Path(staticfiles_storage.path(staticfiles_storage.stored_name(path) + ".gz"))
        return raw, packed.stat().st_size if packed.exists() else raw
    except (ValueError, NotImplementedError):
        return raw, raw


def _cached(func):
    # The files change only with a deploy; in DEBUG they change while the server runs.
    return func if settings.DEBUG else lru_cache(maxsize=1)(func)


@_cached
def worker_urls() -> dict[str, str] | None:
    """What the worker loads, by URL; None when Pyodide is not installed (no offline play).

    Pyodide finds its interpreter by name beside its loader, so its files keep their plain
    names in a folder named for the version; the bundle and the store have hashed names."""
    folder = pyodide_folder()
    if folder is None:
        return None
    plain = {name: f"{settings.STATIC_URL}{folder}/{name}" for name in PYODIDE_FILES}
    return {"pyodide": plain["pyodide.mjs"], "index": f"{settings.STATIC_URL}{folder}/",
            "lock": plain["pyodide-lock.json"], "stdlib": plain["python_stdlib.zip"],
            "bundle": static(BUNDLE_NAME), "store": static("frontend/js/offline/store.js")}


def _worker_script() -> str:
    return WORKER_SOURCE.read_text(encoding="utf-8").replace(
        '"__FILES__"', json.dumps(worker_urls()))


@_cached
def offline_assets() -> dict[str, object] | None:
    """The set the service worker keeps for offline play: every URL, its total size on the
    phone and to download, and a version that changes with any of them."""
    urls = worker_urls()
    if urls is None:
        return None
    folder = pyodide_folder()
    paths = [f"{folder}/{name}" for name in PYODIDE_FILES] + [BUNDLE_NAME]
    sizes = [_sizes(path) for path in paths]
    script = _worker_script().encode()
    worker = f"{reverse('offline-worker')}?v={hashlib.sha256(script).hexdigest()[:12]}"
    files = [worker] + [f"{settings.STATIC_URL}{folder}/{name}" for name in PYODIDE_FILES]
    files.append(urls["bundle"])
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:16]
    return {"version": version, "worker": worker, "files": files,
            "bytes": len(script) + sum(raw for raw, _ in sizes),
            "download": len(script) + sum(packed for _, packed in sizes)}


@method_decorator(csp_update({"script-src": ["'wasm-unsafe-eval'", "'unsafe-eval'"]}),
                  name="dispatch")
class OfflineWorkerView(View):
    """``/offline/worker.js``: the engine worker, with the URLs of what it loads filled in."""

    def get(self, request: HttpRequest) -> HttpResponse:
        if worker_urls() is None:
            raise Http404("Offline play is not installed on this server.")
        response = HttpResponse(_worker_script(),
                                content_type="application/javascript; charset=utf-8")
        response["Cache-Control"] = "public, max-age=3600"
        return response
