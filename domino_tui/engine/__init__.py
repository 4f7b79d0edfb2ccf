"""The headless domino engine: pure Python, no UI, every rule variant of the design."""

from .board import CLOSED, Board, Placed
from .errors import ArgumentError, EngineError, GameOverError, IllegalMoveError, SaveFormatError
from .match import Match
from .moves import DRAW, PASS, End, Event, Kind, Move
from .observation import Observation, observe
from .rules import DrawRule, GameResult, Opening, Reason, Rules, round5
from .state import GameState
from .tiles import Tile, TileSet, full_set, parse_tile, tile_set
from .variants import VARIANTS, get_rules

__all__ = [
    "CLOSED",
    "DRAW",
    "PASS",
    "VARIANTS",
    "ArgumentError",
    "Board",
    "DrawRule",
    "End",
    "EngineError",
    "Event",
    "GameOverError",
    "GameResult",
    "GameState",
    "IllegalMoveError",
    "Kind",
    "Match",
    "Move",
    "Observation",
    "Opening",
    "Placed",
    "Reason",
    "Rules",
    "SaveFormatError",
    "Tile",
    "TileSet",
    "full_set",
    "get_rules",
    "observe",
    "parse_tile",
    "round5",
    "tile_set",
]
