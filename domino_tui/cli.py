"""Command line: the Textual app by default, ``--plain`` for the seed-000 text game, ``tournament`` for bots,
``stats`` for the record of games.

Each face is imported only when chosen, so the plain mode never loads textual or rich. Whatever the face, output
that cannot be written ends it without a traceback (see `guarded_stdout`).
"""

from __future__ import annotations

import os
import sys

from .guarded_stdout import OutputLost, ended, guarded

# argparse loads on demand: `--plain` is read without it, to start fast (see plain_arguments).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

# What only one face uses: given to the other, each would be quietly ignored, so it is refused instead.
TABLE_ONLY = ("--variant", "--opponent", "--pause", "--players")


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="domino-tui",
        description="Dominoes in your terminal.",
        epilog="Bot tournaments: domino-tui tournament --help; leagues: domino-tui league --help. "
        "Your statistics: domino-tui stats [--csv]. "
        "A room server for play over the network: domino-tui serve --help (its accounts: domino-tui accounts "
        "--help); a seat in a room: "
        "domino-tui join --help; its accounts' ratings: domino-tui leaderboard --help; its public rooms and quick "
        "match: domino-tui lobby --help. "
        "The game in a browser: domino-tui web --help",
    )
    parser.add_argument("--plain", action="store_true", help="the line-by-line text game of the Hyperskill stage text")
    parser.add_argument("--stage", type=int, choices=range(1, 6), default=5, metavar="N", help="plain mode stage 1-5")
    add_game_options(parser)
    return parser


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The table's options, shared by the app and ``domino-tui web`` (which passes them to each tab's app)."""
    from .engine.variants import TRAIN_VARIANTS, VARIANTS

    parser.add_argument("--seed", type=seed_number, default=None, help="seed for a reproducible game")
    parser.add_argument(
        "--variant",
        choices=[*VARIANTS, *TRAIN_VARIANTS],
        default=None,
        help="the table's rule variant (default: the last one played)",
    )
    parser.add_argument("--pause", type=float, default=None, metavar="SECONDS", help="how long a bot waits to move")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="players at the table, you included, where the variant seats several numbers",
    )
    parser.add_argument(
        "--opponent", default=None, metavar="NAME", help="the level or bot in every other seat (e.g. Normal, greedy)"
    )


def seed_number(text: str) -> int:
    """``--seed``'s value: a whole number, of no more digits than Python turns into an int."""
    import argparse

    try:
        return int(text)
    except ValueError:
        pass
    digits = text.strip().lstrip("+-").replace("_", "")
    if digits.isascii() and digits.isdigit():
        why = f"a seed has at most {sys.get_int_max_str_digits():,} digits, not {len(digits):,}"
    else:
        why = f"a seed is a whole number, not {text if len(text) <= 24 else text[:20] + '...'!r}"
    raise argparse.ArgumentTypeError(why)


def plain_arguments(args: Sequence[str]) -> tuple[int, int | None] | None:
    """(stage, seed) for a well-formed ``--plain [--stage N] [--seed S]``, read without argparse: argparse and
    what it imports take longer than all of stage 1, which must start within 1.5x ``python -c pass``.
    None for anything else (help, abbreviations, mistakes), which argparse then handles as usual."""
    plain, stage, seed = False, 5, None
    i = 0
    while i < len(args):
        name, eq, value = args[i].partition("=")
        i += 1
        if name == "--plain" and not eq:
            plain = True
            continue
        if name not in ("--stage", "--seed"):
            return None
        if not eq:
            if i == len(args):
                return None
            value = args[i]
            i += 1
        digits = value[1:] if value.startswith("-") else value
        if not (digits.isascii() and digits.isdigit()) or not _convertible(digits):
            return None
        if name == "--seed":
            seed = int(value)
        elif 1 <= int(value) <= 5:
            stage = int(value)
        else:
            return None
    return (stage, seed) if plain else None


def _convertible(digits: str) -> bool:
    """Whether Python turns this many digits into an int (``sys.get_int_max_str_digits``, 0 for no limit)."""
    limit = sys.get_int_max_str_digits()
    return not limit or len(digits) <= limit


def main(argv: Sequence[str] | None = None) -> int:
    """Run the face the arguments choose; its exit code. Ctrl-C at any point, even while the chosen face is
    still importing, exits with 130 and no traceback; so does output that cannot be written (see
    `guarded_stdout.ended` for the status)."""
    try:
        args = list(sys.argv[1:] if argv is None else argv)
        with guarded():
            try:
                return _main(args)
            except SystemExit as done:  # argparse after --help or a mistake: its message must get out too
                code = done.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:
        return 130
    except OutputLost as lost:
        return ended(lost)


