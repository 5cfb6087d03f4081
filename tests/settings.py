"""The site's settings for the test process: the same, with one test-only app first in
``INSTALLED_APPS``, whose ``flush`` command empties the tables between transactional tests
(tests/flushing), and a hand's scoreboard pause at test speed. The services a test starts
(workers, servers) run on the site's own settings (tests/processes.py), given the same pause
through the environment."""

import os

from callbreak_site.settings import *  # noqa: F403
from callbreak_site.settings import INSTALLED_APPS

INSTALLED_APPS = ["tests.flushing", *INSTALLED_APPS]

# A match of several hands waits this long between them (4 s on a site): the tests about the
# pause read this setting, every other multi-hand match passes through it at test speed.
HAND_BREAK_SECONDS = float(os.environ.get("HAND_BREAK_SECONDS", "1"))
