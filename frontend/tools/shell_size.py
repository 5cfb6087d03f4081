"""Measure the PWA shell: every JS and CSS file under frontend/static, gzipped one by one.

Run from the repository root: ``python frontend/tools/shell_size.py``. The budget is 60 KB
gzip for all of it together; ``tests/browser/test_shell_budget.py`` holds the line.
"""

from __future__ import annotations

import gzip
from pathlib import Path

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


def main() -> None:
    sizes = shell_sizes()
    for name, (raw, packed) in sizes.items():
        print(f"{packed:7,d}  {raw:7,d}  {name}")
    total_raw = sum(raw for raw, _ in sizes.values())
    total = sum(packed for _, packed in sizes.values())
    print(f"{total:7,d}  {total_raw:7,d}  total (gzip, raw bytes); budget {BUDGET:,d} gzip")


if __name__ == "__main__":
    main()
