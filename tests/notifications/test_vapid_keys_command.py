"""``manage.py vapid_keys`` and where the VAPID key comes from."""

from __future__ import annotations

import io
import stat

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from notifications.services.push import vapid_public_key
from tests.notifications.browser import b64url


def run_command(*arguments: str) -> str:
    out = io.StringIO()
    call_command("vapid_keys", *arguments, stdout=out)
    return out.getvalue()


def public_of(private_key: ec.EllipticCurvePrivateKey) -> str:
    return b64url(
        private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )


def test_the_command_creates_a_private_key_file_once(tmp_path):
    key_file = tmp_path / "vapid_private.pem"

    first = run_command()

    assert "Created" in first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    pem = key_file.read_bytes()
    assert f"VAPID_PUBLIC_KEY={vapid_public_key()}" in first

    second = run_command()

    assert "Keeping the existing key" in second
    assert key_file.read_bytes() == pem
    assert f"VAPID_PUBLIC_KEY={vapid_public_key()}" in second


def test_the_key_is_generated_on_first_use_without_the_command(tmp_path):
    key = vapid_public_key()
    assert (tmp_path / "vapid_private.pem").exists()
    assert vapid_public_key() == key


def test_the_env_option_prints_a_private_key_that_gives_the_same_public_key(settings):
    output = run_command("--env")
    public = output.split("VAPID_PUBLIC_KEY=")[1].split()[0]
    private = output.split("VAPID_PRIVATE_KEY=")[1].split()[0]

    settings.VAR_DIR = settings.VAR_DIR / "elsewhere"
    settings.VAPID_PRIVATE_KEY = private
    assert vapid_public_key() == public


def test_a_raw_key_from_the_environment_is_used_and_no_file_is_written(settings, tmp_path):
    private_key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64url(private_key.private_numbers().private_value.to_bytes(32))

    output = run_command()

    assert "from the environment" in output
    assert vapid_public_key() == public_of(private_key)
    assert not (tmp_path / "vapid_private.pem").exists()


def test_a_pem_key_from_the_environment_may_have_escaped_newlines(settings):
    private_key = ec.generate_private_key(ec.SECP256R1())
    pem = private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    settings.VAPID_PRIVATE_KEY = pem.replace("\n", "\\n")
    assert vapid_public_key() == public_of(private_key)


@pytest.mark.parametrize(
    "configured",
    [
        "not-a-key",
        b64url(b"\x01" * 31),
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
    ],
    ids=["garbage", "short-raw-key", "broken-pem"],
)
def test_an_unusable_configured_key_is_a_configuration_error(settings, configured):
    settings.VAPID_PRIVATE_KEY = configured
    with pytest.raises(ImproperlyConfigured, match="VAPID_PRIVATE_KEY"):
        vapid_public_key()


def test_a_key_on_another_curve_is_refused(settings):
    other_curve = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    settings.VAPID_PRIVATE_KEY = other_curve.decode()
    with pytest.raises(ImproperlyConfigured, match="P-256"):
        vapid_public_key()
