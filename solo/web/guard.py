"""Who may talk to ``solo-fluxx serve``: the Host a request names, the Origin
a websocket comes from, and, on a ``--public`` server, the token.

A web page the player happens to visit can make their browser send requests
to 127.0.0.1; without these checks such a page could open a websocket and
play (or abandon) the player's game. The checks:

- **Host** (against DNS rebinding: a name the attacker controls, pointed at
  127.0.0.1, makes the browser treat the server as that name's): it must be
  one of the accepted ``host:port`` pairs, compared whole, port included.
  On loopback these are fixed (``127.0.0.1``, ``localhost``, ``[::1]`` at
  the server's port); under ``--public`` the listening address, the
  machine's names and each ``--allow-host`` too.
- **Origin**: a browser always sends it on a websocket; it must be
  ``http://`` and an accepted Host. On any other route an Origin, when
  sent, must be one too (a browser leaves it out of a plain page load).
- **Token** (``--public`` only, as Jupyter does): a random secret printed
  in the address; the first request carries it in the query string and is
  answered with a cookie (HttpOnly, SameSite=Strict) holding it, and every
  request must carry one of the two. Compared in constant time, and never
  written to a log (the server logs paths, never query strings).
"""
from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass

TOKEN_QUERY = "token"
TOKEN_COOKIE = "solo_fluxx_token"
TOKEN_ENV = "SOLO_FLUXX_TOKEN"
TOKEN_BYTES = 24        # a new token's randomness: 192 bits (token_urlsafe: 32 characters)
MIN_TOKEN_CHARS = 22    # a token given in SOLO_FLUXX_TOKEN: at least as long as 128 random bits in base64
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


class HostError(ValueError):
    """An --allow-host value that names no host: one sentence."""


def host_port(name: str, port: int) -> str:
    """``name`` as a Host header names it at ``port``, lower case: an IPv6
    address in brackets; ``NAME:PORT`` keeps its own port."""
    text = name.strip().lower()
    if not text:
        raise HostError("--allow-host takes a host name or address, such as fluxx.example.org or 192.0.2.7:8000")
    if text.startswith("["):  # [v6] or [v6]:port
        end = text.find("]")
        if end < 0 or end == 1:
            raise HostError(f"--allow-host {name}: an IPv6 address goes in brackets, such as [::1]:8000")
        rest = text[end + 1:]
        v6, given = text[1:end], (rest[1:] if rest.startswith(":") else None)
        if rest and given is None:
            raise HostError(f"--allow-host {name}: after the bracketed address only :PORT may follow")
        _check_v6(name, v6)
        return f"[{v6}]:{_port(name, given) if given is not None else port}"
    if text.count(":") > 1:  # a bare IPv6 address
        _check_v6(name, text)
        return f"[{text}]:{port}"
    host, _, given = text.partition(":")
    if not host or any(c in host for c in "/@?#\\ \t"):
        raise HostError(f"--allow-host {name}: give a host name or address, with :PORT if the browser uses another")
    return f"{host}:{_port(name, given) if given else port}"


def _check_v6(name: str, text: str) -> None:
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        raise HostError(f"--allow-host {name}: {text} is not an IPv6 address") from None


def _port(name: str, text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise HostError(f"--allow-host {name}: the port is a whole number from 1 to 65535")
    return int(text)


def accepted_hosts(bind: str, port: int, public: bool, allow: Sequence[str] = ()) -> frozenset[str]:
    """The Host values a request may carry: the loopback names at ``port``;
    under ``--public`` also the listening address (unless it is every
    address), this machine's names and each ``--allow-host``."""
    hosts = {f"{h}:{port}" for h in LOOPBACK}
    if public:
        names = [n for n in (bind, socket.gethostname(), socket.getfqdn()) if n]
        for n in names:
            if n.strip() not in ("0.0.0.0", "::", ""):
                hosts.add(host_port(n, port))
        for n in allow:
            hosts.add(host_port(n, port))
    if port == 80:  # a browser leaves the default port out of Host
        hosts |= {h.rsplit(":", 1)[0] for h in hosts if h.endswith(":80")}
    return frozenset(hosts)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Gate:
    """The accepted Hosts (and so Origins) and the token, if one is needed."""

    hosts: frozenset[str]
    token: str | None = None

    @property
    def origins(self) -> frozenset[str]:
        return frozenset("http://" + h for h in self.hosts)

    def host_ok(self, host: str | None) -> bool:
        return host is not None and host.lower() in self.hosts

    def origin_ok(self, origin: str | None) -> bool:
        return origin is not None and origin.lower() in self.origins

    def token_ok(self, given: str | None) -> bool:
        """Whether ``given`` is the token (always, when none is needed):
        compared in constant time, whole."""
        if self.token is None:
            return True
        if given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), self.token.encode("utf-8"))


def content_policy(host: str) -> str:
    """The page's Content-Security-Policy: its own scripts, styles, fonts and
    websocket (at the checked Host) and nothing else; never framed."""
    return ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
            f"img-src 'self' data:; connect-src 'self' ws://{host}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'")


def security_headers(host: str) -> dict[str, str]:
    """Every response's headers (the page's own adds Cache-Control: no-store)."""
    return {"Content-Security-Policy": content_policy(host), "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
