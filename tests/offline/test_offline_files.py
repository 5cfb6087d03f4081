"""What the site serves for offline play: the service worker names the set it keeps (every
file, its sizes, one version), and the engine worker's script comes with a policy that lets
Pyodide compile WebAssembly, a policy the pages never get."""

from __future__ import annotations

import json
import re

import pytest

from frontend.offline_files import BUNDLE_NAME, PYODIDE_FILES, pyodide_folder

pytestmark = pytest.mark.django_db


def offline_set(client) -> dict:
    source = client.get("/sw.js").content.decode()
    found = re.search(r"const OFFLINE = (\{.*?\});\n", source)
    assert found, "the service worker names no offline set"
    return json.loads(found.group(1))


def test_the_service_worker_names_every_file_of_offline_play_with_sizes_and_a_version(client):
    kept = offline_set(client)
    folder = pyodide_folder()
    names = [url.rsplit("/", 1)[1] for url in kept["files"]]
    assert kept["files"][0].startswith("/offline/worker.js?v=")
    assert set(PYODIDE_FILES) <= set(names)
    assert all(f"/static/{folder}/" in url for url in kept["files"][1:6])
    assert re.fullmatch(r"engine\.[0-9a-f]{12}\.zip", names[-1]), names[-1]
    assert BUNDLE_NAME.endswith("engine.zip")
    assert kept["download"] < kept["bytes"] and kept["download"] > 1_000_000
    assert re.fullmatch(r"[0-9a-f]{16}", kept["version"])
    for url in kept["files"]:
        assert client.get(url).status_code == 200, url


def test_the_engine_worker_may_compile_webassembly_and_the_shell_may_not(client):
    worker = client.get(offline_set(client)["worker"])
    assert worker.status_code == 200
    policy = worker["Content-Security-Policy"]
    assert "'wasm-unsafe-eval'" in policy
    source = worker.content.decode()
    assert "__FILES__" not in source and '"bundle": "/static/frontend/offline/engine.' in source
    shell = client.get("/offline")["Content-Security-Policy"]
    assert "unsafe-eval" not in shell
