"""What offline play downloads: the Pyodide files the engine worker needs, and the engine
bundle, built from the server's own ``games/engine`` whenever static files are collected.

Both are static files found by ``OfflineFilesFinder`` (in ``STATICFILES_FINDERS``), so
``collectstatic`` (run by ``make run`` and by every deploy) copies them beside the PWA:

- ``frontend/offline/pyodide-<version>/``: the few files of the ``pyodide`` npm package a
  worker loads (``npm ci``, run by ``make install``, fetches the pinned version). Pyodide asks
  for them by name under one folder, so the version in the folder's name keeps a deploy of a
  new version from mixing with the old.
- ``frontend/offline/engine.zip``: ``games/engine`` byte for byte, with the pure modules
  the worker runs on top of it (``games/offline_referee.py``, ``games/view_shape.py`` and
  ``games/bot_names.py``).
  Its hashed name changes with any of their bytes; nothing under ``frontend/`` holds a copy.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# The loader, the interpreter (its JavaScript half and its WebAssembly), the standard library
# and the package index the loader reads at start. The rest of the npm package (type
# declarations, source maps, the console pages, the CommonJS build) is never served.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
ENGINE_DIR = ROOT / "games" / "engine"
# Besides the engine: what the worker runs on top of it, each as it is in the repository.
BUNDLE_EXTRAS = (ROOT / "games" / "offline_referee.py", ROOT / "games" / "view_shape.py",
                 ROOT / "games" / "bot_names.py")
OFFLINE_DIR = "frontend/offline"
BUNDLE_NAME = f"{OFFLINE_DIR}/engine.zip"
# A fixed time stamp, so the same sources always make the same bytes (and the same hash).
_STAMP = (2020, 1, 1, 0, 0, 0)


def pyodide_version() -> str | None:
    """The installed Pyodide's version, or None when ``npm ci`` has not been run."""
    try:
        return json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def pyodide_folder() -> str | None:
    """The static folder of the Pyodide files (``frontend/offline/pyodide-<version>``)."""
    version = pyodide_version()
    return f"{OFFLINE_DIR}/pyodide-{version}" if version else None


def bundle_members() -> list[tuple[str, Path]]:
    """``(name in the bundle, source file)`` for every file the bundle holds, in order: each
    name is the file's path from the repository root, so ``import games.engine`` works."""
    sources = [p for p in ENGINE_DIR.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    sources += BUNDLE_EXTRAS
    return sorted((p.relative_to(ROOT).as_posix(), p) for p in sources)


def build_bundle() -> bytes:
    """The engine bundle as zip bytes, the same for the same sources."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, source in bundle_members():
            info = zipfile.ZipInfo(name, date_time=_STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            bundle.writestr(info, source.read_bytes())
    return out.getvalue()


def _built_bundle_dir() -> Path:
    """A folder holding ``engine.zip`` freshly built (rewritten only when its bytes change)."""
    folder = Path(settings.VAR_DIR) / "offline-build"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "engine.zip"
    data = build_bundle()
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)
    return folder


class _Prefixed(FileSystemStorage):
    """A folder served under a static prefix (collectstatic reads ``prefix``)."""

    def __init__(self, location: Path, prefix: str) -> None:
        super().__init__(location=str(location))
        self.prefix = prefix


class OfflineFilesFinder(BaseFinder):
    """Finds the Pyodide files and the freshly built engine bundle for ``collectstatic``."""

    def _sources(self) -> Iterator[tuple[str, str, _Prefixed]]:
        """``(static path, name in its storage, storage)`` of every offline file."""
        folder = pyodide_folder()
        if folder:
            pyodide = _Prefixed(PYODIDE_DIR, folder)
            for name in PYODIDE_FILES:
                yield f"{folder}/{name}", name, pyodide
        yield BUNDLE_NAME, "engine.zip", _Prefixed(_built_bundle_dir(), OFFLINE_DIR)

    def check(self, **kwargs: object) -> list:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: object) -> str | list[str]:
        for static_path, name, storage in self._sources():
            if static_path == path:
                found = storage.path(name)
                return [found] if find_all else found
        return [] if find_all else ""

    def list(self, ignore_patterns: list[str] | None) -> Iterator[tuple[str, _Prefixed]]:
        for _, name, storage in self._sources():
            yield name, storage
