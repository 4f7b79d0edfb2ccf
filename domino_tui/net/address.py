"""A room server's address (``ws://HOST:PORT``) checked before anything connects to it: one typed or pasted into a
form, given on the command line or read from seats.json may hold anything, and the network's own parsing fails on
some of it with exceptions of its own (a port past 65535, a host that is no name, brackets that hold no IPv6
address) rather than the refusal in words that a server that cannot be reached gets."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from ..engine.errors import shown

MAX_HOST = 253  # the longest name the DNS takes


def address_problem(url: str) -> str | None:
    """Why ``url`` is no address a room server can be reached at, in words for people; None when it is one (which
    says nothing of whether a server answers there)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # brackets around what is no IPv6 address
        return "its host is neither a name nor an IP address"
    # An empty query or fragment is no part of urlsplit's answer, but the network's library refuses its mark.
    if parts.scheme != "ws" or parts.username is not None or parts.path.strip("/") or "?" in url or "#" in url:
        return "it is not HOST:PORT"
    try:
        port = parts.port
    except ValueError:
        port = None
    if not port:
        return "its port is not a number from 1 to 65535"
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address, in brackets
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return "its host is neither a name nor an IP address"
        return None
    try:
        known = host.encode("idna")  # what is asked of the resolver (IDNA refuses an empty label, a long one)
    except UnicodeError:
        known = b""
    if not known or len(known) > MAX_HOST or not host.isprintable() or any(ch.isspace() for ch in host):
        return "its host is neither a name nor an IP address"
    return None


def not_an_address(url: str, written: str | None = None) -> str | None:
    """A sentence saying ``url`` is no room server's address and why, quoting it as ``written`` by a person when
    it was made of that (short and safe: it may be anything); None when it is one."""
    why = address_problem(url)
    if why is None:
        return None
    quoted = shown(url.removeprefix("ws://") if written is None else written.strip())
    return f"{quoted} is not a room server's address: {why}. Write HOST[:PORT]."
