"""``domino-tui web``: the app in a browser, through textual-serve.

textual-serve runs one copy of the app per browser tab (a process of this machine, started with the command
below) and relays its screen to an xterm.js terminal in the page. Each tab is its own table: to play together,
the tabs join a room of ``domino-tui serve``.

Any page open in the user's browser may open a WebSocket to this machine, and every tab it opens would start a
process under the user's account that the page could read and type into. So a tab is only started for this
server's own page (its ``Origin``: the address it serves, or one allowed with ``--allow-origin`` for a proxy in
front of it), at most ``--max-tabs`` at once, and, with ``--token``, only for whoever has the address printed with
its token (as Jupyter does). The page says how big its terminal is, and a tab's table is drawn at most
MAX_COLUMNS by MAX_ROWS, whatever it asks for.
"""

from __future__ import annotations

import inspect
import ipaddress
import secrets
import shlex
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_TABS = 8
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
# The largest table a tab is drawn as. textual-serve passes on whatever size the page asks for (in the socket's
# address, and in each resize message), and Textual lays out a screen of that many cells: at 5,000 by 2,000 the
# table's first frame took 12 s of its tab's process (1000 by 500: 2 s), and nothing bounded what a page could ask
# for. A terminal's own size is at most 65,535 by 65,535 (the kernel's winsize), and a browser's, fitted to its
# window, some 960 by 240 on an 8K screen at a small font.
MAX_COLUMNS = 1000
MAX_ROWS = 500


def app_command(app_args: Sequence[str]) -> str:
    """The shell command textual-serve starts for each tab: this interpreter running the app."""
    return shlex.join([sys.executable, "-m", "domino_tui", *app_args])


def own_origins(host: str, port: int, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The origins of the pages a tab may be started for: this server's own address (every name of this machine
    when it listens on loopback), and those ``allowed`` (a proxy's address, written as its origin)."""
    names = {f"[{host}]" if ":" in host else host}
    if _loopback(host):
        names.update(LOOPBACK_NAMES)
    origins = {f"http://{name}:{port}" for name in names}
    return frozenset(origins | {origin.rstrip("/") for origin in allowed})


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def same_token(given: str, token: str) -> bool:
    """Whether ``given`` (from an address, so anything) is ``token``, in a time that does not tell how much of it
    was right. compare_digest raises TypeError for a string with a character past ASCII (no token has one), which
    answered such an address with an error 500 and printed a traceback, the token in it, on the server's terminal."""
    return given.isascii() and secrets.compare_digest(given, token)


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """The size a page asks for (from the socket's address, strings; from a resize message, anything JSON holds)
    as one a tab's terminal can have: whole numbers from 1 to MAX_COLUMNS and MAX_ROWS. None if either is no whole
    number."""
    columns, rows = _whole_number(width), _whole_number(height)
    if columns is None or rows is None:
        return None
    return min(max(columns, 1), MAX_COLUMNS), min(max(rows, 1), MAX_ROWS)


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str) and len(value) < 20:
        try:
            return int(value)
        except ValueError:
            return None
    return None


class CappedTerminal:
    """A tab's app service (textual-serve's) that resizes its terminal only to a size a terminal can have, and
    ignores a resize to no size at all."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def __getattr__(self, name: str) -> Any:
        return getattr(self.service, name)

    async def set_terminal_size(self, width: object, height: object) -> None:
        size = terminal_size(width, height)
        if size is not None:
            await self.service.set_terminal_size(*size)


def guarded_server(
    command: str, host: str, port: int, origins: frozenset[str], max_tabs: int, token: str | None
) -> Any:
    """textual-serve's server that starts a tab only for its own page, up to ``max_tabs`` at once, and (with a
    ``token``) only for the address that carries it."""
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class GuardedServer(Server):
        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title="domino-tui")
            self.tabs = 0

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            # The page's script adds "?width=...&height=..." to the socket's address: the token goes in its path.
            app.router.add_get("/ws/{token}", self.handle_websocket)
            return app

        def refusal(self, request: web.Request, token: str | None) -> web.HTTPException | None:
            if token is not None and not same_token(request.match_info.get("token", ""), token):
                return web.HTTPForbidden(text="This address needs the token domino-tui web printed.\n")
            if request.headers.get("Origin", "").rstrip("/") not in origins:
                return web.HTTPForbidden(text="Tables are started only for domino-tui web's own page.\n")
            if self.tabs >= max_tabs:
                return web.HTTPServiceUnavailable(text=f"At most {max_tabs} tables at once: close one first.\n")
            return None

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if token is not None and not same_token(request.query.get("token", ""), token):
                raise web.HTTPForbidden(text="This address needs the token domino-tui web printed.\n")
            # The page's own handler without its template, so the token can be added to the socket's address.
            context = await inspect.unwrap(Server.handle_index)(self, request)
            if token is not None:
                context["app_websocket_url"] += f"/{token}"
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            refused = self.refusal(request, token)
            if refused is not None:
                raise refused
            # The size the tab starts at, which textual-serve reads from the address's query as it is.
            width, height = terminal_size(request.query.get("width"), request.query.get("height")) or (80, 24)
            request = request.clone(rel_url=request.rel_url.update_query(width=width, height=height))
            self.tabs += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.tabs -= 1

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
            service = CappedTerminal(app_service)
            await super()._process_messages(websocket, service)  # type: ignore[arg-type]  # stands in for AppService

    return GuardedServer()


def serve(
    host: str,
    port: int,
    app_args: Sequence[str],
    allow_origin: Sequence[str] = (),
    max_tabs: int = DEFAULT_MAX_TABS,
    token: bool = False,
) -> int:
    """Serve until Ctrl-C or SIGTERM (textual-serve prints the address once it listens); 1 with a message when
    it cannot listen."""
    secret = secrets.token_urlsafe(24) if token else None
    server = guarded_server(app_command(app_args), host, port, own_origins(host, port, allow_origin), max_tabs, secret)
    if secret is not None:
        print(f"Open {server.public_url}/?token={secret}", flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(f"domino-tui web: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
