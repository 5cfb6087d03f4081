"""``manage.py arena``: the bots' arena (``python -m games.arena``) under manage.py."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.arena import main


class Command(BaseCommand):
    help = "Play bot matches with seats rotated and print per-level results."

    def add_arguments(self, parser) -> None:  # noqa: ANN001 - Django's signature
        parser.add_argument("arena_args", nargs="*", help="arguments for python -m games.arena")

    def run_from_argv(self, argv: list[str]) -> None:
        # Everything after "arena" belongs to the arena's own parser (--seats, --matches, …).
        code = main(argv[2:])
        if code:
            raise CommandError(f"arena exited with {code}")
