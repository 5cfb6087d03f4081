"""``manage.py vapid_keys``: create the key that signs Web Push messages, once."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from notifications.services import push


class Command(BaseCommand):
    help = (
        "Create the VAPID key pair that signs Web Push messages (unless VAPID_PRIVATE_KEY is set "
        "or the key file exists) and print its public key."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--env",
            action="store_true",
            help="Also print the private key as a VAPID_PRIVATE_KEY=... line for the environment.",
        )

    def handle(self, *args: Any, env: bool = False, **options: Any) -> None:
        if settings.VAPID_PRIVATE_KEY.strip():
            self.stdout.write("Using VAPID_PRIVATE_KEY from the environment.")
        elif push.vapid_key_file_create():
            self.stdout.write(f"Created {push.vapid_key_file()}.")
        else:
            self.stdout.write(f"Keeping the existing key in {push.vapid_key_file()}.")
        self.stdout.write(f"VAPID_PUBLIC_KEY={push.vapid_public_key()}")
        if env:
            secret = push.vapid_private_key().private_numbers().private_value.to_bytes(32, "big")
            self.stdout.write(f"VAPID_PRIVATE_KEY={push.b64url_encode(secret)}")
