"""The PWA's ES modules as files: where they live and which import which (no Django, so the
shell-size tool and benchmarks can read the graph as well as the views that serve it)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent / "static"
APP_DIR = STATIC_DIR / "frontend"

# A static import at the top of a module: ``import { a } from "./x.js";`` or ``import "./x.js";``.
STATIC_IMPORT = re.compile(r"""^import\s+(?:[^"';]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
ENTRY = "frontend/js/app.js"


def _imports(module: str) -> list[str]:
    """The modules ``module`` (a path under static/) imports statically, as static paths."""
    source = (STATIC_DIR / module).read_text(encoding="utf-8")
    folder = posixpath.dirname(module)
    return [posixpath.normpath(posixpath.join(folder, m)) for m in STATIC_IMPORT.findall(source)]


def module_graph(entry: str) -> list[str]:
    """``entry`` and every module it needs, directly or not, each once."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.append(module)
            todo.extend(_imports(module))
    return seen
