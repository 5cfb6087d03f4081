"""Settings choose PostgreSQL and Redis from the environment, the embedded default without."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_fresh

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
from django.conf import settings
import django
django.setup()
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "name": str(settings.DATABASES["default"]["NAME"]),
    "options": {k: v for k, v in settings.DATABASES["default"].get("OPTIONS", {}).items()
                if k in ("transaction_mode", "pool", "server_side_binding",
                         "prepare_threshold")},
    "channels": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "broker": settings.CELERY_BROKER_URL,
    "in_process_worker": settings.EMBEDDED,
    "debug": settings.DEBUG,
    "port": settings.PORT,
    "hosts": settings.ALLOWED_HOSTS,
}))
"""


def probe(tmp_path: Path, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "PORT", "ALLOWED_HOSTS",
                          "SECRET_KEY", "PRODUCTION", "DB_PREPARE_THRESHOLD"}}
    clean.update(DJANGO_SETTINGS_MODULE="callbreak_site.settings", VAR_DIR=str(tmp_path), **env)
    return run_fresh(PROBE, clean)


def start_up_error(tmp_path: Path, **env: str) -> str:
    """What start-up with ``env`` printed to stderr; it must have failed."""
    clean = dict(os.environ, DJANGO_SETTINGS_MODULE="callbreak_site.settings",
                 VAR_DIR=str(tmp_path), **env)
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean,
                            capture_output=True, text=True)
    assert result.returncode != 0
    return result.stderr


def test_no_environment_means_sqlite_in_memory_layer_and_in_process_worker(tmp_path):
    found = probe(tmp_path)
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"].startswith(str(tmp_path))
    assert found["options"]["transaction_mode"] == "IMMEDIATE"
    assert found["channels"] == "channels.layers.InMemoryChannelLayer"
    assert found["cache"].endswith("LocMemCache")
    assert found["broker"] == "memory://"
    assert found["in_process_worker"] is True
    assert found["port"] == 8000
    assert found["debug"] is False
    assert (tmp_path / "secret_key").exists()


def test_database_url_selects_postgres_with_a_connection_pool(tmp_path):
    found = probe(tmp_path, DATABASE_URL="postgres://someone@db.example:5433/cbdb")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "cbdb"
    assert found["options"]["pool"]["max_size"] >= 1
    assert found["options"]["server_side_binding"] is True
    assert found["options"]["prepare_threshold"] == 5


@pytest.mark.parametrize(("value", "threshold"), [("off", None), ("0", 0), ("12", 12)])
def test_prepared_statements_can_be_tuned_or_turned_off_for_a_pooler(tmp_path, value,
                                                                      threshold):
    found = probe(tmp_path, DATABASE_URL="postgres://someone@db.example:5433/cbdb",
                  DB_PREPARE_THRESHOLD=value)
    assert found["options"]["prepare_threshold"] == threshold


def test_a_prepare_threshold_that_is_not_a_number_stops_start_up(tmp_path):
    error = start_up_error(tmp_path, DATABASE_URL="postgres://someone@db.example:5433/cbdb",
                           DB_PREPARE_THRESHOLD="sometimes")
    assert "DB_PREPARE_THRESHOLD must be a whole number or off" in error


def test_redis_url_selects_channels_redis_cache_and_broker(tmp_path):
    found = probe(tmp_path, REDIS_URL="redis://cache.example:6380/3")
    assert found["channels"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert found["cache"].endswith("RedisCache")
    assert found["broker"] == "redis://cache.example:6380/3"
    assert found["in_process_worker"] is False


def test_port_debug_and_hosts_come_from_the_environment(tmp_path):
    found = probe(tmp_path, PORT="9123", DEBUG="1", ALLOWED_HOSTS="a.example, b.example")
    assert found["port"] == 9123
    assert found["debug"] is True
    assert found["hosts"] == ["a.example", "b.example"]


def test_production_refuses_to_start_without_a_strong_secret(tmp_path):
    assert "SECRET_KEY" in start_up_error(tmp_path, PRODUCTION="1", SECRET_KEY="short")


def test_a_non_postgres_database_url_is_refused(tmp_path):
    assert "postgres" in start_up_error(tmp_path, DATABASE_URL="mysql://x@y/z")
