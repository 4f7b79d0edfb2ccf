"""The last used game settings, kept as JSON in the user's config directory.

``DOMINO_TUI_CONFIG_DIR`` overrides the directory (tests point it at a temporary one); otherwise
``$XDG_CONFIG_HOME/domino-tui`` or ``~/.config/domino-tui``. A damaged file never stops the game: the loader
returns the defaults with a message the app shows.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from ..engine import VARIANTS, get_rules
from .opponents import default_opponent, known

CONFIG_ENV = "DOMINO_TUI_CONFIG_DIR"
FILE_NAME = "settings.json"
DEFAULT_BOT = default_opponent()
# partnership9's own match is 1000 games, which suits tournaments, not an evening at the table.
DEFAULT_GAMES = {"partnership9": 10}


@dataclass(frozen=True)
class Settings:
    variant: str = "classic"
    # The opponent in each seat after the first (yours): one name per seat, as offered by the new-game screen.
    bots: tuple[str, ...] = field(default=(DEFAULT_BOT,))
    target: int | None = None  # points to win the match, or games in a fixed-length match; None: the variant's
    seed: int | None = None
    pause: float = 0.6  # seconds a bot waits before it moves, so a person can follow the play
    auto_pass: bool = False  # pass or draw for you when that is your only move
    theme: str | None = None  # the Textual theme last chosen; None: Textual's default
    show_log: bool | None = None  # the move log shown or hidden by hand; None: by the terminal's width
    tour_seen: bool = False  # the first-run tour has been shown

    def with_variant(self, variant: str) -> Settings:
        n = get_rules(variant).players - 1
        bots = tuple(self.bots[:n]) + (self.bots[-1] if self.bots else DEFAULT_BOT,) * (n - len(self.bots))
        return replace(self, variant=variant, bots=bots[:n])

    def match_length(self) -> tuple[int | None, int | None]:
        """(target points, number of games) for the engine's Match."""
        rules = get_rules(self.variant)
        if rules.target is not None:
            return (self.target or rules.target), None
        if self.variant == "classic":
            return None, 1
        return None, self.target or DEFAULT_GAMES.get(self.variant, rules.games)


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "domino-tui"


def load() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why the saved ones could not be used."""
    path = config_dir() / FILE_NAME
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return from_dict(data), None
    except (OSError, ValueError, TypeError, KeyError) as exc:
        return Settings(), f"Could not read your saved settings ({path}): {exc}. Using the defaults."


def save(settings: Settings) -> str | None:
    """Write the settings; on failure return a message instead of raising (a game is never lost to it)."""
    path = config_dir() / FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(settings)
        data["bots"] = list(settings.bots)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        return f"Could not save your settings to {path}: {exc}"
    return None


def from_dict(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("not a settings object")
    variant = data.get("variant", "classic")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    bots = data.get("bots", [DEFAULT_BOT])
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots) or not bots:
        raise ValueError("bots must be a list of names")
    unknown = [b for b in bots if not known(b)]
    if unknown:
        raise ValueError(f"unknown opponent {unknown[0]!r}")
    target = data.get("target")
    seed = data.get("seed")
    pause = data.get("pause", Settings.pause)
    for name, value in (("target", target), ("seed", seed)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"{name} must be a whole number")
    if target is not None and target <= 0:
        raise ValueError("target must be positive")
    if not isinstance(pause, int | float) or isinstance(pause, bool) or not 0 <= pause <= 10:
        raise ValueError("pause must be between 0 and 10 seconds")
    extra = _table_options(data)
    settings = Settings(variant=variant, bots=tuple(bots), target=target, seed=seed, pause=float(pause), **extra)
    return settings.with_variant(variant)


def _table_options(data: dict) -> dict[str, object]:
    """The table's remembered options; a file written before they existed has none, and gets the defaults."""
    out: dict[str, object] = {}
    for name in ("auto_pass", "tour_seen"):
        value = data.get(name, getattr(Settings, name))
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        out[name] = value
    show_log = data.get("show_log")
    if show_log is not None and not isinstance(show_log, bool):
        raise ValueError("show_log must be true, false or null")
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise ValueError("theme must be a name")
    out.update(show_log=show_log, theme=theme)
    return out
