"""Production settings pass Django's deployment checklist with no warning at all."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from tests.processes import ROOT


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = dict(os.environ, PRODUCTION="1", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(60),
               ALLOWED_HOSTS="callbreak.example", VAR_DIR=str(tmp_path),
               DJANGO_SETTINGS_MODULE="callbreak_site.settings")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_with_a_weak_secret(tmp_path):
    env = dict(os.environ, PRODUCTION="1", SECRET_KEY="short", VAR_DIR=str(tmp_path),
               DJANGO_SETTINGS_MODULE="callbreak_site.settings")
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "SECRET_KEY must be at least 50" in result.stderr
