"""The last used game settings, kept as JSON in the user's config directory (`paths.config_dir`).

``DOMINO_TUI_CONFIG_DIR`` overrides the directory (tests point it at a temporary one); otherwise
``$XDG_CONFIG_HOME/domino-tui`` or ``~/.config/domino-tui``. A damaged file never stops the game: it is moved
aside and the loader returns the defaults with a message the app shows (see `stored_file`). `PlayerSettings`
is their one owner in the app.

A file this version reads only in part (a newer version's, with a setting this one does not have or a value it
does not know, such as a new variant's name) is not damaged: every setting it understands is used, the rest are
said in one message and kept in the file as they are, for the version that wrote them (each until this version
sets it itself).

Each field is read by `_field` with a check of its own, so that a new setting is one more line in `from_dict`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..engine import TRAIN_VARIANTS, VARIANTS, ArgumentError, Rules, TrainRules, get_rules, get_train_rules
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from ..paths import config_dir
from ..stored_file import StoredFile, read_text, turn_at
from .opponents import PERSON, default_opponent, known, opponent_for

FILE_NAME = "settings.json"
DEFAULT_BOT = default_opponent()
MAX_TARGET = 100_000  # as the new-game screen allows
MAX_PAUSE = 10  # seconds
# What starting a match chooses (the new-game screen's fields); the rest are the table's own settings.
MATCH_FIELDS = ("variant", "players", "bots", "target", "seed", "pause", "auto_pass")
# A setting this version does not understand is kept in the file only if it nests no deeper than this: the file is
# written back with an indent, by json's Python encoder, a few calls a level, from wherever a setting changes.
MAX_KEPT_NESTING = 50
# What the message names of the settings not understood (a file may hold any number of them).
MAX_NAMED = 5


@dataclass(frozen=True)
class Settings:
    variant: str = "classic"
    # The opponent in each seat after the first (yours): one name per seat, as offered by the new-game screen.
    bots: tuple[str, ...] = field(default=(DEFAULT_BOT,))
    target: int | None = None  # points to win the match, or games in a fixed-length match; None: the variant's
    seed: int | None = None
    pause: float = 0.6  # seconds a bot waits before it moves, so a person can follow the play
    undo: bool = True  # whether `u` takes a move back (a game with undos is marked in the record)
    auto_pass: bool = False  # pass or draw for you when that is your only move
    theme: str | None = None  # the Textual theme last chosen; None: Textual's default
    show_log: bool | None = None  # the move log shown or hidden by hand; None: by the terminal's width
    tour_seen: bool = False  # the first-run tour has been shown
    # Seats at a table that takes a choice of players (Mexican Train, Fives and Threes); None: the variant's own.
    players: int | None = None
    # What the Play online form was last given: the server, your name and the room's code (None: never given).
    online_server: str | None = None
    online_name: str | None = None
    online_room: str | None = None

    def with_variant(self, variant: str) -> Settings:
        rules = rules_of(replace(self, variant=variant))
        n = rules.players - 1
        bots = tuple(self.bots[:n]) + (self.bots[-1] if self.bots else DEFAULT_BOT,) * (n - len(self.bots))
        if isinstance(rules, TrainRules):
            # The train table seats the people at this keyboard where they sat, and bots that play trains, all
            # at one level, in the other seats.
            level = opponent_for(next((b for b in bots if b != PERSON), DEFAULT_BOT), trains=True)
            bots = tuple(PERSON if b == PERSON else level for b in bots)
        else:  # a bot that plays only the train games gives its seat to one that plays this game
            bots = tuple(PERSON if b == PERSON else opponent_for(b, trains=False) for b in bots)
        return replace(self, variant=variant, bots=bots[:n])

    def opponent(self, seat: int) -> str:
        """The level or bot these settings put in ``seat`` (1 and up): the last one listed sits in every seat past
        the list."""
        return self.bots[min(seat - 1, len(self.bots) - 1)]

    def match_length(self) -> tuple[int | None, int | None]:
        """(target points, number of games) for the engine's Match."""
        rules = get_rules(self.variant)
        if rules.target is not None:
            return (self.target or rules.target), None
        if rules.single_game:
            return None, 1
        return None, self.target or default_games(rules)


def rules_of(settings: Settings) -> Rules | TrainRules:
    """The rules ``settings`` play: a line game's, or a train game's for the number of players chosen."""
    if settings.variant in TRAIN_VARIANTS:
        return get_train_rules(settings.variant, settings.players)
    return line_rules_of(settings)


def line_rules_of(settings: Settings) -> Rules:
    """The rules of a line game for the number of players chosen, when the variant seats it (Fives and Threes for
    3 or 4); else the variant's own number."""
    rules = get_rules(settings.variant)
    if settings.players in rules.player_counts:
        return rules.with_players(settings.players)
    return rules


