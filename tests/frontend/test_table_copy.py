"""The page of a match, on a player's first visit, already shows their table: drawn from
their own view of the match (their hand and nothing of anyone else's), inert, under a policy
that allows its one style element by hash. Anyone who may not see the match, and every other
page, gets the shell as it always was."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client

from frontend.table_copy import Numbers, avatar_hue, fixed, initials
from tests.api.helpers import act, four_humans, stored_state, view
from tests.i18n.catalogues import TRANSLATED
from tests.i18n.words import untranslated

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
STYLE = re.compile(r"<style>(.*?)</style>", re.S)


class Copy(HTMLParser):
    """What the table's still copy holds: its root's attributes, each element's attributes
    under it, the text a player reads in it."""

    def __init__(self) -> None:
        super().__init__()
        self.root: dict[str, str] | None = None
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.texts: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = {k: v or "" for k, v in attrs}
        if self._depth == 0 and "table-snapshot" in attrs.get("class", "").split():
            self.root, self._depth = attrs, 1
        elif self._depth:
            self.elements.append((tag, attrs))
            self._depth += tag not in {"path"}

    def handle_endtag(self, tag):
        if self._depth and tag not in {"path"}:
            self._depth -= 1

    def handle_data(self, data):
        if self._depth and data.strip():
            self.texts.append(data.strip())

    def testids(self, testid: str) -> list[dict[str, str]]:
        return [a for _t, a in self.elements if a.get("data-testid") == testid]


def page(client: Client, path: str, **headers: str):
    response = client.get(path, **headers)
    assert response.status_code == 200
    html = response.content.decode()
    copy = Copy()
    copy.feed(html)
    return response, html, copy


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def policy(response) -> dict[str, list[str]]:
    """The response's Content-Security-Policy, directive by directive."""
    parts = [part.split() for part in response["Content-Security-Policy"].split(";")]
    return {words[0]: words[1:] for words in parts if words}


def plain_shell(html: str) -> bool:
    return ('<main id="main" tabindex="-1"><p class="loading">' in html
            and '<header class="bar" id="bar" hidden>' in html and "<body>" in html
            and "<style>" not in html and "table-snapshot" not in html)


@pytest.fixture
def table(owner_api, owner):
    """Four players seated; the calls made and two cards played, so the trick shows."""
    created, clients, users = four_humans(owner_api)
    match_id = created["id"]
    for _ in range(6):
        current = view(clients[view(owner_api, match_id)["turn"]], match_id)
        assert act(clients[current["my_seat"]], current).status_code == 200
    people = {view(c, match_id)["my_seat"]: u for c, u in zip(clients, [owner, *users],
                                                                strict=True)}
    return match_id, people, clients


def test_each_player_sees_their_own_hand_in_the_page_and_no_other_hand(table):
    match_id, people, _clients = table
    state = stored_state(match_id)
    for seat, user in people.items():
        client = signed_in(user)
        response, html, copy = page(client, f"/m/{match_id}")
        mine = client.get(f"/api/matches/{match_id}/").json()
        assert mine["my_seat"] == seat
        assert copy.root is not None, "no still copy of the table in the page"
        assert copy.root["data-match"] == str(match_id)
        assert "inert" in copy.root and copy.root["aria-hidden"] == "true"
        assert [a["data-card"] for a in copy.testids("hand-card")] == mine["hand"]
        assert [a["data-card"] for a in copy.testids("trick-card")] == [
            c["card"] for c in mine["trick"]]
        assert len(mine["trick"]) == 2
        # The led card alone is marked, as the table's script marks it.
        assert ["led" in a["class"].split() for a in copy.testids("trick-card")] == [True, False]
        others = set().union(*(state.hands[s] for s in range(4) if s != seat))
        assert not set(CARD.findall(html)) & others, f"seat {seat} is shown another's card"
        buttons = [a for t, a in copy.elements if t == "button"]
        assert buttons and all("disabled" in a for a in buttons)
        assert '<body data-screen="table">' in html and ' hidden>' not in html.split("<main")[0]
        assert "private" in response["Cache-Control"]  # no shared cache keeps a hand


def test_the_style_elements_are_allowed_by_their_hashes_and_nothing_else_inline(table):
    match_id, people, _clients = table
    response, html, copy = page(signed_in(people[0]), f"/m/{match_id}")
    # The app's rules that can match the page, then the copy's own rules; the whole sheet is
    # asked for after the table and before the modules, which wait for it.
    sheet, rules = STYLE.findall(html)
    whole = (settings.BASE_DIR / "frontend/static/frontend/css/app.css").read_text(
        encoding="utf-8")
    assert ".card{" in sheet.replace(" ", "") and ".felt" in sheet and ".hand" in sheet
    assert ".match-list" not in sheet and ".leaderboard" not in sheet  # other screens'
    assert ".match-list" in whole and len(sheet) < len(whole) / 2
    link = html.index('rel="stylesheet"')
    assert html.index('data-testid="table-snapshot"') < link < html.index('type="module"')
    digests = [base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
               for text in (rules, sheet)]
    assert policy(response)["style-src"] == ["'self'", *(f"'sha256-{d}'" for d in digests)]
    assert not any("style" in attrs for _tag, attrs in copy.elements)
    # The modules are asked for after the table, at the end of the body.
    assert html.index('type="module"') > html.index('data-testid="table-snapshot"')
    # Every element the rules name is in the copy, each with its own rule.
    named = re.findall(r'\[data-snap="(\d+)"\]', rules)
    snapped = [a["data-snap"] for _t, a in copy.elements if "data-snap" in a]
    cards = len(copy.testids("hand-card"))
    assert sorted(named) == sorted(snapped) and len(set(snapped)) == len(snapped) == 4 + 1 + cards


