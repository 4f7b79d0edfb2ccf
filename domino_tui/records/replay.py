"""A recorded game step by step: the state after each move, every hand in view, from the game's JSON."""

from __future__ import annotations

from ..engine import GameState


def positions(game_json: dict) -> list[GameState]:
    """The state at the deal (after any move the engine makes itself, like the opening double) and after each
    recorded move. Raises SaveFormatError for a record that does not replay."""
    game = GameState.from_json(game_json)
    return [state.copy() for state, _ in game.replay()] + [game]
