"""``domino-tui web``: the app in a browser, through textual-serve.

textual-serve runs one copy of the app per browser tab (a process of this machine, started with the command
below) and relays its screen to an xterm.js terminal in the page. Each tab is its own table: to play together,
the tabs join a room of ``domino-tui serve``.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def app_command(app_args: Sequence[str]) -> str:
    """The shell command textual-serve starts for each tab: this interpreter running the app."""
    return shlex.join([sys.executable, "-m", "domino_tui", *app_args])


def serve(host: str, port: int, app_args: Sequence[str]) -> int:
    """Serve until Ctrl-C or SIGTERM (textual-serve prints the address once it listens); 1 with a message when
    it cannot listen."""
    from textual_serve.server import Server

    server = Server(app_command(app_args), host=host, port=port, title="domino-tui")
    try:
        server.serve()
    except OSError as exc:
        print(f"domino-tui web: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
