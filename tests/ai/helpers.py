"""Hand-built observations for bot tests: a layout, a hand, and the legal moves the engine would offer."""

from __future__ import annotations

from domino_tui.engine import DRAW, PASS, Board, End, Move, Observation, Tile, get_rules, tile_set
from domino_tui.engine.core import Layout


def T(text: str) -> list[Tile]:
    """'34 44 24' -> [3|4], [4|4], [2|4]"""
    return [Tile.of(int(p[0]), int(p[1])) for p in text.split()]


def mask(text: str, max_pip: int = 6) -> int:
    """'34 44' -> the bit mask of those tiles in the double-``max_pip`` set."""
    return tile_set(max_pip).mask_of(T(text))


def line(text: str, spinner: bool = False) -> Board:
    """A layout laid left to right as written, e.g. '44 42 21' (the first tile shown as written)."""
    board = Board(spinner)
    tiles = text.split()
    for i, p in enumerate(tiles):
        a, b = int(p[0]), int(p[1])
        if i == 0:
            board.place(Tile.of(a, b), End.LEFT)
            if (board.ends[0], board.ends[1]) != (a, b):
                # The kernel lays a lead low half left: turn it as written.
                board.line[0] = type(board.line[0])(Tile.of(a, b), a, b)
                was = board.layout
                board.layout = Layout.rebuilt(
                    was.spinner_allowed,
                    (a, b, *was.ends[2:]),
                    was.double_at,
                    was.arm_started,
                    was.spinner,
                    was.side_taken,
                    was.tiles,
                )
        else:
            assert board.ends[1] == a, f"{p} does not follow the line"
            board.place(Tile.of(a, b), End.RIGHT)
    return board


def observation(variant: str, hand: str, board: Board, stock: int = 0, seat: int = 0) -> Observation:
    rules = get_rules(variant)
    tiles = tuple(T(hand))
    legal: list[Move] = []
    for t in tiles:
        if board.empty:
            legal.append(Move.play(t, End.LEFT))
            continue
        legal.extend(Move.play(t, e) for e in board.open_ends() if board.ends[e] in t)
    if rules.name == "classic":
        legal.append(DRAW if stock else PASS)
    elif not legal:
        legal.append(DRAW if stock and rules.has_stock else PASS)
    sizes = [7] * rules.players
    sizes[seat] = len(tiles)
    return Observation(
        rules=rules,
        seat=seat,
        turn=seat,
        hand=tiles,
        board=board,
        hand_sizes=tuple(sizes),
        stock_size=stock,
        sleeping=0,
        history=(),
        legal=tuple(legal),
        points=(0,) * len(rules.teams),
    )


def game(variant: str, hands: list[str], stock: str = "", lead: int | None = 0):
    """A GameState with the given hands; ``stock`` lists the boneyard bottom to top (the last is drawn first),
    other unnamed tiles go below it (or asleep)."""
    from domino_tui.engine import GameState, Opening

    rules = get_rules(variant)
    held = [T(h) for h in hands]
    named = T(stock)
    taken = {t for h in held for t in h} | set(named)
    rest = [t for t in tile_set(rules.max_pip).tiles if t not in taken] + named
    return GameState(rules, held, rest, Opening(lead))


def play(state, text: str, end: End = End.LEFT) -> None:
    state.apply(Move.play(T(text)[0], end))
