"""The game protocol: one way to play either family of game (the line games' `Match`, Mexican Train's
`TrainMatch`), whoever plays it and wherever.

A `MatchKind` is a table's rules: how many seats, how long a match, and the matches it deals from a seeded
`random.Random`. A `PlayedMatch` is one of those matches as anything that hosts it drives it: whose turn, the
legal moves, check and apply a move, the observation of a seat and the public view, the result of a game and of
the match, moves and matches to and from JSON. Rooms (in the app's process or on a server), the bots' seats and
the tables all go through it; the variant's name only picks the kind from the engine's lists of variants.

It imports nothing of ours but the engine.
"""

from .choose import is_train_observation, match_kind, read_observation, train_rules
from .line import LineKind, LineMatch
from .played import GameChoiceError, MatchKind, PlayedMatch, hands_json
from .train import TrainKind, TrainPlayedMatch

__all__ = [
    "GameChoiceError",
    "LineKind",
    "LineMatch",
    "MatchKind",
    "PlayedMatch",
    "TrainKind",
    "TrainPlayedMatch",
    "hands_json",
    "is_train_observation",
    "match_kind",
    "read_observation",
    "train_rules",
]
