"""The game in progress, saved beside the settings so that quitting (or a crash) never loses it.

A save is the settings, the match seed and every game's JSON (its deal and moves). Restoring deals the match
again from the seed and replays each game's moves through the engine, checking every deal against the save, so
a damaged or doctored file is refused with a message instead of producing an impossible table.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from ..engine import GameState, IllegalMoveError, Move, SaveFormatError
from .session import Session
from .settings import config_dir, from_dict

FILE_NAME = "game.json"
VERSION = 1


def path() -> Path:
    return config_dir() / FILE_NAME


def save(session: Session) -> str | None:
    """Write the match; a finished match removes the save instead. Returns a message on failure."""
    target = path()
    try:
        if session.match.over:
            target.unlink(missing_ok=True)
            return None
        settings = asdict(session.settings)
        settings["bots"] = list(session.settings.bots)
        data = {
            "version": VERSION,
            "settings": settings,
            "seed": session.seed,
            "games": [g.to_json() for g in session.match.games],
            # What the coach was asked for, per game: the record marks a game with hints or undos.
            "coach": {"hints": session.hints, "undos": session.undos},
        }
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps(data) + "\n", encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        return f"Could not save the game to {target}: {exc}"
    return None


def load() -> tuple[Session | None, str | None]:
    """The saved match, or None; and a message when a save was there but could not be used."""
    source = path()
    if not source.exists():
        return None, None
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
        return restore(data), None
    except (OSError, ValueError, TypeError, KeyError, SaveFormatError, IllegalMoveError, RuntimeError) as exc:
        return None, f"Your saved game ({source}) could not be restored: {exc}. A new game starts."


def restore(data: object) -> Session:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise SaveFormatError("not a domino-tui saved game")
    settings = from_dict(data["settings"])
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError("the seed is not a whole number")
    games = data["games"]
    if not isinstance(games, list) or not games:
        raise SaveFormatError("no games in the save")
    session = Session(settings, seed)
    match = session.match
    for i, saved in enumerate(games):
        if i:
            match.next_game()
        game = match.game
        fresh = game.to_json()
        if not isinstance(saved, dict) or any(saved.get(k) != fresh[k] for k in ("variant", "hands", "rest")):
            raise SaveFormatError(f"game {i + 1} was not dealt from this seed")
        for raw in saved["moves"]:
            game.apply(Move.from_json(raw))
        GameState.from_json(saved)  # the engine's own checks on the saved form
    coach = data.get("coach", {})  # absent in saves from before the coach
    for name in ("hints", "undos"):
        counts = coach.get(name, {}) if isinstance(coach, dict) else {}
        if not isinstance(counts, dict) or not all(isinstance(v, int) for v in counts.values()):
            raise SaveFormatError(f"the coach's {name} are not counts")
        setattr(session, name, {int(k): v for k, v in counts.items()})
    return session
