"""A stand-in for the MC102 judge's ``basic_players`` module, so a pair module written for it imports unchanged.

Player keeps ``tiles`` (a list of (a, b) tuples, kept up to date by the judge) and is asked ``play(board_extremes,
play_hist)``; DummyPlayer plays the first tile that fits, GreedyPlayer the heaviest.
"""

from __future__ import annotations


class Player:
    def __init__(self, *args: object, **kwargs: object) -> None:
        self.tiles: list[tuple[int, int]] = []

    def play(self, board_extremes: tuple, play_hist: list) -> tuple[int, tuple[int, int] | None]:
        raise NotImplementedError

    def fits(self, board_extremes: tuple) -> list[tuple[int, tuple[int, int]]]:
        """(side, tile) for each tile that fits, in hand order."""
        if not board_extremes:
            return [(0, t) for t in self.tiles]
        out = []
        for t in self.tiles:
            if board_extremes[0] in t:
                out.append((0, t))
            elif board_extremes[1] in t:
                out.append((1, t))
        return out


class DummyPlayer(Player):
    def play(self, board_extremes: tuple, play_hist: list) -> tuple[int, tuple[int, int] | None]:
        options = self.fits(board_extremes)
        return options[0] if options else (0, None)


class GreedyPlayer(Player):
    def play(self, board_extremes: tuple, play_hist: list) -> tuple[int, tuple[int, int] | None]:
        options = self.fits(board_extremes)
        if not options:
            return 0, None
        return max(options, key=lambda o: o[1][0] + o[1][1])
