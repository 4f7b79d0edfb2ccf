"""The headless domino engine: the rules on integers (the kernel, core.py) and the records around them (tiles,
rules and variants, board, state, moves, observation, match). No UI, no bots.

The kernel may also be installed compiled beside its source; DOMINO_TUI_PURE=1 runs the source interpreted even
then (the fallback a machine without a C compiler gets), so that tests can check both (compiled.py).
"""

import os as _os

from .compiled import PURE as _PURE
from .compiled import use_sources as _use_sources

if _PURE:  # before anything imports the compiled modules
    _use_sources(__name__, _os.path.dirname(__file__), "core", "train_core")

from .board import CLOSED, Board, Placed
from .errors import ArgumentError, EngineError, GameOverError, IllegalMoveError, SaveFormatError
from .match import Match
from .moves import DRAW, PASS, Draw, Drew, End, Event, Kind, Move, Pass, Passed, Play, Played
from .observation import Observation, observe
from .observation_json import (
    PublicView,
    move_from_json,
    move_to_json,
    observation_from_json,
    observation_to_json,
    public_json,
    public_view_from_json,
)
from .places import places_of
from .rules import DrawRule, GameResult, Opening, Reason, Rules, round5
from .state import GameState
from .tiles import Tile, TileSet, full_set, parse_tile, tile_set
from .train_moves import TrainEvent, TrainPlay
from .train_observation import (
    TrainObservation,
    TrainView,
    observe_match,
    observe_train,
    train_observation_from_json,
    train_observation_to_json,
)
from .train_rules import EngineSearch, TrainOptions, TrainRules
from .train_state import TrainMatch, TrainRoundState
from .variants import MEXICAN_TRAIN, TRAIN_VARIANTS, VARIANTS, get_rules, get_train_rules

__all__ = [
    "CLOSED",
    "DRAW",
    "MEXICAN_TRAIN",
    "PASS",
    "TRAIN_VARIANTS",
    "VARIANTS",
    "ArgumentError",
    "Board",
    "Draw",
    "DrawRule",
    "Drew",
    "End",
    "EngineError",
    "EngineSearch",
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
    "Pass",
    "Passed",
    "Placed",
    "Play",
    "Played",
    "PublicView",
    "Reason",
    "Rules",
    "SaveFormatError",
    "Tile",
    "TileSet",
    "TrainEvent",
    "TrainMatch",
    "TrainObservation",
    "TrainOptions",
    "TrainPlay",
    "TrainRoundState",
    "TrainRules",
    "TrainView",
    "full_set",
    "get_rules",
    "get_train_rules",
    "move_from_json",
    "move_to_json",
    "observation_from_json",
    "observation_to_json",
    "observe",
    "observe_match",
    "observe_train",
    "parse_tile",
    "places_of",
    "public_json",
    "public_view_from_json",
    "round5",
    "tile_set",
    "train_observation_from_json",
    "train_observation_to_json",
]
