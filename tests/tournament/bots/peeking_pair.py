"""An MC102 pair that tries to cheat: each player leaves its hand in a module variable for its partner."""

from basic_players import DummyPlayer

LEFT_BEHIND: dict[int, list] = {}


class Peeker(DummyPlayer):
    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def play(self, board_extremes, play_hist):
        LEFT_BEHIND[self.index] = list(self.tiles)
        if 1 - self.index in LEFT_BEHIND:
            raise RuntimeError("I can see my partner's hand")
        return super().play(board_extremes, play_hist)


def pair_name():
    return "Peekers"


def create_pair():
    return Peeker(0), Peeker(1)