def _main(args_list: list[str]) -> int:
    if args_list[:1] == ["tournament"]:
        forget_working_directory()
        from .tournament.cli import main as tournament_main

        return tournament_main(args_list[1:])
    if args_list[:1] == ["league"]:
        forget_working_directory()
        from .tournament.league_cli import main as league_main

        return league_main(args_list[1:])
    if args_list[:1] == ["serve"]:
        from .net.cli import main as serve_main

        return serve_main(args_list[1:])
    if args_list[:1] == ["accounts"]:
        from .net.cli import accounts_main

        return accounts_main(args_list[1:])
    if args_list[:1] == ["web"]:
        return web_main(args_list[1:])
    if args_list[:1] == ["join"]:
        return join_main(args_list[1:])
    if args_list[:1] == ["leaderboard"]:
        return leaderboard_main(args_list[1:])
    if args_list[:1] == ["lobby"]:
        return lobby_main(args_list[1:])
    if args_list[:1] == ["stats"]:
        from .records.cli import main as stats_main

        return stats_main(args_list[1:])
    plain = plain_arguments(args_list)
    if plain is not None:
        from .plain import run

        return run(stage=plain[0], seed=plain[1])
    parser = build_parser()
    args = parser.parse_args(args_list)
    given = [a.partition("=")[0] for a in args_list]
    if args.plain:
        from .plain.deal import VARIANT

        if args.variant not in (None, VARIANT):
            parser.error(f"the plain mode plays {VARIANT} only (the Hyperskill stage text's game), not {args.variant}")
        for option in TABLE_ONLY[1:]:
            if option in given:
                parser.error(f"{option} is for the table; the plain mode's computer is set by --stage")
        from .plain import run

        return run(stage=args.stage, seed=args.seed)
    if "--stage" in given:
        parser.error("--stage is for the plain mode: add --plain")
    check_game_options(parser, args)
    from .tui.app import run as run_app

    return run_app(variant=args.variant, seed=args.seed, pause=args.pause, opponent=args.opponent, players=args.players)


def forget_working_directory() -> None:
    """Take the current directory off the import path, before a tournament or a league imports what it runs on.

    ``python -m domino_tui`` puts the directory it is started in first on the path, and a tournament is started in
    a folder of entries as often as not: an entry named as a module of the standard library that the runner imports
    later (hmac.py, secrets.py, json.py) would be imported in its place, and run outside the sandbox. Nothing this
    command needs is found there: this package is imported already (its own modules come from its folder), and the
    entries are read by their paths. The installed ``domino-tui`` puts its script's folder there instead, which is
    left as it is; so is the path of any other face, whose graders may import from the directory they run in."""
    here = os.path.realpath(os.getcwd())
    sys.path[:] = [entry for entry in sys.path if os.path.realpath(entry or os.curdir) != here]


def player_counts() -> dict[str, tuple[int, ...]]:
    """The variants whose table seats more than one number of players, and those numbers."""
    from .engine.variants import TRAIN_VARIANTS, VARIANTS

    counts = {name: rules.player_counts for name, rules in VARIANTS.items()}
    counts.update({name: rules.player_counts for name, rules in TRAIN_VARIANTS.items()})
    return {name: seated for name, seated in counts.items() if len(seated) > 1}


def _numbers(seated: tuple[int, ...]) -> str:
    """2 to 8, or 2, 4 and 6 where the numbers skip."""
    if seated == tuple(range(seated[0], seated[-1] + 1)):
        return f"{seated[0]} to {seated[-1]}"
    return ", ".join(map(str, seated[:-1])) + f" or {seated[-1]}"


