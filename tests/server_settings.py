"""The site's settings for the servers and workers a test starts (tests/processes.py): the
same, with passwords hashed at test speed, as in the test process (tests/settings.py takes
``PASSWORD_HASHERS`` from here). Real hashing costs a third of a second per user, and the tests
make hundreds of users. Django's own hashers follow, so a password stored by them still checks."""

from django.conf import global_settings

from callbreak_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher",
                    *global_settings.PASSWORD_HASHERS]
