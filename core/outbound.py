"""Requests to addresses that players choose: external bots and Web Push services.

A URL a player typed is a way into the server's own network unless every request is checked.
The URL's shape is checked first (http or https, no user name or password, no fragment, no
control characters). Its host is then resolved once, and every address it resolves to must be
a public address or lie in an address or network the allow-list names explicitly; a host name
on the list does not vouch for where it points. The connection goes to that checked address
itself, so a second look-up (DNS rebinding) never decides where the request lands, and a
redirect is an answer, never followed.

Allow-list entries are host names (``bots.example``), addresses (``127.0.0.1``), networks
(``10.1.0.0/16``) or ``*`` for any host name.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

DEFAULT_PORTS = {"http": 80, "https": 443}
# Bot answers and push receipts are a few hundred bytes; anything far longer is not one.
MAX_ANSWER_BYTES = 64 * 1024


class Refused(Exception):
    """The server will not send to this URL; ``reason`` names the rule, ``detail`` explains."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class Unreachable(Exception):
    """No answer came back: the connection failed, or the time ran out (``timed_out``)."""

    def __init__(self, *, timed_out: bool) -> None:
        super().__init__("timeout" if timed_out else "unreachable")
        self.timed_out = timed_out


@dataclass(frozen=True)
class Destination:
    """A checked URL: where it points, and the one address the request will go to."""

    scheme: str
    host: str
    port: int
    path: str
    query: str
    address: Address

    @property
    def origin(self) -> str:
        """``scheme://host[:port]`` as the URL named it (VAPID's audience)."""
        return f"{self.scheme}://{self.host_header()}"

    def host_header(self) -> str:
        """The URL's own host (and port), sent as ``Host`` to the checked address."""
        return self._netloc(self.host)

    def url_for(self, path: str) -> str:
        """The URL that connects to the checked address for ``path`` (and the URL's query)."""
        query = f"?{self.query}" if self.query else ""
        return f"{self.scheme}://{self._netloc(str(self.address))}{path}{query}"

    def _netloc(self, host: str) -> str:
        host = f"[{host}]" if ":" in host else host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes


def url_parts(url: str, *, schemes: Sequence[str] = ("http", "https"),
              query: bool = False) -> tuple[str, str, int, str, str]:
    """``(scheme, host, port, path, query)`` of a URL of an accepted shape; raise ``Refused``
    (``bad_url``) for anything else. The host is in lower case, without brackets."""
    if not isinstance(url, str) or any(ord(c) < 33 or ord(c) == 127 or c == "\\" for c in url):
        raise Refused("bad_url", "The URL may not contain spaces, backslashes or control "
                      "characters.")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Refused("bad_url", "The URL is malformed.") from None
    scheme = parts.scheme.lower()
    if scheme not in schemes:
        raise Refused("bad_url", f"The URL must start with {' or '.join(schemes)}://.")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise Refused("bad_url", "The URL may not contain a user name or password.")
    if parts.fragment or "#" in url:
        raise Refused("bad_url", "The URL may not contain a fragment (#…).")
    if not query and (parts.query or "?" in url):
        raise Refused("bad_url", "The URL may not contain a query (?…).")
    host = (parts.hostname or "").lower().rstrip(".")
    if not host:
        raise Refused("bad_url", "The URL names no host.")
    if port == 0:
        raise Refused("bad_url", "The URL names port 0.")
    port = DEFAULT_PORTS[scheme] if port is None else port
    return scheme, host, port, parts.path, parts.query


def destination_check(url: str, *, allowed: Sequence[str], schemes: Sequence[str] = ("http",
                      "https"), query: bool = False) -> Destination:
    """Check ``url`` against the rules above and resolve its host once; raise ``Refused``."""
    scheme, host, port, path, query_text = url_parts(url, schemes=schemes, query=query)
    names, networks = _allow_list(allowed)
    literal = _address_or_none(host)
    if not ("*" in names or host in names
            or (literal is not None and any(literal in n for n in networks))):
        raise Refused("host_not_allowed", f"Requests to {host} are not allowed.")
    addresses = [literal] if literal is not None else _resolve(host, port)
    for address in addresses:
        if not (address.is_global or any(address in n for n in networks)):
            raise Refused("address_not_allowed",
                          f"{host} points inside a private network; requests there are "
                          "not allowed.")
    return Destination(scheme=scheme, host=host, port=port, path=path, query=query_text,
                       address=addresses[0])


def send(destination: Destination, *, method: str, path: str, timeout: float,
         json: Any = None, content: bytes | None = None,
         headers: Mapping[str, str] | None = None) -> Answer:
    """One request to the checked address; redirects are answers, and the whole exchange,
    answer included, must fit in ``timeout`` seconds and ``MAX_ANSWER_BYTES``."""
    sent_headers = {"Host": destination.host_header(), **(headers or {})}
    extensions = {} if _address_or_none(destination.host) else {"sni_hostname": destination.host}
    started = time.monotonic()
    # trust_env off: no proxy from the environment gets to look the host up again.
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        request = client.build_request(method, destination.url_for(path), json=json,
                                       content=content, headers=sent_headers,
                                       extensions=extensions)
        try:
            response = client.send(request, stream=True)
            try:
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > MAX_ANSWER_BYTES:
                        break
                    if time.monotonic() - started > timeout:
                        raise Unreachable(timed_out=True)
            finally:
                response.close()
        except httpx.TimeoutException:
            raise Unreachable(timed_out=True) from None
        except httpx.HTTPError:
            raise Unreachable(timed_out=False) from None
    return Answer(status=response.status_code, body=bytes(body))


def _allow_list(allowed: Sequence[str]) -> tuple[set[str], list[Network]]:
    names: set[str] = set()
    networks: list[Network] = []
    for entry in allowed:
        entry = entry.strip().lower().strip("[]")
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            names.add(entry.rstrip("."))
    return names, networks


def _address_or_none(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _resolve(host: str, port: int) -> list[Address]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise Refused("unresolvable", f"{host} could not be found.") from None
    addresses = []
    for *_, sockaddr in found:
        # An IPv6 address may carry a zone ("fe80::1%eth0"): it is link-local either way.
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise Refused("unresolvable", f"{host} could not be found.")
    return addresses