def check_game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The table's options that argparse cannot check alone: a clear message and exit 2 for a wrong one."""
    if args.pause is not None and not 0 <= args.pause <= 10:
        parser.error("--pause must be between 0 and 10 seconds")
    if args.players is not None:
        counts = player_counts()
        if args.variant not in counts:
            seated = ", ".join(f"{name} {_numbers(numbers)}" for name, numbers in counts.items())
            parser.error(f"--players needs a variant that seats more than one number of players ({seated})")
        if args.players not in counts[args.variant]:
            parser.error(f"--players must be {_numbers(counts[args.variant])} in {args.variant}")
    if args.opponent is not None:
        from .tui.opponents import PERSON, names

        # A bot of either family; with a variant named, one that plays it (without, the settings give the seat to
        # one that plays the variant last played: opponents.opponent_for).
        known = list(dict.fromkeys(name for trains in (False, True) for name in names(trains)))
        if args.opponent not in known:
            parser.error(f"unknown opponent {args.opponent!r}; choose one of: {', '.join(known)}")
        from .engine.variants import TRAIN_VARIANTS

        if args.variant is not None:
            playing = list(dict.fromkeys([*names(args.variant in TRAIN_VARIANTS), PERSON]))
            if args.opponent not in playing:
                parser.error(f"{args.opponent!r} does not play {args.variant}; choose one of: {', '.join(playing)}")


def join_main(argv: Sequence[str]) -> int:
    """``domino-tui join HOST[:PORT]/ROOM``: the table in a room on a room server."""
    import argparse
    import getpass
    from dataclasses import replace

    parser = argparse.ArgumentParser(
        prog="domino-tui join",
        description="Take a seat in a room on a room server (domino-tui serve) and play at the table, or watch it.",
        epilog="To create a room, choose Play online on the new-game screen (n). The room's code is on its table.",
    )
    parser.add_argument(
        "address",
        metavar="HOST[:PORT]/ROOM",
        help="the server and the room's code, e.g. 127.0.0.1:8765/K7QM-3XPA (the port defaults to 8765)",
    )
    parser.add_argument("--name", default=None, help="your name at the table (default: your login name)")
    parser.add_argument("--password", default=None, help="the room's password, if it has one")
    parser.add_argument(
        "--account",
        default=None,
        metavar="NAME",
        help="play under your account NAME on that server (asks for its password unless a session is kept)",
    )
    parser.add_argument(
        "--watch", action="store_true", help="watch the room without a seat: every hand face down, chat open"
    )
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="N",
        help="the seat to take in the room's lobby, from 1 (partners sit two apart); default: the first open one",
    )
    args = parser.parse_args(argv)
    if args.seat is not None and not 1 <= args.seat <= 8:
        parser.error("--seat is a seat's number, 1 to 8")
    from .tui.online import Connect, check_name

    if args.account is not None and args.name is not None:
        parser.error("--account plays under the account's name: leave out --name")
    name = (args.account or (args.name if args.name is not None else getpass.getuser()))[:24]
    problem = check_name(name)
    if problem:
        parser.error(problem)
    try:
        seat = None if args.seat is None else args.seat - 1
        connect = Connect.join(args.address, name.strip(), args.password, watch=args.watch, seat=seat)
    except ValueError as exc:
        parser.error(str(exc))
    if args.account is not None:
        connect = replace(connect, account=name.strip(), account_password=account_password(connect.url, name))
    from .tui.app import run as run_app

    return run_app(online=connect)


def leaderboard_main(argv: Sequence[str]) -> int:
    """``domino-tui leaderboard HOST[:PORT] --variant V``: the ratings of a room server's accounts, best first."""
    import argparse
    import asyncio

    from .engine.variants import TRAIN_VARIANTS, VARIANTS
    from .net.client import NetError, leaderboard, server_url
    from .net.protocol import MAX_LIMIT

    parser = argparse.ArgumentParser(
        prog="domino-tui leaderboard",
        description="The ratings of the people with accounts on a room server (domino-tui serve) in one variant, "
        "best first: each rating is mu - 3 sigma (a skill shown with 99.7%% confidence), with the matches rated.",
    )
    parser.add_argument("server", metavar="HOST[:PORT]", help="the server, e.g. 127.0.0.1:8765 (default port 8765)")
    parser.add_argument("--variant", required=True, choices=[*VARIANTS, *TRAIN_VARIANTS], help="the variant rated")
    parser.add_argument(
        "--limit", type=int, default=None, metavar="N", help=f"rows shown, 1 to {MAX_LIMIT} (default: the server's)"
    )
    args = parser.parse_args(argv)
    if args.limit is not None and not 1 <= args.limit <= MAX_LIMIT:
        parser.error(f"--limit is 1 to {MAX_LIMIT}")
    try:
        url = server_url(args.server)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        rows = asyncio.run(leaderboard(url, args.variant, args.limit))
    except NetError as exc:
        print(f"domino-tui leaderboard: {exc.message}", file=sys.stderr)
        return 1
    if not rows:
        print(f"nobody is rated in {args.variant} on {url.removeprefix('ws://')} yet")
        return 0
    width = max(len("name"), *(len(row.name) for row in rows))
    print(f"{'#':>3}  {'name':<{width}}  {'rating':>6}  {'games':>5}")
    for place, row in enumerate(rows, 1):
        print(f"{place:>3}  {row.name:<{width}}  {row.rating:>6.1f}  {row.games:>5}")
    return 0


