"""The site's settings for the test process: the same, with one test-only app first in
``INSTALLED_APPS``, whose ``flush`` command empties the tables between transactional tests
(tests/flushing). The services a test starts (workers, servers) run on the site's own
settings (tests/processes.py)."""

from callbreak_site.settings import *  # noqa: F403
from callbreak_site.settings import INSTALLED_APPS

INSTALLED_APPS = ["tests.flushing", *INSTALLED_APPS]
