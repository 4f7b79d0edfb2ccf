"""``domino-tui serve``: the room server's command line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import logging
import resource
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..paths import config_dir
from .server import ServerConfig, run
from .storage import StorageError, is_database_url

DB_NAME = "rooms.sqlite3"


def level_name(text: str) -> str:
    """A level of the bots (Beginner to Master): each plays every variant, as a quick match's table needs."""
    from ..bot_registry import LEVELS

    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"choose one of the levels: {', '.join(LEVELS)}")
    return text


# The server's limits, each a field of ServerConfig named as its option is (docs/network.md, the safety model).
LIMITS: tuple[tuple[str, Callable[[str], object], str, str], ...] = (
    ("--max-connections", int, "N", "connections the server holds at once"),
    ("--per-address", int, "N", "connections one address may hold, and rooms it may make in an hour"),
    ("--max-rooms", int, "N", "rooms on the server at once"),
    ("--rate", float, "N", "messages a second one connection may send (bots playing bots need more)"),
    (
        "--chat-relay",
        float,
        "N",
        "chat messages a second relayed to one reader, after a burst of twice that; past it chat to that reader is "
        "dropped, and it is told",
    ),
    (
        "--misses",
        float,
        "N",
        "rooms not found or wrong passwords an address may try a second, after --misses-burst; past it its joins "
        "wait, so codes and passwords cannot be guessed faster",
    ),
    ("--misses-burst", int, "N", "misses an address may make at once before --misses paces it"),
    (
        "--knock-wait",
        float,
        "SECONDS",
        "how long a person knocking to be let back into a started room waits for its creator",
    ),
    ("--knocks-per-room", int, "N", "people who may knock at one room at once"),
    ("--knocks-per-address", int, "N", "knocks one address may have waiting at once"),
    ("--workers", int, "N", "bot threads"),
    (
        "--bot-pace",
        float,
        "SECONDS",
        "a bot moves no sooner than this after its turn began, so how long it took never tells whether it had a choice",
    ),
    ("--rooms-per-address", int, "N", "rooms one address may have on the server at once"),
    # How long a room may be left idle before it is deleted with its log.
    ("--idle-lobby", float, "SECONDS", "a room not started is deleted after this long idle"),
    ("--idle-over", float, "SECONDS", "a room whose match is over is deleted after this long idle"),
    ("--unattended", float, "SECONDS", "a room nobody is connected to is deleted after this long idle"),
    # Quick match (lobby.py).
    (
        "--quick-band",
        float,
        "RATING",
        "quick match seats together people whose ratings (mu - 3 sigma) are at most this far apart at first",
    ),
    ("--quick-widen", float, "RATING", "what quick match's band grows by each second the longest seeker has waited"),
    ("--quick-bots", level_name, "LEVEL", "the level of the bots that fill a quick match's table"),
    ("--seekers-per-address", int, "N", "quick matches one address may be seeking at once"),
)


def db_file(text: str) -> Path | str:
    """The rooms' SQLite file, or a PostgreSQL server's URL (postgresql://user@host:port/dbname, kept as the
    text it is); another database's address is refused in words rather than taken for a file of that name."""
    if is_database_url(text):
        return text
    scheme, sep, _ = text.partition("://")
    if sep and scheme.replace("+", "").isalnum():
        # Only the scheme is repeated: the rest of an address may hold a password.
        raise argparse.ArgumentTypeError(
            f"{scheme}://... is a database server's address this server cannot use: give a SQLite file's path "
            "or a postgresql:// URL"
        )
    return Path(text)


