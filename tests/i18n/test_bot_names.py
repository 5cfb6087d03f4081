"""Bot names are written in the script of the page's language, one name per bot across
languages (Ramesh, रमेश, রমেশ): the PWA's catalogues carry exactly the forms the server lists,
and sign-up refuses each form, so no player passes for a bot in any script. (The flow of a
match: the first visit.)"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.bot_names import BOT_NAMES, BOT_NAMES_WRITTEN, WRITTEN_IN
from tests.conftest import PASSWORD
from tests.i18n.catalogues import po_path, read_po


@pytest.mark.parametrize("lang", WRITTEN_IN)
def test_the_catalogue_writes_every_bot_name_as_the_server_lists_it(lang):
    _header, entries = read_po(po_path(lang, "djangojs"))
    written = {e.msgid: e.msgstr[0] for e in entries if e.context == "bot name"}
    assert written == {name: BOT_NAMES_WRITTEN[name][WRITTEN_IN.index(lang)]
                       for name in BOT_NAMES}


def test_every_bot_has_its_name_in_each_language():
    assert set(BOT_NAMES_WRITTEN) == set(BOT_NAMES)
    assert len({names[0] for names in BOT_NAMES_WRITTEN.values()}) == len(BOT_NAMES)


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["रमेश", "রমেশ", "प्रदीप"])
def test_sign_up_refuses_a_bot_name_in_any_script(name):
    response = APIClient().post("/api/auth/register/", {"username": name, "password": PASSWORD},
                                format="json")
    assert response.status_code == 400, response.content
