"""The flags the test Chromium runs with do what tests/browser/chromium.py says."""

from __future__ import annotations

import re

import pytest

from tests.browser.chromium import UNSEEN

pytestmark = pytest.mark.browser


def _disabled_lists(command_line: str) -> list[set[str]]:
    values = re.findall(r"--disable-features=(\S+)", command_line)
    return [set(value.split(",")) for value in values]


def test_our_disabled_features_keep_playwrights_and_drop_the_unseen_renderers(open_phone):
    page = open_phone()
    page.goto("chrome://version/?show-variations-cmd")
    command_line = page.locator("#command_line").inner_text()
    variations = page.locator("#variations-cmd").inner_text()
    session = page.context.browser.new_browser_cdp_session()
    pages = [target["url"] for target in session.send("Target.getTargets")["targetInfos"]]
    session.detach()
    *playwrights, ours = _disabled_lists(command_line)
    assert playwrights, "Playwright no longer passes --disable-features: drop our copy of it"
    for theirs in playwrights:
        assert theirs <= ours, f"Playwright also disables {sorted(theirs - ours)}"
    # Chromium takes the last list, and the window it opened for the context preloads no page
    # of its own (with the popup on, its omnibox-popup.top-chrome pages are listed here).
    (effective,) = _disabled_lists(variations.replace('"', ""))
    assert set(UNSEEN) <= effective, sorted(set(UNSEEN) - effective)
    assert [url for url in pages if url.startswith("chrome://") and "top-chrome" in url] == []
