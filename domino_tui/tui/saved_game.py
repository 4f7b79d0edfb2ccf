"""The game in progress, saved beside the settings so that quitting (or a crash) never loses it.

A save is the settings, the match seed and every game's JSON (its deal and moves). Restoring deals the match
again from the seed and replays each game's moves through the engine, checking every deal against the save, so
a damaged or doctored file is refused with a message instead of producing an impossible table.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from ..engine import GameState, Move, SaveFormatError, TrainRules
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from ..engine.train_state import saved_rules, unfinished_round
from ..paths import config_dir
from ..stored_file import StoredFile
from .session import Session
from .settings import from_dict, rules_of
from .train_session import TrainSession

FILE_NAME = "game.json"
VERSION = 1


def path() -> Path:
    return config_dir() / FILE_NAME


def save(session: Session | TrainSession, file: StoredFile | None = None) -> str | None:
    """Write the match atomically; a finished match removes the save instead. Returns a message on failure."""
    file = file or StoredFile(path())
    try:
        if session.match.over:
            file.remove()
            return None
        settings = asdict(session.settings)
        settings["bots"] = list(session.settings.bots)
        # A train game's rounds are its games: each is its deal and moves, replayed from the seed likewise.
        games = session.match.rounds if isinstance(session, TrainSession) else session.match.games
        data = {
            "version": VERSION,
            "settings": settings,
            "seed": session.seed,
            "games": [g.to_json() for g in games],
            # What the coach was asked for, per game: the record marks a game with hints or undos.
            "coach": {"hints": session.hints, "undos": session.undos},
        }
        file.write(data)
    except OSError as exc:
        return f"Could not save the game to {file.path}: {exc}"
    return None


def load(file: StoredFile | None = None) -> tuple[Session | TrainSession | None, str | None]:
    """The saved match, or None; and a message when a save was there but could not be used (it is then moved
    aside, see `stored_file`)."""
    file = file or StoredFile(path())
    return file.load(restore, "Your saved game could not be restored", "A new game starts.")


def restore(data: object) -> Session | TrainSession:
    if not isinstance(data, dict) or data.get("version").__class__ is not int or data["version"] != VERSION:
        raise SaveFormatError("not a domino-tui saved game")
    settings = from_dict(data.get("settings"))
    seed = data.get("seed")
    if not is_whole_number(seed):
        raise SaveFormatError(f"the seed is not a whole number: {shown(seed)}")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SaveFormatError("no games in the save")
    if isinstance(rules_of(settings), TrainRules):
        return restore_train(settings, seed, games)
    session = Session(settings, seed)
    match = session.match
    for i, saved in enumerate(games):
        if i:
            if not match.game.over or match.over:
                raise SaveFormatError(f"game {i + 1} follows a game that was not over, or the end of the match")
            match.next_game()
        game = match.game
        fresh = game.to_json()
        if not isinstance(saved, dict) or any(saved.get(k) != fresh[k] for k in ("variant", "hands", "rest")):
            raise SaveFormatError(f"game {i + 1} was not dealt from this seed")
        moves = saved.get("moves")
        if not isinstance(moves, list):
            raise SaveFormatError(f"the moves of game {i + 1} are not a list")
        for raw in moves:
            if game.over:
                raise SaveFormatError(f"game {i + 1} has a move after its end")
            game.apply(Move.from_json(raw))
        GameState.from_json(saved)  # the engine's own checks on the saved form
    coach = data.get("coach", {})  # absent in saves from before the coach
    for name in ("hints", "undos"):
        counts = coach.get(name, {}) if isinstance(coach, dict) else {}
        if not isinstance(counts, dict) or not all(isinstance(v, int) for v in counts.values()):
            raise SaveFormatError(f"the coach's {name} are not counts")
        setattr(session, name, {int(k): v for k, v in counts.items()})
    return session


def restore_train(settings: object, seed: int, rounds: list[object]) -> TrainSession:
    """A train match dealt again from its seed, each round's moves replayed and its deal checked against the
    save (as the line games' are, above). The rules are the save's own, so that a match begun when other options
    were the default (drawing for the engine) goes on as it was dealt."""
    rules = saved_rules(rounds[0])
    chosen = rules_of(settings)  # type: ignore[arg-type]  # read by from_dict
    if (rules.name, rules.players) != (chosen.name, chosen.players):
        raise SaveFormatError("the save's rounds are not of its settings' game")
    session = TrainSession(settings, seed, rules=rules)  # type: ignore[arg-type]  # read by from_dict
    match = session.match
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
    return session
