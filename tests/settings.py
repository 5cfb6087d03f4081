"""The site's settings for the test process: the same, with one test-only app first in
``INSTALLED_APPS``, whose ``flush`` command empties the tables between transactional tests
(tests/flushing), and the waits a player never sees in a test at test speed. The services a
test starts (workers, servers) run on the site's own settings (tests/processes.py), given the
same waits through the environment."""

import os

from callbreak_site.settings import *  # noqa: F403
from callbreak_site.settings import INSTALLED_APPS

INSTALLED_APPS = ["tests.flushing", *INSTALLED_APPS]

# A match of several hands waits this long between them (4 s on a site): the tests about the
# pause read this setting, every other multi-hand match passes through it at test speed.
HAND_BREAK_SECONDS = float(os.environ.get("HAND_BREAK_SECONDS", "1"))

# Post-match analysis thinks this long per decision (the expert bot's 1.5 s on a site); what
# the tests check of a review (every decision, its options ranked, its reasons) holds at any.
ANALYSIS_BUDGET_MS = int(os.environ.get("ANALYSIS_BUDGET_MS", "250"))
