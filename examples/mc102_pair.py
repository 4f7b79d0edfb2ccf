"""A pair module written for the MC102 judge, played unchanged by `domino-tui tournament`:

    domino-tui tournament --variant partnership9 --bots examples/mc102_pair.py,greedy,dummy

As the MC102 judge asks: pair_name(), create_pair() returning two players, and players with `tiles` (a list of (a, b)
tuples) and play(board_extremes, play_hist) returning (side, tile): side 0 for the left end, 1 for the right,
tile None to pass. `basic_players` is the judge's module; domino-tui supplies a stand-in when it is not beside
this file.
"""

from basic_players import Player


class DoublesFirst(Player):
    """Doubles first (they are the hardest tiles to place later), then the heaviest tile."""

    def play(self, board_extremes, play_hist):
        options = []
        for tile in self.tiles:
            if not board_extremes or board_extremes[0] in tile:
                options.append((0, tile))
            elif board_extremes[1] in tile:
                options.append((1, tile))
        if not options:
            return 0, None
        return max(options, key=lambda o: (o[1][0] == o[1][1], o[1][0] + o[1][1]))


def pair_name():
    return "Havana doubles"


def create_pair():
    return DoublesFirst(), DoublesFirst()
