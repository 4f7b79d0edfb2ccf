"""The headless domino engine: pure Python, no UI, every rule variant of the design.

Its rules kernel (core.py) may also be installed compiled beside its source; DOMINO_TUI_PURE=1 runs the source
interpreted even then (the fallback a machine without a C compiler gets), so that tests can check both.
"""

import os as _os

if _os.environ.get("DOMINO_TUI_PURE"):
    import importlib.util as _util
    import sys as _sys

    _spec = _util.spec_from_file_location(f"{__name__}.core", _os.path.join(_os.path.dirname(__file__), "core.py"))
    assert _spec is not None and _spec.loader is not None
    _sys.modules[_spec.name] = _core = _util.module_from_spec(_spec)
    _spec.loader.exec_module(_core)

from .board import CLOSED, Board, Placed
from .errors import ArgumentError, EngineError, GameOverError, IllegalMoveError, SaveFormatError
from .match import Match
from .moves import DRAW, PASS, End, Event, Kind, Move
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
    "PublicView",
    "Reason",
    "Rules",
    "SaveFormatError",
    "Tile",
    "TileSet",
    "full_set",
    "get_rules",
    "move_from_json",
    "move_to_json",
    "observation_from_json",
    "observation_to_json",
    "observe",
    "parse_tile",
    "public_json",
    "public_view_from_json",
    "round5",
    "tile_set",
]
