"""A seed-003 pair module, written as that seed asks: create_pair(), pair_name(), players with play()."""

from basic_players import Player


class DoublesFirst(Player):
    """Doubles first, then the heaviest tile; side 0 is the left end, 1 the right."""

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
    return "Havana"


def create_pair():
    return DoublesFirst(), DoublesFirst()
