"""A saved game in the app's earlier format, read once and turned into the log of the room that now hosts it.

The earlier format was the settings, the match seed and every game's deal and moves. Every game at this keyboard
is now a room, and the saved game is the room's log: the same entries a room server stores. Such a save is
read as before (the match dealt again from its seed, each game's deal checked against the save, each move
replayed through the engine, so a damaged or doctored file is refused with a message), and the room's entries are
the persons' seats, the start, and every move by whoever made it, with the next game between games. A room made
with the same seed deals the same match, so the converted game goes on exactly where it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import GameState, Match, Move, SaveFormatError, TrainMatch, TrainRules
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from ..engine.train_state import saved_rules, unfinished_round
from ..games import match_kind
from ..net.protocol import Options
from .settings import Settings, from_dict, line_rules_of, rules_of
from .table_options import person_names, room_options

VERSION = 1  # the earlier format's version

Entry = dict[str, object]


@dataclass(frozen=True)
class ConvertedSave:
    """A room's makings from an earlier save: its options, its seed, its log, and the coach's use per game."""

    settings: Settings
    options: Options
    seed: int
    entries: list[Entry]
    hints: dict[int, int]
    undos: dict[int, int]


def is_earlier_save(data: object) -> bool:
    """Whether ``data`` is a save of the earlier format (its version; a room's log says otherwise)."""
    return isinstance(data, dict) and data.get("version").__class__ is int and data["version"] == VERSION


def converted(data: object) -> ConvertedSave:
    """The room an earlier save is now; SaveFormatError saying what is wrong with the save otherwise."""
    settings, seed, match = read(data)
    assert isinstance(data, dict)
    if isinstance(match, TrainMatch):
        options = room_options(settings, match.rules)
        moves = [list(state.moves) for state in match.rounds]
    else:
        options = room_options(settings)
        moves = [game.moves[game.opening_moves :] for game in match.games]
    hints, undos = coach_counts(data.get("coach", {}))
    return ConvertedSave(settings, options, seed, _entries(settings, options, seed, moves), hints, undos)


def read(data: object) -> tuple[Settings, int, Match | TrainMatch]:
    """An earlier save's settings, seed and match, dealt again from the seed with every deal and move checked;
    SaveFormatError saying what is wrong otherwise."""
    if not is_earlier_save(data):
        raise SaveFormatError("not a domino-tui saved game")
    assert isinstance(data, dict)
    settings = from_dict(data.get("settings"))
    seed = data.get("seed")
    if not is_whole_number(seed):
        raise SaveFormatError(f"the seed is not a whole number: {shown(seed)}")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SaveFormatError("no games in the save")
    if isinstance(rules_of(settings), TrainRules):
        return settings, seed, _train_match(settings, seed, games)
    return settings, seed, _line_match(settings, seed, games)


def _line_match(settings: Settings, seed: int, games: list[object]) -> Match:
    target, length = settings.match_length()
    match = Match(line_rules_of(settings), random.Random(seed), target=target, games=length)
    for i, saved in enumerate(games):
        if i:
            if not match.game.over or match.over:
                raise SaveFormatError(f"game {i + 1} follows a game that was not over, or the end of the match")
            match.next_game()
        game = match.game
        fresh = game.to_json()
        if not isinstance(saved, dict) or any(saved.get(k) != fresh[k] for k in ("variant", "hands", "rest")):
            raise SaveFormatError(f"game {i + 1} was not dealt from this seed")
        raw_moves = saved.get("moves")
        if not isinstance(raw_moves, list):
            raise SaveFormatError(f"the moves of game {i + 1} are not a list")
        for raw in raw_moves:
            if game.over:
                raise SaveFormatError(f"game {i + 1} has a move after its end")
            game.apply(Move.from_json(raw))
        GameState.from_json(saved)  # the engine's own checks on the saved form
    return match


def _train_match(settings: Settings, seed: int, rounds: list[object]) -> TrainMatch:
    """The match under the save's own rules (a match begun when other options were the default goes on as it was
    dealt)."""
    rules = saved_rules(rounds[0])
    chosen = rules_of(settings)
    if (rules.name, rules.players) != (chosen.name, chosen.players):
        raise SaveFormatError("the save's rounds are not of its settings' game")
    match = TrainMatch(rules, random.Random(seed))
    for i, saved in enumerate(rounds):
        if i:
            if not match.round.over:
                raise SaveFormatError(unfinished_round(i - 1, rounds[i - 1]))
            if match.over:
                raise SaveFormatError(f"round {i + 1} follows the end of the match")
            match.next_round()
        state = match.round
        fresh = state.to_json()
        if not isinstance(saved, dict) or any(saved.get(k) != fresh[k] for k in ("variant", "players", "hands")):
            raise SaveFormatError(f"round {i + 1} was not dealt from this seed")
        if saved.get("boneyard") != fresh["boneyard"] or saved.get("round") != fresh["round"]:
            raise SaveFormatError(f"round {i + 1} was not dealt from this seed")
        state.replay(saved)
        if state.forfeits:
            # The app never forfeits a seat (a bot that fails has a move made for it); a tournament's round has no
            # place at this table.
            raise SaveFormatError(f"round {i + 1} has a forfeit, which a game at this table never has")
    return match


def _entries(settings: Settings, options: Options, seed: int, moves: list[list[Move]]) -> list[Entry]:
    """The room's log: the persons' seats (the first the room's creator), the start, and each game's moves by
    whoever made them, replayed on the room's own kind of match to know whose each move is."""
    names = person_names(settings)
    entries: list[Entry] = [
        {
            "e": "seat",
            "seat": seat,
            "kind": "person",
            "name": name,
            "token": None,
            **({"creator": True} if not seat else {}),
        }
        for seat, name in names.items()
    ]
    entries.append({"e": "start"})
    kind = match_kind(options.variant, options.players, options.house)
    played = kind.new_match(random.Random(seed), options.target, options.games)
    for i, game in enumerate(moves):
        if i:
            entries.append({"e": "next"})
            played.next_game()
        for move in game:
            by = "person" if played.turn in names else "bot"
            entries.append({"e": "move", "move": played.write_move(move), "by": by})
            played.apply(move)
    return entries


def coach_counts(coach: object) -> tuple[dict[int, int], dict[int, int]]:
    """What the coach was asked for, per game (absent in saves from before the coach)."""
    counts: list[dict[int, int]] = []
    for name in ("hints", "undos"):
        raw = coach.get(name, {}) if isinstance(coach, dict) else {}
        if not isinstance(raw, dict) or not all(isinstance(v, int) for v in raw.values()):
            raise SaveFormatError(f"the coach's {name} are not counts")
        try:
            counts.append({int(k): v for k, v in raw.items()})
        except ValueError:
            raise SaveFormatError(f"the coach's {name} are not counts by game") from None
    return counts[0], counts[1]
