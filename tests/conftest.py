"""Shared fixtures: named users (an owner, a member, an outsider) and authenticated clients."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

PASSWORD = "a-Long-pass-phrase-7"


@pytest.fixture(scope="session", autouse=True)
def _static_files(django_db_blocker):
    """The site serves hashed static files from a manifest: build it once per run."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("collectstatic", interactive=False, verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttles and presence live in the cache: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def make_user(username: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def client_for(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def member(db):
    return make_user("member")


@pytest.fixture
def outsider(db):
    return make_user("outsider")


@pytest.fixture
def owner_api(owner) -> APIClient:
    return client_for(owner)


@pytest.fixture
def member_api(member) -> APIClient:
    return client_for(member)


@pytest.fixture
def outsider_api(outsider) -> APIClient:
    return client_for(outsider)


def on_services() -> bool:
    """True when the suite runs against PostgreSQL and Redis (not the embedded default)."""
    return bool(settings.DATABASE_URL and settings.REDIS_URL)


needs_services = pytest.mark.skipif(
    not on_services(), reason="needs PostgreSQL and Redis on their default ports"
)
