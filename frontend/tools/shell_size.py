"""Measure the PWA shell: every JS and CSS file under frontend/static, gzipped one by one.

Run from the repository root: ``python -m frontend.tools.shell_size``. The budget is 60 KB
gzip for what a first visit to any one screen downloads before it draws: the entry module and
everything it imports, that screen's modules, the stylesheet and the service worker
(``first_visit_sizes``; ``tests/browser/test_shell_budget.py`` holds the line). The other
screens' modules come later, when opened or when the worker caches them behind the page, so
the total of every file is printed too but has no budget of its own.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from frontend.modules import ENTRY, module_graph

STATIC = Path(__file__).resolve().parent.parent / "static" / "frontend"
BUDGET = 60 * 1024


def shell_sizes() -> dict[str, tuple[int, int]]:
    """``{path: (raw bytes, gzip bytes)}`` for each JS and CSS file of the shell."""
    sizes = {}
    for path in sorted(STATIC.rglob("*")):
        if path.suffix in {".js", ".css"}:
            raw = path.read_bytes()
            sizes[path.relative_to(STATIC).as_posix()] = (len(raw), len(gzip.compress(raw, 9)))
    return sizes


def first_visit_sizes() -> dict[str, int]:
    """``{screen: gzip bytes}`` a first visit to each screen downloads before it draws."""
    sizes = shell_sizes()
    fixed = sizes["css/app.css"][1] + sizes["sw.js"][1]
    out = {}
    for path in sorted((STATIC / "js" / "screens").glob("*.js")):
        modules = set(module_graph(ENTRY)) | set(module_graph(f"frontend/js/screens/{path.name}"))
        out[path.stem] = fixed + sum(sizes[m.removeprefix("frontend/")][1] for m in modules)
    return out


def main() -> None:
    sizes = shell_sizes()
    for name, (raw, packed) in sizes.items():
        print(f"{packed:7,d}  {raw:7,d}  {name}")
    total_raw = sum(raw for raw, _ in sizes.values())
    total = sum(packed for _, packed in sizes.values())
    print(f"{total:7,d}  {total_raw:7,d}  total (gzip, raw bytes)")
    for screen, packed in first_visit_sizes().items():
        print(f"{packed:7,d}  first visit to {screen} (gzip); budget {BUDGET:,d}")


if __name__ == "__main__":
    main()