def test_who_may_not_see_the_match_gets_the_plain_shell(table, outsider):
    match_id, people, _clients = table
    for client, path in ((signed_in(outsider), f"/m/{match_id}"), (Client(), f"/m/{match_id}"),
                         (signed_in(people[0]), f"/m/{match_id + 1000}"),
                         (signed_in(people[0]), "/")):
        response, html, copy = page(client, path)
        assert copy.root is None and plain_shell(html), path
        assert "private" not in response.get("Cache-Control", "")
        assert policy(response)["style-src"] == ["'self'"]


# The page's language, whether its player chose Latin digits, and the digits it then counts in.
DIGITS = [("ne", False, "०१२३४५६७८९"), ("bn", False, "০১২৩৪৫৬৭৮৯"), ("hi", False, "0123456789"),
          ("ne", True, "0123456789"), ("en", False, "0123456789")]


def test_the_copy_counts_in_the_pages_language_and_digits(table):
    match_id, people, _clients = table
    user = people[0]
    for lang, latin, digits in DIGITS:
        user.account.latin_digits = latin
        user.account.save(update_fields=["latin_digits"])
        _response, _html, copy = page(signed_in(user), f"/m/{match_id}",
                                      HTTP_ACCEPT_LANGUAGE=lang)
        hand_number = " ".join(copy.texts[:1])
        assert re.search(rf"[{digits[1]}]", hand_number), (lang, hand_number)  # "Hand 1 of 1"
        # A card's corner reads "7" or "10" in every language, as the PWA draws it.
        shown = "".join(t for t in copy.texts if not re.fullmatch(r"10|[2-9AKQJ]|[♠♥♣♦]", t))
        other_digits = set("0123456789०१२३४५६७८९০১২৩৪৫৬৭৮৯") - set(digits)
        assert not other_digits & set(shown), (lang, latin, shown)
        if lang in TRANSLATED:
            assert untranslated(copy.texts, lang, "django") == [], lang


def test_numbers_read_as_the_pwa_writes_them():
    english, nepali = Numbers("en", latin=False), Numbers("ne", latin=False)
    assert [english.score(t) for t in (32, -40, 0, 5, 12345)] == [
        "3.2", "\u22124", "0", "0.5", "1,234.5"]
    assert nepali.score(-32) == "\u2212३.२" and nepali.number(1234567) == "१२,३४,५६७"
    assert Numbers("hi", latin=False).number(100000) == "1,00,000"
    assert Numbers("bn", latin=True).number(13) == "13"


def test_the_fan_avatar_and_initials_match_the_pwas_arithmetic():
    # JavaScript's toFixed rounds a tie away from zero; Python's format would round to even.
    # (-1.65 is a little above -1.65 as a double, so it rounds up in both.)
    assert [fixed(v) for v in (0.25, -0.25, 2.75, -1.65, 0.04, 0.0)] == [
        "0.3", "-0.3", "2.8", "-1.6", "0.0", "0.0"]
    assert avatar_hue("Asha") == 51  # 2050251 % 360, as dom.js computes it
    assert avatar_hue("\U0001F600") == 0xD83D % 360  # the first UTF-16 unit of an emoji
    assert [initials(n) for n in ("Asha", "ram_k", "राम", "Asha (invited)", "")] == [
        "AS", "RK", "राम", "AS", "?"]
    # A word of digits alone gives no initial, unless the name has nothing else.
    assert [initials(n) for n in ("Guest-91274", "asha_88", "2024")] == ["GU", "AS", "20"]


def test_the_shell_is_compressed_for_a_browser_that_accepts_it(table):
    match_id, people, _clients = table
    client = signed_in(people[0])
    plain = client.get(f"/m/{match_id}")
    packed = client.get(f"/m/{match_id}", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 2


def test_a_number_no_match_can_have_gets_the_plain_shell(table):
    """The screen says the match was not found, as for any unknown match."""
    _match_id, people, _clients = table
    client = signed_in(people[0])
    for number in ("9" * 19, "1" + "0" * 25):
        response, html, copy = page(client, f"/m/{number}")
        assert "table-snapshot" not in html and "/api/matches/" not in html