def variants() -> dict[str, Rules | TrainRules]:
    """Every variant the table plays, by name: the line games, then the train games."""
    return {**VARIANTS, **TRAIN_VARIANTS}


def default_games(rules: Rules) -> int | None:
    """Games in a match at the table when the player does not say."""
    return rules.table_games or rules.games


def path() -> Path:
    return config_dir() / FILE_NAME


@dataclass(frozen=True)
class Understood:
    """A settings file as this version reads it: the settings it understands (the defaults for the rest), and the
    file's items it does not (a setting it does not have, a value it cannot use), by name as the file has them,
    with what is wrong with each in words."""

    settings: Settings
    foreign: dict[str, object] = field(default_factory=dict)
    words: tuple[str, ...] = ()
    unusable: str | None = None  # why the file could not be used at all, and where it went (then no settings)

    def problem(self) -> str | None:
        """The one message saying what was not understood; None when everything was."""
        if self.unusable is not None:
            return self.unusable
        if not self.words:
            return None
        named = "; ".join(self.words[:MAX_NAMED])
        if len(self.words) > MAX_NAMED:
            named += f"; and {len(self.words) - MAX_NAMED} more"
        return (
            f"Some of your settings are not understood by this version ({named}). They are kept in the file as "
            "they are, and the others are used."
        )


def understood(data: object) -> Understood:
    """What this version understands of a settings file's JSON, setting by setting; ValueError only for what is no
    settings file at all (not a JSON object)."""
    if not isinstance(data, dict):
        raise ValueError(f"settings are a JSON object, not {shown(data)}")
    names = [f.name for f in fields(Settings)]
    taken: dict[str, object] = {}
    why: dict[str, str] = {}  # each setting not understood: what is wrong with it
    for name in names:  # in the order of their dependence: the variant first, then what it seats
        if name not in data:
            continue
        try:
            from_dict({**taken, name: data[name]})
        except ValueError as exc:
            why[name] = str(exc)
        else:
            taken[name] = data[name]
    why.update({name: f"{shown(name)} is no setting of this version" for name in data if name not in names})
    foreign = {name: data[name] for name in why if nesting(data[name]) <= MAX_KEPT_NESTING}
    words = [text if name in foreign else f"{text} (nested too deeply to keep)" for name, text in why.items()]
    return Understood(from_dict(taken), foreign, tuple(words))


def nesting(value: object) -> int:
    """How deep lists and objects nest in ``value`` (0 for a number or a string), found without recursion."""
    deepest = 0
    todo = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        deepest = max(deepest, depth)
        if isinstance(item, list):
            todo.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, dict):
            todo.extend((inner, depth + 1) for inner in item.values())
    return deepest


