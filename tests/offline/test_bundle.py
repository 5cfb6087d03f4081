"""The browser runs the server's own engine: the offline bundle is built from games/engine
byte for byte (the collected copy the site serves too), holds nothing else but the two pure
modules the worker runs on top of it, and every module it imports exists in Pyodide, where
it plays a hand."""

from __future__ import annotations

import ast
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage

from frontend.offline_files import (
    BUNDLE_NAME,
    ENGINE_DIR,
    PYODIDE_DIR,
    PYODIDE_FILES,
    ROOT,
    build_bundle,
    pyodide_folder,
)

EXTRAS = {"games/offline_referee.py", "games/view_shape.py", "games/bot_names.py"}


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        return {name: bundle.read(name) for name in bundle.namelist()}


def engine_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in ENGINE_DIR.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


def served_bundle() -> bytes:
    return Path(staticfiles_storage.path(staticfiles_storage.stored_name(BUNDLE_NAME))).read_bytes()


@pytest.mark.parametrize("source", ["built", "served"])
def test_the_bundle_is_games_engine_byte_for_byte_and_nothing_else(source):
    found = members(build_bundle() if source == "built" else served_bundle())
    assert set(found) == engine_files() | EXTRAS
    differ = [name for name, data in found.items() if (ROOT / name).read_bytes() != data]
    assert not differ, f"the browser bundle differs from the source in {differ}"


def test_the_same_sources_make_the_same_bundle():
    assert build_bundle() == build_bundle()


def test_only_the_pyodide_files_a_worker_loads_are_served():
    folder = pyodide_folder()
    assert folder, "Pyodide is not installed: run make install (npm ci)"
    collected = Path(staticfiles_storage.path(folder))
    hashed = {staticfiles_storage.stored_name(f"{folder}/{name}").rsplit("/", 1)[1]
              for name in PYODIDE_FILES}
    collected = {p.name for p in collected.iterdir() if p.suffix != ".gz"}
    assert collected == set(PYODIDE_FILES) | hashed
    pinned = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert folder.endswith(pinned["node_modules/pyodide"]["version"])


def imported_stdlib() -> set[str]:
    """The top-level standard library modules the bundle's Python imports."""
    names = set()
    for name in members(build_bundle()):
        if name.endswith(".py"):
            tree = ast.parse((ROOT / name).read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return {n for n in names if n in sys.stdlib_module_names}


PLAY_IN_PYODIDE = """
import { loadPyodide } from "%(pyodide)s";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(index)s" });
const bundle = new Uint8Array(readFileSync(process.argv[2]));
pyodide.unpackArchive(bundle, "zip", { extractDir: "/offline" });
const out = pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, "/offline")
missing = [m for m in %(stdlib)s if importlib.util.find_spec(m) is None]
from games import offline_referee as referee
saved = referee.match_start(match_id="0b5e2c4a-1111-4222-8333-444455556666",
                            rules={"preset": "standard"}, levels=["easy", "normal", "hard"],
                            player="me", created_at="2025-01-01")
while not referee.match_view(saved)["hand_results"]:
    after = referee.bot_turn(saved)
    if after is None:
        view = referee.match_view(saved)
        action = ({"type": "call", "call": 2} if view["status"] == "bidding"
                  else {"type": "play", "card": view["legal"][0]})
        after = referee.match_act(saved, action, seq=saved["seq"])
    saved = after
json.dumps({"missing": missing, "hand": referee.match_view(saved)["hand_results"][0],
            "version": sys.version_info[:2]})
`);
console.log(out);
"""


def test_every_standard_module_the_engine_imports_exists_in_pyodide_where_it_plays_a_hand(
        tmp_path):
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide outside a browser"
    stdlib = sorted(imported_stdlib())
    assert {"random", "time", "math", "json", "dataclasses", "functools"} <= set(stdlib)
    bundle = tmp_path / "engine.zip"
    bundle.write_bytes(build_bundle())
    script = tmp_path / "play.mjs"
    script.write_text(PLAY_IN_PYODIDE % {"pyodide": (PYODIDE_DIR / "pyodide.mjs").as_uri(),
                                         "index": f"{PYODIDE_DIR}/", "stdlib": stdlib})
    done = subprocess.run([node, str(script), str(bundle)], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["missing"] == []
    assert sum(out["hand"]["tricks_won"]) == 13
