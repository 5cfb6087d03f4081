"""The project uses other libraries only through their public APIs: no module reads, sets or
imports another library's ``_private`` name. The project's own private names are its own."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "bench", "callbreak_site", "frontend", "games", "tests")
# Underscored names that the libraries document as public: Django's model ``_meta`` API and
# the named-tuple methods.
DOCUMENTED = {"_meta", "_asdict", "_replace", "_fields", "_make"}


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                  if "migrations" not in p.parts)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in DOCUMENTED


def own_names(trees: dict[Path, ast.AST]) -> set[str]:
    """Every underscored name the project defines itself."""
    names = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[0])
    return {n for n in names if private(n)}


def test_no_module_reaches_into_another_librarys_private_names():
    trees = {path: ast.parse(path.read_text(), str(path)) for path in sources()}
    own = own_names(trees)
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
                found.append(f"{where} .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and not (node.level or (node.module or "")
                                                           .split(".")[0] in PACKAGES):
                found += [f"{where} import {a.name}" for a in node.names if private(a.name)]
    assert not found, "private names of other libraries:\n" + "\n".join(found)


def test_the_check_finds_a_private_read(tmp_path):
    """The check itself: a read of a library's private name is found."""
    tree = ast.parse("from django.core.cache import cache\ncache._cache.get_client()\n")
    attrs = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)]
    assert [a for a in attrs if private(a) and a not in own_names({})] == ["_cache"]
