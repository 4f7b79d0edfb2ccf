"""Command line: the Textual app by default, ``--plain`` for the seed-000 text game, ``tournament`` for bots.

Each face is imported only when chosen, so the plain mode never loads textual or rich.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

# argparse loads on demand: `--plain` is read without it, to start fast (see plain_arguments).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from .engine.variants import VARIANTS

    parser = argparse.ArgumentParser(
        prog="domino-tui",
        description="Dominoes in your terminal.",
        epilog="Bot tournaments: domino-tui tournament --help; leagues: domino-tui league --help. "
        "Your statistics: domino-tui stats [--csv]. "
        "A room server for play over the network: domino-tui serve --help",
    )
    parser.add_argument("--plain", action="store_true", help="the line-by-line text game of seed 000")
    parser.add_argument("--stage", type=int, choices=range(1, 6), default=5, metavar="N", help="plain mode stage 1-5")
    parser.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    parser.add_argument(
        "--variant",
        choices=list(VARIANTS),
        default=None,
        help="the table's rule variant (default: the last one played)",
    )
    parser.add_argument("--pause", type=float, default=None, metavar="SECONDS", help="how long a bot waits to move")
    parser.add_argument(
        "--opponent", default=None, metavar="NAME", help="the level or bot in every other seat (e.g. Normal, greedy)"
    )
    return parser


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
        if not (digits.isascii() and digits.isdigit()):
            return None
        if name == "--seed":
            seed = int(value)
        elif 1 <= int(value) <= 5:
            stage = int(value)
        else:
            return None
    return (stage, seed) if plain else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the face the arguments choose; its exit code. Ctrl-C at any point, even while the chosen face is
    still importing, exits with 130 and no traceback."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["tournament"]:
        from .tournament.cli import main as tournament_main

        return tournament_main(args_list[1:])
    if args_list[:1] == ["league"]:
        from .tournament.league_cli import main as league_main

        return league_main(args_list[1:])
    if args_list[:1] == ["serve"]:
        from .net.cli import main as serve_main

        return serve_main(args_list[1:])
    if args_list[:1] == ["stats"]:
        from .records.cli import main as stats_main

        return stats_main(args_list[1:])
    plain = plain_arguments(args_list)
    if plain is not None:
        from .plain import run

        return run(stage=plain[0], seed=plain[1])
    args = build_parser().parse_args(args_list)
    if args.plain:
        from .plain import run

        return run(stage=args.stage, seed=args.seed)
    if args.pause is not None and not 0 <= args.pause <= 10:
        build_parser().error("--pause must be between 0 and 10 seconds")
    if args.opponent is not None:
        from .tui.opponents import choices

        names = [name for _, name in choices()]
        if args.opponent not in names:
            build_parser().error(f"unknown opponent {args.opponent!r}; choose one of: {', '.join(names)}")
    from .tui.app import run as run_app

    return run_app(variant=args.variant, seed=args.seed, pause=args.pause, opponent=args.opponent)
