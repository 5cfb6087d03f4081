"""The arena: bots of chosen levels play many matches and the table shows how they fare.

``python -m games.arena --seats hard,normal,normal,normal --matches 1000 --seed 1``. Seats
rotate from match to match so every level sits everywhere; matches run in parallel on all
cores; a progress bar goes to stderr and the table to stdout. ``main(argv)`` is the entry
point for wrappers such as a management command.
"""

from __future__ import annotations

from .cli import main

__all__ = ["main"]
