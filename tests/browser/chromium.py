"""Playwright and one headless Chromium for a test process, kept from one browser test to the
next and stopped before any other test.

Playwright's sync API keeps an event loop running in the test thread from its start to its
stop. While it runs, Django refuses database work in that thread unless
``DJANGO_ALLOW_ASYNC_UNSAFE`` is set, and asgiref's ``async_to_sync`` refuses to run at all.
So the variable is set only while Playwright runs, and ``tests/conftest.py`` stops it before
a test that drives no browser. Starting it for every browser test instead cost about half a
second a test. The servers a test starts never inherit the variable
(``tests.processes.child_environ``).

Playwright launches Chromium on a fresh temporary profile; each phone is a new context in it,
with its own storage, cache, cookies and service workers, as a fresh profile has.
"""

from __future__ import annotations

import os

CHROMIUM = "/usr/bin/chromium"
# The --disable-features list Playwright launches Chromium with. Chromium keeps only the last
# --disable-features of its command line, so ours repeats this one before adding to it
# (tests/browser/test_chromium_flags.py fails when Playwright's list outgrows this copy).
PLAYWRIGHT_DISABLED = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Browser parts no page sees, each a renderer process: the address bar's popup, a page that
# every window (every phone's context) preloads, and the spare renderer kept warm for a next
# navigation. Without them the browsers use about a sixth less CPU.
UNSEEN = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup",
          "SpareRendererForSitePerProcess")
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + UNSEEN),
]
UNGUARDED = "DJANGO_ALLOW_ASYNC_UNSAFE"


class Chromium:
    """Playwright and its Chromium, started on the first call of ``browser()``."""

    def __init__(self) -> None:
        self._manager = None
        self._driver = None
        self._browser = None

    def browser(self):
        """The running Chromium, started (with Playwright) if need be."""
        if self._driver is None:
            from playwright.sync_api import sync_playwright

            os.environ[UNGUARDED] = "true"
            self._manager = sync_playwright()
            self._driver = self._manager.start()
        if self._browser is None or not self._browser.is_connected():
            self._browser = self._driver.chromium.launch(executable_path=CHROMIUM,
                                                         headless=True, args=ARGS)
        return self._browser

    def stop(self) -> None:
        """Chromium and Playwright stopped, and Django's guard back; nothing if not running."""
        if self._driver is None:
            return
        try:
            if self._browser is not None and self._browser.is_connected():
                self._browser.close()
        finally:
            self._manager.__exit__(None, None, None)
            self._manager = self._driver = self._browser = None
            os.environ.pop(UNGUARDED, None)


SHARED = Chromium()