def build_parser() -> argparse.ArgumentParser:
    defaults = ServerConfig()
    parser = argparse.ArgumentParser(
        prog="domino-tui serve",
        description="Serve rooms where people and bots play together over the network. Rooms survive a restart.",
        epilog="Only this machine can connect unless --host says otherwise (e.g. --host 0.0.0.0 for every "
        "network). The protocol and the safety model: docs/protocol.md and docs/network.md.",
    )
    parser.add_argument("--host", default=defaults.host, help="the address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=int, default=defaults.port, help="the port (default: %(default)s; 0: any)")
    parser.add_argument(
        "--db",
        type=db_file,
        default=None,
        metavar="FILE_OR_URL",
        help=f"the rooms' SQLite file (default: {config_dir() / DB_NAME}), or a PostgreSQL database's "
        "postgresql://user@host:port/dbname",
    )
    for option, kind, metavar, what in LIMITS:
        name = option.removeprefix("--").replace("-", "_")
        default = getattr(defaults, name)
        parser.add_argument(option, type=kind, default=default, metavar=metavar, help=f"{what} (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="log only warnings and errors")
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr
    )
    raise_file_limit()
    # `kill -USR1` writes every thread's stack to the log: how to see what a stuck server is doing. Only where
    # stderr is a real file (not closed, not a stream of a host program's own).
    with contextlib.suppress(OSError, ValueError):
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    db = args.db or config_dir() / DB_NAME
    if isinstance(db, Path):
        # The folder is made for the owner only, as the file is (storage.py): it holds every room's seed.
        db.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    config = server_config(args, db)

    def ready(port: int) -> None:
        # One line on stdout, for whoever started the server (a script, a test) to read the port from.
        print(f"serving on ws://{args.host}:{port}", flush=True)

    try:
        return asyncio.run(run(config, ready))
    except StorageError as exc:
        print(f"domino-tui serve: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"domino-tui serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1


def server_config(args: argparse.Namespace, db: Path | str) -> ServerConfig:
    """The server's configuration from ``serve``'s command line."""
    limits = {option.removeprefix("--").replace("-", "_") for option, *_ in LIMITS}
    return ServerConfig(host=args.host, port=args.port, db=db, **{name: getattr(args, name) for name in limits})


def raise_file_limit() -> None:
    """Each connection is a file: take the soft limit up to the hard one, so thousands of players fit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def accounts_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domino-tui accounts",
        description="The accounts of a room server's database: list them, give one a new password, remove one.",
        epilog="A new password is read from stdin (asked for when stdin is a terminal), never from the command "
        "line, where other users of the machine could read it.",
    )
    parser.add_argument(
        "--db",
        type=db_file,
        default=None,
        metavar="FILE_OR_URL",
        help=f"the server's SQLite file (default: {config_dir() / DB_NAME}), or its PostgreSQL database's URL",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("list", help="every account: its name, when it was made, whether it is logged in")
    reset = commands.add_parser(
        "reset-password", help="give an account a new password, read from stdin; its session ends"
    )
    reset.add_argument("name", metavar="NAME")
    remove = commands.add_parser("remove", help="delete an account: its name is free again")
    remove.add_argument("name", metavar="NAME")
    return parser


def accounts_main(argv: Sequence[str]) -> int:
    """``domino-tui accounts``: the operator's hand on the accounts, with or without the server running."""
    import time

    from . import accounts
    from .server import open_storage

    parser = accounts_parser()
    args = parser.parse_args(argv)
    db = args.db or config_dir() / DB_NAME
    if isinstance(db, Path) and not db.exists():
        parser.error(f"there is no database at {db}")
    password = None
    if args.command == "reset-password":
        password = _new_password()
        problem = accounts.password_problem(password)
        if problem is not None:
            print(f"domino-tui accounts: {problem}", file=sys.stderr)
            return 1
    try:
        store = open_storage(db)
    except StorageError as exc:
        print(f"domino-tui accounts: {exc}", file=sys.stderr)
        return 1
    try:
        if args.command == "list":
            for name, created, session in accounts.listed(store):
                made = time.strftime("%Y-%m-%d %H:%M", time.localtime(created))
                print(f"{name}\tmade {made}\t{'logged in' if session else 'logged out'}")
            return 0
        if password is not None:
            done = accounts.reset_password(store, args.name, password)
            said = f"{args.name} has a new password; its session has ended"
        else:
            done = accounts.remove(store, args.name)
            said = f"{args.name} is removed"
        if not done:
            print(f"domino-tui accounts: there is no account called {args.name}", file=sys.stderr)
            return 1
        print(said)
        return 0
    finally:
        store.close()


def _new_password() -> str:
    """The new password: asked for twice at a terminal, else stdin's first line (its line end not part of it)."""
    import getpass

    if sys.stdin.isatty():
        first = getpass.getpass("New password: ")
        if getpass.getpass("The same again: ") != first:
            print("domino-tui accounts: the two passwords differ", file=sys.stderr)
            raise SystemExit(1)
        return first
    return sys.stdin.readline().removesuffix("\n").removesuffix("\r")
