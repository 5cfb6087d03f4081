"""The site's settings for the test process: the same, with one test-only app first in
``INSTALLED_APPS``, whose ``flush`` command empties the tables between transactional tests
(tests/flushing), passwords hashed at test speed, and the waits a player never sees in a test
at test speed. The services a test starts (workers, servers) run on the site's own settings
with the same hashing (tests/server_settings.py, tests/processes.py), given the same waits
through the environment."""

import os

from callbreak_site.settings import *  # noqa: F403
from callbreak_site.settings import INSTALLED_APPS
from tests.server_settings import PASSWORD_HASHERS  # noqa: F401 - hashing at test speed

INSTALLED_APPS = ["tests.flushing", *INSTALLED_APPS]

# A match of several hands waits this long between them (4 s on a site): the tests about the
# pause read this setting, every other multi-hand match passes through it at test speed.
HAND_BREAK_SECONDS = float(os.environ.get("HAND_BREAK_SECONDS", "1"))

# Post-match analysis works a fixed number of rollouts per decision (a site thinks 1.5 s), so
# a loaded host changes how long a review takes, never what it finds (the time only bounds it).
ANALYSIS_ROLLOUTS = int(os.environ.get("ANALYSIS_ROLLOUTS", "400"))
ANALYSIS_BUDGET_MS = int(os.environ.get("ANALYSIS_BUDGET_MS", "5000"))
