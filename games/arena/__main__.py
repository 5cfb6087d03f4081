"""``python -m games.arena``: see ``games.arena``."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
