"""EMAIL_URL chooses how mail leaves: the console by default, SMTP (STARTTLS or TLS) when set."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from callbreak_site.settings import email_settings


def test_the_console_is_the_embedded_default():
    assert email_settings("console://")["BACKEND"] == \
        "django.core.mail.backends.console.EmailBackend"


def test_smtp_with_starttls_and_a_password_that_needs_quoting():
    found = email_settings("smtp://mailer:p%40ss%3Aword@mail.example.com:587")
    assert found == {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                     "HOST": "mail.example.com", "PORT": 587, "USER": "mailer",
                     "PASSWORD": "p@ss:word", "SSL": False, "TLS": True}


def test_smtps_is_tls_from_the_start_on_port_465_by_default():
    found = email_settings("smtps://u:p@mail.example.com")
    assert (found["PORT"], found["SSL"], found["TLS"]) == (465, True, False)


def test_a_relay_on_port_25_is_plain():
    found = email_settings("smtp://relay.internal:25")
    assert (found["USER"], found["TLS"], found["SSL"]) == ("", False, False)


@pytest.mark.parametrize("url", ["http://mail.example.com", "smtp://", "mailto:a@b.c"])
def test_anything_else_stops_the_start(url):
    with pytest.raises(ImproperlyConfigured):
        email_settings(url)
