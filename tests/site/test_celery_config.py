"""Celery reads its configuration from the ``CELERY_`` names of Django's settings."""

from django.conf import settings

from callbreak_site.celery import DjangoCeleryConfig, app


def test_every_celery_setting_reaches_the_app():
    names = [name for name in dir(settings) if name.startswith("CELERY_")]
    assert "CELERY_TASK_ACKS_LATE" in names and "CELERY_BEAT_SCHEDULE" in names
    for name in names:
        key = name.removeprefix("CELERY_").lower()
        if key == "task_default_queue":  # each test run works on its own queue
            continue
        assert app.conf[key] == getattr(settings, name), key


def test_the_config_is_a_plain_mapping_of_the_celery_names_only():
    config = DjangoCeleryConfig()
    assert set(config) == {name for name in dir(settings) if name.startswith("CELERY_")}
    assert len(config) == len(set(config))
    assert config["CELERY_TASK_ACKS_LATE"] is True
    assert "DATABASES" not in config and "SECRET_KEY" not in config


def test_no_setting_is_read_under_a_deprecated_name():
    assert app.conf.deprecated_settings == set()
    assert str(app.timezone) == "UTC"  # Celery's default with enable_utc, as Django's TIME_ZONE


def test_names_the_settings_leave_out_keep_celerys_defaults():
    assert not hasattr(settings, "CELERY_TASK_SERIALIZER")
    assert not hasattr(settings, "CELERY_WORKER_CONCURRENCY")
    assert app.conf.task_serializer == "json"
    assert app.conf.worker_concurrency is None  # the command line's --concurrency decides
