"""Signing in and registering take JSON only, and a browser's request must come from the site's
own pages: another site cannot sign a visitor in as someone else (login CSRF)."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

EVIL = "http://evil.example"
SITE = "http://testserver"
SESSION_STARTING = ["/api/auth/login/", "/api/auth/register/"]


def body_for(path: str) -> dict[str, str]:
    name = "owner" if path.endswith("login/") else "newcomer"
    return {"username": name, "password": PASSWORD}


def browser() -> APIClient:
    """A client that checks CSRF as a real browser request would be checked."""
    return APIClient(enforce_csrf_checks=True)


def signed_in(client: APIClient) -> bool:
    return client.get("/api/auth/me/").status_code == 200


@pytest.mark.parametrize("path", SESSION_STARTING)
def test_a_cross_site_form_post_sets_no_session(owner, path):
    client = browser()
    response = client.post(path, body_for(path), HTTP_ORIGIN=EVIL)  # form-encoded
    assert response.status_code in (403, 415)
    assert "code" in response.json()
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert not signed_in(client)


@pytest.mark.parametrize("path", ["/api/auth/login/", "/api/auth/register/", "/api/auth/token/"])
def test_a_form_post_is_refused_even_from_the_site(owner, path):
    response = APIClient().post(path, body_for(path))
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize("path", SESSION_STARTING)
def test_json_from_another_origin_is_refused(owner, path):
    client = browser()
    response = client.post(path, body_for(path), format="json", HTTP_ORIGIN=EVIL)
    assert response.status_code == 403
    assert response.json()["code"] == "csrf_failed"
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert not signed_in(client)


@pytest.mark.parametrize("path", SESSION_STARTING)
def test_a_browser_request_without_the_csrf_token_is_refused(owner, path):
    client = browser()
    response = client.post(path, body_for(path), format="json", HTTP_ORIGIN=SITE)
    assert response.status_code == 403
    assert response.json()["code"] == "csrf_failed"
    assert not signed_in(client)


@pytest.mark.parametrize("path", SESSION_STARTING)
def test_the_sites_own_page_signs_in(owner, path):
    client = browser()
    token = client.get("/api/auth/csrf/").json()["csrf_token"]
    response = client.post(path, body_for(path), format="json", HTTP_ORIGIN=SITE,
                           HTTP_X_CSRFTOKEN=token)
    assert response.status_code in (200, 201), response.content
    assert signed_in(client)


def test_a_trusted_origin_signs_in(owner, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example"]
    client = browser()
    token = client.get("/api/auth/csrf/").json()["csrf_token"]
    response = client.post("/api/auth/login/", body_for("/api/auth/login/"), format="json",
                           HTTP_ORIGIN="https://play.example", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200, response.content


def test_a_client_that_is_no_browser_needs_no_csrf_token(owner):
    """curl and API clients send no Origin, Sec-Fetch-Site, Referer or cookie."""
    client = browser()
    response = client.post("/api/auth/login/", body_for("/api/auth/login/"), format="json")
    assert response.status_code == 200, response.content
    token = client.post("/api/auth/token/", body_for("/api/auth/login/"), format="json")
    assert token.status_code == 200


def test_a_cross_site_fetch_without_origin_is_refused(owner):
    client = browser()
    response = client.post("/api/auth/login/", body_for("/api/auth/login/"), format="json",
                           HTTP_SEC_FETCH_SITE="cross-site")
    assert response.status_code == 403
    assert not signed_in(client)
