"""Checking a player-chosen URL before any request: shape, allow-list, and where it points.
Nothing here connects anywhere; IP literals need no look-up."""

from __future__ import annotations

import socket

import pytest

from core.outbound import Refused, destination_check


@pytest.mark.parametrize("url", [
    "http://169.254.169.254/latest/meta-data",
    "http://[fe80::1]/",
    "http://10.0.0.5/",
    "http://192.168.1.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://0.0.0.0/",
    "http://[::]/",
    "http://100.64.0.1/",
])
def test_any_host_still_excludes_private_loopback_and_link_local_addresses(url):
    with pytest.raises(Refused) as refused:
        destination_check(url, allowed=["*"])
    assert refused.value.reason == "address_not_allowed"


def test_a_listed_network_lets_its_private_addresses_through():
    destination = destination_check("http://10.1.2.3:8080/bot", allowed=["10.1.0.0/16"])
    assert str(destination.address) == "10.1.2.3"
    with pytest.raises(Refused):
        destination_check("http://10.2.0.1/bot", allowed=["10.1.0.0/16"])


def test_an_ipv6_destination_is_written_with_brackets_and_keeps_its_port():
    destination = destination_check("http://[::1]:8080/bots/a/", allowed=["::1"])
    assert destination.url_for("/bots/a/hi") == "http://[::1]:8080/bots/a/hi"
    assert destination.host_header() == "[::1]:8080"
    assert destination.origin == "http://[::1]:8080"


def test_the_default_port_is_left_out_of_the_origin_and_a_query_kept_where_allowed():
    destination = destination_check("https://8.8.8.8:443/w/?token=abc", allowed=["*"],
                                    query=True)
    assert destination.origin == "https://8.8.8.8"
    assert destination.url_for(destination.path) == "https://8.8.8.8/w/?token=abc"


@pytest.mark.parametrize(("url", "schemes"), [
    ("ftp://8.8.8.8/", ("http", "https")),
    ("http://8.8.8.8/", ("https",)),
    ("file:///etc/passwd", ("http", "https")),
    ("8.8.8.8/bot", ("http", "https")),
])
def test_other_schemes_are_refused(url, schemes):
    with pytest.raises(Refused) as refused:
        destination_check(url, allowed=["*"], schemes=schemes)
    assert refused.value.reason == "bad_url"


def test_a_name_that_cannot_be_found_is_refused_without_a_request(monkeypatch):
    def not_found(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", not_found)
    with pytest.raises(Refused) as refused:
        destination_check("http://no-such-host.invalid/bot", allowed=["no-such-host.invalid"])
    assert refused.value.reason == "unresolvable"
