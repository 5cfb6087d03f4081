"""Every message the app shows has a translation in every language, and the compiled catalogues
are the ones the .po files say. A failure names each message to fix; after ``make messages``
the new ones are the entries with an empty ``msgstr``."""

from __future__ import annotations

import gettext

import pytest

from .catalogues import DOMAINS, PLACEHOLDER, TRANSLATED, marked_messages, po_path, read_po

# The Plural-Forms expressions the PWA's i18n.js evaluates (it may not compile code).
PLURALS_I18N_JS = {"(n != 1)", "(n > 1)", "0"}

CATALOGUES = [(lang, domain) for lang in TRANSLATED for domain in DOMAINS]


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_every_message_has_a_translation_and_none_is_fuzzy(lang, domain):
    _header, entries = read_po(po_path(lang, domain))
    assert entries, f"{po_path(lang, domain)} has no messages"
    untranslated = [str(e) for e in entries if not all(e.msgstr) or not e.msgstr]
    fuzzy = [str(e) for e in entries if "fuzzy" in e.flags]
    assert not untranslated, f"{lang} {domain}: no translation for {untranslated}"
    assert not fuzzy, f"{lang} {domain}: fuzzy (check, then drop the flag) {fuzzy}"


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_translations_keep_the_placeholders_of_their_message(lang, domain):
    _header, entries = read_po(po_path(lang, domain))
    wrong = []
    for entry in entries:
        wanted = {*PLACEHOLDER.findall(entry.msgid), *PLACEHOLDER.findall(entry.plural or "")}
        for form in entry.msgstr:
            if set(PLACEHOLDER.findall(form)) - wanted or (
                    not entry.plural and set(PLACEHOLDER.findall(form)) != wanted):
                wrong.append((str(entry), form))
    assert not wrong, f"{lang} {domain}: placeholders differ from the message's: {wrong}"


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_the_header_names_the_language_and_a_plural_rule_the_pwa_knows(lang, domain):
    header, entries = read_po(po_path(lang, domain))
    assert header["Language"] == lang
    assert header["Content-Type"] == "text/plain; charset=UTF-8"
    nplurals, _sep, plural = header["Plural-Forms"].rstrip(";").partition("; plural=")
    assert plural in PLURALS_I18N_JS, header["Plural-Forms"]
    forms = int(nplurals.split("=")[1])
    assert all(len(e.msgstr) == forms for e in entries if e.plural)


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_the_compiled_catalogue_is_current_with_its_po_file(lang, domain):
    path = po_path(lang, domain)
    with path.with_suffix(".mo").open("rb") as compiled:
        mo = gettext.GNUTranslations(compiled)
    stale = []
    for entry in read_po(path)[1]:
        if entry.plural:
            got = [mo.npgettext(entry.context, entry.msgid, entry.plural, n) if entry.context
                   else mo.ngettext(entry.msgid, entry.plural, n) for n in (1, 5)]
            ok = set(got) <= set(entry.msgstr)
        else:
            got = (mo.pgettext(entry.context, entry.msgid) if entry.context
                   else mo.gettext(entry.msgid))
            ok = got == entry.msgstr[0]
        if not ok:
            stale.append(str(entry))
    assert not stale, f"{path.with_suffix('.mo')} is older than its .po {stale}: make messages"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_marked_in_the_source_is_in_every_catalogue(domain):
    marked = marked_messages(domain)
    assert len(marked) > 20, "the source scan found almost nothing: wrong folder?"
    for lang in TRANSLATED:
        known = {entry.key for entry in read_po(po_path(lang, domain))[1]}
        missing = {f"{ctx}|{msgid}" if ctx else msgid: where
                   for (ctx, msgid), where in marked.items() if (ctx, msgid) not in known}
        assert not missing, f"{lang} {domain}: not in the catalogue, run make messages: {missing}"
