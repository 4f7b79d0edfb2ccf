"""A bot of your own for `domino-tui tournament --bots examples/tournament_bot.py:Blocker,...`.

It implements the one bot interface (domino_tui.ai.Bot): it is given an Observation (its own hand, the board,
the other hands' sizes, the public history) and returns one of obs.legal. Randomness only through self.rng.
"""

from domino_tui.ai import Bot
from domino_tui.engine import Kind, Move, Observation


class Blocker(Bot):
    name = "blocker"
    description = "Plays the tile that leaves the ends showing the numbers it holds most of; heavier on ties."

    def choose(self, obs: Observation) -> Move:
        plays = [m for m in obs.legal if m.kind is Kind.PLAY]
        if not plays:
            return obs.legal[0]  # the draw or the pass

        def held(pip: int) -> int:
            return sum(pip in t for t in obs.hand)

        def value(move: Move) -> tuple[int, int]:
            ends = list(obs.board.ends[:2]) if not obs.board.empty else []
            tile = move.tile
            if ends:
                ends[move.end] = tile.other(ends[move.end])
            else:
                ends = [tile.low, tile.high]
            return sum(held(e) for e in ends) - held(tile.low) - held(tile.high), tile.pips

        return max(plays, key=value)