def load(file: StoredFile | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why the saved ones could not be used (or which of
    them were not)."""
    read = load_understood(file)
    return read.settings, read.problem()


def load_understood(file: StoredFile | None = None) -> Understood:
    """The saved settings as this version understands them; the defaults, and the message why, for a file that
    cannot be used at all (then moved aside)."""
    file = file or StoredFile(path())
    read, problem = file.load(understood, "Your settings could not be read", "The defaults are used.")
    if problem is not None:
        return Understood(Settings(), unusable=problem)
    return read or Understood(Settings())


def save(settings: Settings, file: StoredFile | None = None, foreign: dict[str, object] | None = None) -> str | None:
    """Write the settings atomically, and beside them the ``foreign`` items, those of the file this version does
    not understand (each of them as the file had it, in place of this version's value of that name); on failure
    return a message instead of raising (a game is never lost to it)."""
    file = file or StoredFile(path())
    try:
        file.write({**document(settings), **(foreign or {})}, indent=2)
    except OSError as exc:
        return f"Could not save your settings to {file.path}: {exc}"
    return None


def document(settings: Settings) -> dict[str, object]:
    """The settings as the file keeps them (JSON's kinds)."""
    data = asdict(settings)
    data["bots"] = list(settings.bots)
    return data


class PlayerSettings:
    """The one owner of the player's settings: the copy in memory and the file it is kept in.

    Every change goes through `change`, which updates this one copy and writes the whole file from it, so that
    saving one setting can never put back an old value of another (a match resumed from its save keeps its
    own settings for the match; the app's are these). The seed of the match in play is kept in memory only, so
    that deals vary from one start to the next."""

    def __init__(self, keep: bool = True) -> None:
        self.file = StoredFile(path())
        self.keep = keep  # False: read the file but never write it (tests, benchmarks)
        self.current = Settings()
        self.known = Settings()  # the file as this app last read or wrote it

    def load(self) -> str | None:
        """Read the file (once, at start-up); a message when it could not be used, or not all of it."""
        read = load_understood(self.file)
        self.current = self.known = read.settings
        return read.problem()

    def change(self, **fields: Any) -> str | None:
        """Change these settings and keep them; a message when the file could not be written, or when a value is
        one the file's reader would refuse (then that value is not taken: kept, it would cost every setting at
        the next start, the file being set aside as damaged). A remembered server's address may be as long as
        the player typed or pasted it, say."""
        taken: dict[str, Any] = {}
        refused = []
        for name, value in fields.items():
            try:
                from_dict(document(replace(self.current, **taken, **{name: value})))
            except ValueError as exc:
                refused.append(str(exc))
                continue
            taken[name] = value
        self.current = replace(self.current, **taken)
        said = f"Not kept in your settings: {'; '.join(refused)}." if refused else None
        if not self.keep:
            return said
        with turn_at(self.file.path.parent):
            # Another app (another terminal) may have changed other settings since this one read them: only this
            # app's changes (those not written yet too) go into the file as it is now, in turn, so that neither
            # app writes back the other's old values.
            mine = {
                name: value
                for name, value in vars(self.current).items()
                if name != "seed" and value != getattr(self.known, name)
            }
            on_disk = self._on_disk()
            kept = replace(on_disk.settings, **mine, seed=None)
            # What this version does not understand stays for the version that wrote it, but a setting this app
            # has just set: then this app's value is the one kept.
            foreign = {name: value for name, value in on_disk.foreign.items() if name not in mine}
            problem = save(kept, self.file, foreign)
            if problem is None:
                self.known = kept
            return problem or said

    def _on_disk(self) -> Understood:
        """The settings as the file has them now; this app's own when the file is not there or cannot be read
        (which the start said, or the next start will)."""
        try:
            return understood(json.loads(read_text(self.file.path)))
        except Exception:  # the file is untrusted: whatever is wrong with it, this app's settings are kept
            return Understood(self.current)

    def start_match(self, chosen: Settings) -> str | None:
        """Take what the new-game screen (or the command line) chose for a match: its fields, never the rest of
        ``chosen`` (a copy made when the screen opened, whose other settings may have changed since)."""
        return self.change(**{name: getattr(chosen, name) for name in MATCH_FIELDS})


# ----- reading the fields: one check per kind of value -----


def is_seconds(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_PAUSE


def is_target(value: object) -> bool:
    return is_whole_number(value) and 1 <= value <= MAX_TARGET


def is_flag(value: object) -> bool:
    return isinstance(value, bool)


def is_name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 100


def is_variant(value: object) -> bool:
    return isinstance(value, str) and value in variants()


def is_opponents(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(b, str) and known(b) for b in value)


def optional(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: value is None or check(value)


def _field(data: dict, name: str, default: Any, check: Callable[[object], bool], need: str) -> Any:
    """``data[name]`` (``default`` when absent), which must pass ``check``; ValueError saying ``need`` if not."""
    value = data.get(name, default)
    if not check(value):
        raise ValueError(f"{name} must be {need}, not {shown(value)}")
    return value


def from_dict(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError(f"settings are a JSON object, not {shown(data)}")
    variant = _field(data, "variant", "classic", is_variant, f"one of {', '.join(variants())}")
    bots = _field(data, "bots", [DEFAULT_BOT], is_opponents, "a list of opponents (levels or bots) by name")
    target = _field(data, "target", None, optional(is_target), f"a whole number from 1 to {MAX_TARGET}, or null")
    seed = _field(data, "seed", None, optional(is_whole_number), "a whole number, or null")
    pause = _field(data, "pause", Settings.pause, is_seconds, f"a number of seconds from 0 to {MAX_PAUSE}")
    undo = _field(data, "undo", True, is_flag, "true or false")
    # The table's remembered options; a file written before they existed has none, and gets the defaults.
    auto_pass = _field(data, "auto_pass", False, is_flag, "true or false")
    tour_seen = _field(data, "tour_seen", False, is_flag, "true or false")
    show_log = _field(data, "show_log", None, optional(is_flag), "true, false or null")
    theme = _field(data, "theme", None, optional(is_name), "a theme's name, or null")
    players = _field(data, "players", None, optional(is_whole_number), "a number of players, or null")
    online = {
        name: _field(data, name, None, optional(is_name), "text of 1 to 100 characters, or null")
        for name in ("online_server", "online_name", "online_room")
    }
    if players is not None and variant in TRAIN_VARIANTS:
        try:
            get_train_rules(variant, players)
        except ArgumentError as exc:
            raise ValueError(f"players: {exc}") from None
    elif players is not None and players not in get_rules(variant).player_counts:
        players = None  # a line game seats its own number, or one of those its rules take (Fives and Threes)
    settings = Settings(
        variant=variant,
        bots=tuple(bots),
        target=target,
        seed=seed,
        pause=float(pause),
        undo=undo,
        auto_pass=auto_pass,
        tour_seen=tour_seen,
        show_log=show_log,
        theme=theme,
        players=players,
        **online,
    )
    return settings.with_variant(variant)
