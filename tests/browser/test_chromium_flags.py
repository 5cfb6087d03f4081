"""The flags the test Chromium runs with do what tests/browser/chromium.py says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.chromium import CHROMIUM, SHARED, UNSEEN

pytestmark = pytest.mark.browser


def _disabled_lists(command_line: str) -> list[set[str]]:
    values = re.findall(r"--disable-features=(\S+)", command_line)
    return [set(value.split(",")) for value in values]


def test_our_disabled_features_keep_playwrights_and_drop_the_unseen_renderers():
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (make browser installs it)")
    context = SHARED.browser().new_context()
    try:
        page = context.new_page()
        page.goto("chrome://version/?show-variations-cmd")
        command_line = page.locator("#command_line").inner_text()
        variations = page.locator("#variations-cmd").inner_text()
    finally:
        context.close()
    *playwrights, ours = _disabled_lists(command_line)
    assert playwrights, "Playwright no longer passes --disable-features: drop our copy of it"
    for theirs in playwrights:
        assert theirs <= ours, f"Playwright also disables {sorted(theirs - ours)}"
    # What Chromium took in effect: the last list, with the features that name the renderers.
    (effective,) = _disabled_lists(variations.replace('"', ""))
    assert set(UNSEEN) <= effective, sorted(set(UNSEEN) - effective)
