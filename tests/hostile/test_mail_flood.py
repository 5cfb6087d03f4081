"""The server mails any address on request (finding): sign-ups and guests' email changes sent
six mails to one victim in one probe, a reset link named whatever host the request gave, and a
confirmation link worked again after the address was changed away and back. Now each address
receives a few mails a day, each sender asks for a few, guests have no email, links start with
``SITE_URL`` and a confirmation link works once."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from rest_framework.test import APIClient

from accounts.models import Account
from accounts.services.guests import guest_create
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db
VICTIM = "victim@example.com"


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def to_victim() -> int:
    return sum(VICTIM in message.to for message in mail.outbox)


def test_one_address_receives_a_few_mails_a_day_whoever_asks(db, settings):
    """The server mails any address on request: per receiving address."""
    settings.MAIL_PER_ADDRESS_PER_DAY = 3
    for number in range(6):
        client = client_for(make_user(f"asker{number}"))
        answer = client.post("/api/auth/email/", {"email": VICTIM}, format="json")
        assert answer.status_code == 202  # the same answer, sent or not
    for number in range(3):
        answer = APIClient().post("/api/auth/register/", {
            "username": f"signup{number}", "password": "a-Long-phrase-for-2026",
            "email": VICTIM}, format="json")
        assert answer.status_code == 201, answer.content
    assert to_victim() == 3


def test_one_sender_asks_for_a_few_mails_a_day(owner_api, settings):
    """The server mails any address on request: per sender."""
    settings.MAIL_PER_SENDER_PER_DAY = 2
    for number in range(4):
        answer = owner_api.post("/api/auth/email/", {"email": f"someone{number}@example.com"},
                                format="json")
        assert answer.status_code == 202
    assert len(mail.outbox) == 2


def test_a_guest_has_no_email_and_is_sent_no_mail(db):
    """The server mails any address on request: any guest's email change mailed a victim."""
    guest = client_for(guest_create())
    answer = guest.post("/api/auth/email/", {"email": VICTIM}, format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == "guest_email" and answer.json()["detail"]
    assert mail.outbox == []


def test_links_start_with_the_sites_address_never_the_requests_host(owner, owner_api, settings):
    """A reset link named the host the request gave (``Host: localhost:6666``)."""
    settings.SITE_URL = "https://play.example"
    owner_api.post("/api/auth/email/", {"email": "owner@example.com"}, format="json",
                   HTTP_HOST="localhost:6666")
    assert link_in(mail.outbox[-1]).startswith("https://play.example/confirm-email/")
    token = link_in(mail.outbox[-1]).rsplit("/", 1)[1]
    assert APIClient().post("/api/auth/email/confirm/", {"token": token},
                            format="json").status_code == 200
    answer = APIClient().post("/api/auth/password-reset/", {"email": "owner@example.com"},
                              format="json", HTTP_HOST="localhost:6666")
    assert answer.status_code == 202
    assert link_in(mail.outbox[-1]).startswith("https://play.example/reset-password/")
    assert "6666" not in mail.outbox[-1].body


def test_a_confirmation_link_works_once_and_not_after_a_change_away_and_back(owner, owner_api):
    """An email confirmation link worked again after the address was changed away and back."""
    owner_api.post("/api/auth/email/", {"email": "owner@example.com"}, format="json")
    first = link_in(mail.outbox[-1]).rsplit("/", 1)[1]
    owner_api.post("/api/auth/email/", {"email": "other@example.com"}, format="json")
    owner_api.post("/api/auth/email/", {"email": "owner@example.com"}, format="json")
    again = APIClient().post("/api/auth/email/confirm/", {"token": first}, format="json")
    assert again.status_code == 400 and "token" in again.json()["fields"]
    assert Account.objects.get(user=owner).confirmed_email == ""

    latest = link_in(mail.outbox[-1]).rsplit("/", 1)[1]
    assert APIClient().post("/api/auth/email/confirm/", {"token": latest},
                            format="json").status_code == 200
    twice = APIClient().post("/api/auth/email/confirm/", {"token": latest}, format="json")
    assert twice.status_code == 400 and "token" in twice.json()["fields"]
