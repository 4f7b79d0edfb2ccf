"""The game in progress, saved beside the settings so that quitting (or a crash) never loses it.

A save is the settings, the match seed and every game's JSON (its deal and moves). Restoring deals the match
again from the seed and replays each game's moves through the engine, checking every deal against the save, so
a damaged or doctored file is refused with a message instead of producing an impossible table.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from ..engine import TrainMatch
from ..paths import config_dir
from ..stored_file import StoredFile
from . import earlier_saves
from .session import Session
from .train_session import TrainSession

FILE_NAME = "game.json"
VERSION = earlier_saves.VERSION


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
    """The saved match, dealt again from its seed and replayed (earlier_saves.read checks every deal and move),
    at the table it is played at."""
    settings, seed, match = earlier_saves.read(data)
    session: Session | TrainSession
    if isinstance(match, TrainMatch):
        # The save's own rules: a match begun when other options were the default goes on as it was dealt.
        session = TrainSession(settings, seed, rules=match.rules)
    else:
        session = Session(settings, seed)
    session.match = match
    assert isinstance(data, dict)
    session.hints, session.undos = earlier_saves.coach_counts(data.get("coach", {}))
    return session