def lobby_main(argv: Sequence[str]) -> int:
    """``domino-tui lobby HOST[:PORT]``: the app at a room server's lobby (``--list``: its public rooms printed)."""
    import argparse
    import asyncio

    from .engine.variants import TRAIN_VARIANTS, VARIANTS
    from .net.client import NetError, lobby, server_url

    parser = argparse.ArgumentParser(
        prog="domino-tui lobby",
        description="The lobby of a room server (domino-tui serve): its public rooms waiting for players (Enter "
        "joins one), the variant's leaderboard, and Quick match: the server seats you with people of a similar "
        "rating, and bots fill the table after the wait you choose.",
    )
    parser.add_argument("server", metavar="HOST[:PORT]", help="the server, e.g. 127.0.0.1:8765 (default port 8765)")
    parser.add_argument("--variant", choices=[*VARIANTS, *TRAIN_VARIANTS], default=None, help="the variant shown")
    parser.add_argument(
        "--list", action="store_true", help="print the public rooms waiting (of --variant, if given) and end"
    )
    args = parser.parse_args(argv)
    try:
        url = server_url(args.server)
    except ValueError as exc:
        parser.error(str(exc))
    if not args.list:
        from .tui.app import run as run_app

        return run_app(variant=args.variant, lobby=url.removeprefix("ws://"))
    try:
        rooms, _ = asyncio.run(lobby(url, args.variant))
    except NetError as exc:
        print(f"domino-tui lobby: {exc.message}", file=sys.stderr)
        return 1
    if not rooms:
        print(f"no public room is waiting on {url.removeprefix('ws://')}")
        return 0
    print(f"{'room':<10}  {'variant':<14}  {'open':>4}  players")
    for room in rooms:
        people = ", ".join(name if rating is None else f"{name} ({rating:.1f})" for name, rating, _ in room.people)
        print(f"{room.room:<10}  {room.variant:<14}  {room.free:>4}  {people}")
    return 0


def account_password(url: str, account: str) -> str | None:
    """The account's password, asked for (never an argument) unless a session of it on ``url`` is kept; None
    then (the session is used)."""
    import getpass

    from .tui.kept_accounts import KeptAccounts

    kept = KeptAccounts()
    kept.load()
    if kept.find(url, account) is not None:
        return None
    return getpass.getpass(f"Password of {account} on {url.removeprefix('ws://')}: ")


def web_main(argv: Sequence[str]) -> int:
    """``domino-tui web``: serve the app to browsers; each tab gets its own table with the options given."""
    from .tui.web import serve

    parser = web_parser()
    args = parser.parse_args(argv)
    check_game_options(parser, args)
    app_args: list[str] = []
    for name in ("variant", "seed", "pause", "opponent", "players"):
        value = getattr(args, name)
        if value is not None:
            app_args += [f"--{name}", str(value)]
    return serve(args.host, args.port, app_args, args.allow_origin, args.max_tabs, args.token)


def web_parser() -> argparse.ArgumentParser:
    import argparse

    from .tui.web import DEFAULT_HOST, DEFAULT_MAX_TABS, DEFAULT_PORT

    parser = argparse.ArgumentParser(
        prog="domino-tui web",
        description="Serve the game to web browsers (through textual-serve): each browser tab gets its own table.",
        epilog="Only this machine can connect unless --host says otherwise. See docs/network.md.",
    )
    parser.add_argument("--host", default=DEFAULT_HOST, help="the address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (default: %(default)s)")
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a page address besides this server's own that may start tables, e.g. https://games.example "
        "for a proxy in front of it (repeatable)",
    )
    parser.add_argument(
        "--max-tabs", type=int, default=DEFAULT_MAX_TABS, help="tables running at once (default: %(default)s)"
    )
    parser.add_argument(
        "--token", action="store_true", help="print an address with a secret token: only it opens a table"
    )
    add_game_options(parser)
    return parser
