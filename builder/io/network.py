"""Host names and IP addresses as a player types them (`hon serve --host`, a Ray cluster's
address): checked by their form before any socket is opened, since the socket module
answers a malformed one with a TypeError or a UnicodeError rather than an OSError."""

from __future__ import annotations

import re

# RFC 1123: dot-separated labels of letters, digits and inner hyphens, 253 characters in all.
_HOST_NAME = re.compile(r"(?=.{1,253}\.?$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def ip_version(text: str) -> int | None:
    """4 or 6 for an IP address, None for anything else."""
    import ipaddress  # here: `hon --help` need not load it

    try:
        return ipaddress.ip_address(text).version
    except ValueError:
        return None


def is_host(text: str) -> bool:
    """An IP address (an IPv6 one without brackets) or a host name."""
    return ip_version(text) is not None or _HOST_NAME.fullmatch(text) is not None
