"""The shell is rendered in the request's language, its catalogue rides along, and nothing on
it is left in English."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from django.test import Client

from .catalogues import TRANSLATED
from .words import untranslated

pytestmark = pytest.mark.django_db

READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "content"}


class Reader(HTMLParser):
    """What a person or a screen reader gets from a page: text and the spoken attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.scripts: dict[str, str] = {}
        self.lang = None
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag in ("script", "style"):
            self._in = attrs.get("id") or tag
            return
        self.texts += [v for k, v in attrs.items() if k in READ_ATTRIBUTES and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._in = None

    def handle_data(self, data):
        if self._in:
            self.scripts[self._in] = self.scripts.get(self._in, "") + data
        elif data.strip():
            self.texts.append(data.strip())


def shell(client: Client, **headers: str) -> Reader:
    response = client.get("/", **headers)
    assert response.status_code == 200
    reader = Reader()
    reader.feed(response.content.decode())
    return reader


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shell_in_each_language_has_no_english_left(client, lang):
    page = shell(client, HTTP_ACCEPT_LANGUAGE=lang)
    assert page.lang == lang
    assert page.texts, "nothing read from the page"
    assert untranslated(page.texts, lang, "django") == []
    # The first screen's words come with the page: the catalogue of its language.
    catalogue = json.loads(page.scripts["i18n-catalog"])
    assert catalogue["catalog"]["Your turn"] != "Your turn"
    languages = json.loads(page.scripts["languages"])
    assert {entry["code"] for entry in languages} == {"en", *TRANSLATED}


def test_the_english_shell_reads_english_and_an_unknown_language_falls_back_to_it(client):
    for header in ("en", "xx-YY, zz;q=0.8"):
        page = shell(client, HTTP_ACCEPT_LANGUAGE=header)
        assert page.lang == "en"
        assert "Lobby" in page.texts
        assert json.loads(page.scripts["i18n-catalog"])["catalog"] == {}


def test_the_language_cookie_wins_over_the_browsers_header(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "bn"
    page = shell(client, HTTP_ACCEPT_LANGUAGE="hi")
    assert page.lang == "bn"
    assert "লবি" in page.texts


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_manifest_describes_the_app_in_the_language(client, lang):
    manifest = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE=lang).json()
    assert manifest["lang"] == lang
    assert manifest["name"] == "Call Break"
    assert untranslated([manifest["description"]], lang, "django") == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_pwa_catalogue_is_served_per_language_with_its_plural_rule(client, lang):
    body = client.get(f"/i18n/{lang}.json").json()
    assert body["plural"] in ("(n != 1)", "(n > 1)")
    assert all(value for value in body["catalog"].values())
    assert client.get("/i18n/xx.json").status_code == 404
