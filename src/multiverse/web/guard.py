"""Which requests a server answers, by their `Host` and `Origin` headers (issue 22).

A browser on another site may send requests to a server it can reach (the player's own
127.0.0.1, a LAN address): a form posting a choice, a WebSocket watching a table. Two checks
stop it, before any route runs:

- `Host` names this server: the address it listens on (`serve --host`), its loopback
  names when that is a loopback address, any IP literal when it is a wildcard (0.0.0.0,
  ::), the host of every allowed origin and every `--allow-host`. A page of a DNS name
  rebound to 127.0.0.1 sends its own name and is refused (421).
- `Origin`, when a browser sends one, on a WebSocket and on every request that changes
  state (any method but GET, HEAD, OPTIONS), is the server's own (its scheme and the
  request's `Host`) or an `--allow-origin`; else 403 (a WebSocket is closed, code 4403).
  A request without `Origin` (curl, a script) is not a foreign page's and passes.

`host_refusal` and `origin_refusal` decide from the headers alone; `Guard` is the pure ASGI
middleware (so it sees WebSockets too) that applies them.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.websockets import WebSocketClose

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("", "0.0.0.0", "::")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
DEFAULT_PORTS = {"http": 80, "https": 443}


class BadOrigin(ValueError):
    """An `--allow-origin` that is not `scheme://host[:port]`."""


def host_name(authority: str) -> str | None:
    """The host of a `Host` header (or a URL's authority, or a bare name or address) without
    its port, lowercased, an IP literal in its canonical form (`[0::1]:80` → `::1`); None
    when it is not one."""
    text = authority.strip().lower()
    if is_ip(text):  # a bare address, IPv6 included
        return str(ipaddress.ip_address(text))
    if text.startswith("["):
        name, closed, rest = text[1:].partition("]")
        if not closed or (rest and not rest.startswith(":")) or not is_ip(name):
            return None
    elif text.count(":") > 1:
        return None
    else:
        name = text.partition(":")[0]
    if not name or any(c in name for c in "/@?#\\ "):
        return None
    return str(ipaddress.ip_address(name)) if is_ip(name) else name.rstrip(".") or None


def origin_of(url: str) -> str | None:
    """A URL's origin as browsers write it: `scheme://host[:port]`, lowercased, without a
    default port; None when it has none (`null`, a path, a `file:` URL)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username or parts.password:
        return None
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + ("" if port in (None, DEFAULT_PORTS[scheme]) else f":{port}")


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(name: str) -> bool:
    return name == "localhost" or (is_ip(name) and ipaddress.ip_address(name).is_loopback)


@dataclass(frozen=True)
class Allowed:
    """What a server answers: its listen address (`--host`), the origins allowed besides
    its own (`--allow-origin`) and the host names (`--allow-host`)."""

    host: str = "127.0.0.1"
    origins: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()

    @classmethod
    def of(cls, host: str, origins: Iterable[str] = (), hosts: Iterable[str] = ()) -> Allowed:
        """`BadOrigin` names an allowed origin that is not `scheme://host[:port]`."""
        clean = []
        for url in origins:
            origin = origin_of(url)
            if origin is None:
                raise BadOrigin(f"--allow-origin {url!r}: expected scheme://host[:port], "
                                "e.g. https://games.example.org")
            clean.append(origin)
        return cls(host.strip(), tuple(clean), tuple(hosts))

    def names(self) -> set[str]:
        """The host names a request's `Host` may give (besides any IP literal, when the
        server listens on a wildcard address)."""
        listen = None if self.wildcard() else host_name(self.host)
        names = {listen} if listen else set()
        if listen is None or is_loopback(listen):
            names.update(LOOPBACK_NAMES)
        names.update(host_name(urlsplit(o).netloc) for o in self.origins)
        names.update(host_name(h) for h in self.hosts)
        names.discard(None)
        return names  # type: ignore[return-value]

    def wildcard(self) -> bool:
        return self.host.strip("[]") in WILDCARDS


def host_refusal(host: str | None, allowed: Allowed) -> str | None:
    """Why a request's `Host` header is refused, in one line; None when it names this
    server (or is absent: no browser sends a request without one)."""
    if host is None:
        return None
    name = host_name(host)
    if name is not None and (name in allowed.names() or (allowed.wildcard() and is_ip(name))):
        return None
    shown = host.encode("ascii", "backslashreplace").decode("ascii")[:80]
    return f"host {shown!r} is not a name of this server (serve --allow-host NAME admits one)"


def origin_refusal(origin: str | None, host: str | None, scheme: str, allowed: Allowed) -> str | None:
    """Why a request's `Origin` is refused, in one line; None when there is none, when it
    is the server's own (`scheme://Host`) or an allowed one."""
    if origin is None:
        return None
    given = origin_of(origin)
    own = None if host is None else origin_of(f"{scheme}://{host.strip()}")
    if given is not None and (given == own or given in allowed.origins):
        return None
    shown = origin.encode("ascii", "backslashreplace").decode("ascii")[:80]
    return f"origin {shown!r} is not this server's (serve --allow-origin URL admits one)"


class Guard:
    """The ASGI middleware refusing a foreign `Host` (HTTP 421; a WebSocket closed with
    4421) and a foreign `Origin` (HTTP 403 on a request that changes state; a WebSocket
    closed with 4403), each with one line."""

    def __init__(self, app: Any, allowed: Allowed) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host, status = headers.get("host"), 421
        refusal = host_refusal(host, self.allowed)
        if refusal is None and (kind == "websocket" or scope["method"] not in SAFE_METHODS):
            scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
            refusal, status = origin_refusal(headers.get("origin"), host, scheme, self.allowed), 403
        if refusal is None:
            await self.app(scope, receive, send)
        elif kind == "websocket":
            await WebSocketClose(code=4000 + status, reason=refusal[:123])(scope, receive, send)
        else:
            await JSONResponse({"error": refusal}, status_code=status)(scope, receive, send)
