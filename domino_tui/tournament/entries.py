"""Who plays: an entry is one player (two-player variants) or a pair (partnership variants).

Written on the command line as a built-in bot name (``greedy``), a user's bot (``path/to/file.py:ClassName``),
a pair ``A+B`` (a single name in a partnership variant means two of it), or an MC102 pair module
(``path/to/pair.py`` with ``create_pair()`` and ``pair_name()``).
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass, replace

from ..bot_registry import BOTS
from ..engine import Rules

# A command shown beside a program's name is cut to this length.
MAX_ORIGIN = 48


def _tail(path: str, depth: int) -> str:
    """The last ``depth`` parts of a path: bot.py, alice/bot.py, ..."""
    parts = [p for p in path.split(os.sep) if p]
    return "/".join(parts[-depth:])


class EntryError(ValueError):
    """An entry that cannot play; the message says why in the user's terms."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    # "builtin"; "file" or "class" (a user's Bot class); "mc102" (a player of an MC102 pair module);
    # "cmd" (a program of any language speaking the bot protocol)
    kind: str
    name: str  # the built-in name or the class name; empty for mc102 and cmd
    path: str = ""  # absolute path of the user's file; for "class", its module; for "cmd", the command line
    index: int = 0  # which player of the MC102 pair

    @property
    def hosted(self) -> bool:
        """User code: it runs in a process of its own, under a time limit."""
        return self.kind != "builtin"

    @property
    def short(self) -> str:
        """The name shown in tables: a built-in bot's name, a user's class name, a program's name."""
        if self.kind == "cmd":
            return os.path.basename(shlex.split(self.path)[0])
        return self.name.rpartition(".")[2] if self.name else os.path.basename(self.path)

    def origin(self, depth: int = 1) -> str:
        """Where a user's bot came from, shown beside its name: its file (with ``depth`` - 1 of the folders above
        it), its module, or its command; empty for a built-in bot."""
        if self.kind == "builtin":
            return ""
        if self.kind == "class":
            return self.path
        if self.kind == "cmd":
            words = [_tail(w, depth) if os.path.isabs(w) else w for w in shlex.split(self.path)]
            text = "cmd " + " ".join(words)
            return text if len(text) <= MAX_ORIGIN else text[: MAX_ORIGIN - 3] + "..."
        return _tail(self.path, depth)

    def __str__(self) -> str:
        if self.kind == "builtin":
            return self.name
        if self.kind == "cmd":
            return f"cmd:{self.path}"
        if self.kind == "file":
            return f"{self.path}:{self.name}"
        if self.kind == "class":
            return f"{self.path}.{self.name}"
        return f"{self.path}[{self.index}]"


@dataclass(frozen=True, slots=True)
class Entry:
    name: str  # shown in the ranking; unique within a tournament
    spec: str  # as written
    seats: tuple[BotSpec, ...]  # one bot per seat of its team, in seat order

    @property
    def hosted(self) -> bool:
        return any(s.hosted for s in self.seats)


def _user_file(path: str) -> str:
    full = os.path.abspath(os.path.expanduser(path))
    if not os.path.isfile(full):
        raise EntryError(f"no such file: {path}")
    return full


def class_spec(cls: type) -> BotSpec:
    """A Bot class passed from Python code: it plays in a host process like any user bot."""
    if not callable(getattr(cls, "choose", None)):
        raise EntryError(f"{cls.__name__} has no choose(obs) method (subclass domino_tui.ai.Bot)")
    if cls.__module__ == "__main__" or "<locals>" in cls.__qualname__:
        # The bot plays in a fresh interpreter, which finds its class by importing its module.
        raise EntryError(f"{cls.__qualname__}: define it at the top level of an importable module")
    return BotSpec("class", cls.__qualname__, cls.__module__)


def command_spec(text: str) -> BotSpec:
    """``cmd:<command line>``: files named in it are made absolute, since the program runs in a folder of its own."""
    try:
        words = shlex.split(text[4:])
    except ValueError as exc:
        raise EntryError(f"{text!r}: {exc}") from None
    if not words:
        raise EntryError(f"{text!r}: give the command after cmd:, like cmd:./mybot")
    words = [os.path.abspath(w) if os.path.exists(w) else w for w in words]
    return BotSpec("cmd", "", shlex.join(words))


def parse_bot(text: str | type) -> BotSpec:
    if isinstance(text, type):
        return class_spec(text)
    text = text.strip()
    if not text:
        raise EntryError("an empty bot name (check the commas and plus signs)")
    if text.startswith("cmd:"):
        return command_spec(text)
    head, colon, tail = text.rpartition(":")
    if colon and head.endswith(".py"):
        if not tail.isidentifier():
            raise EntryError(f"{text!r}: after the colon comes a class name, like bots.py:MyBot")
        return BotSpec("file", tail, _user_file(head))
    if text.endswith(".py"):
        raise EntryError(f"{text!r}: name the bot class too, like {text}:MyBot")
    if text not in BOTS:
        raise EntryError(f"unknown bot {text!r}; built-in bots: {', '.join(BOTS)}; or path/to/file.py:ClassName")
    return BotSpec("builtin", text)


def spec_text(item: str | type | tuple) -> str:
    """How an entry given from Python is written in the settings."""
    if isinstance(item, type):
        return f"{item.__module__}.{item.__qualname__}"
    if isinstance(item, tuple | list):
        return "+".join(spec_text(i) for i in item)
    return str(item)


def parse_entry(text: str | type | tuple, rules: Rules) -> Entry:
    """One entry: a spec string as on the command line; from Python also a Bot class, or a pair (A, B) of
    strings or classes."""
    seats_per_team = len(rules.teams[0])
    if isinstance(text, type | tuple | list):
        parts = list(text) if isinstance(text, tuple | list) else [text] * seats_per_team
        if len(parts) != seats_per_team:
            raise EntryError(f"{spec_text(text)}: {rules.name} needs {seats_per_team} bot(s) per entry")
        bots = tuple(parse_bot(p) for p in parts)
        return Entry("+".join(b.short for b in bots), spec_text(text), bots)
    if not isinstance(text, str):
        raise EntryError(f"not an entry: {text!r} (a bot name, path/to/file.py:ClassName or a Bot class)")
    text = text.strip()
    if seats_per_team == 1:
        if "+" in text:
            raise EntryError(f"{text!r} is a pair, but {rules.name} is played one against one")
        if text.endswith(".py") and ":" not in text and not text.startswith("cmd:"):
            raise EntryError(f"{text!r}: an MC102 pair module plays partnership variants, not {rules.name}")
        bot = parse_bot(text)
        return Entry(bot.short, text, (bot,))
    if "+" in text:
        pair = text.split("+")
        if len(pair) != seats_per_team:
            raise EntryError(f"{text!r}: a pair is two bots joined by '+', like greedy+dummy")
        bots = tuple(parse_bot(p) for p in pair)
        return Entry("+".join(b.short for b in bots), text, bots)
    if text.endswith(".py") and not text.startswith("cmd:"):
        path = _user_file(text)
        return Entry(text, text, tuple(BotSpec("mc102", "", path, i) for i in range(seats_per_team)))
    bot = parse_bot(text)
    return Entry(f"{bot.short}+{bot.short}", text, (bot,) * seats_per_team)


def check_plays_lines(bot: BotSpec, rules: Rules) -> None:
    """Refuse a built-in bot that plays only the train games at a line game's table, with words."""
    if not bot.hosted and not BOTS[bot.name].lines:
        playing = ", ".join(name for name, entry in BOTS.items() if entry.lines)
        raise EntryError(
            f"the {bot.name} bot plays only Mexican Train, not {rules.name}; built-in bots that do: {playing}"
        )


def parse_entries(texts: list, rules: Rules) -> list[Entry]:
    """Parse and check every entry; names are made unique (``greedy #2``) so the ranking can tell them apart."""
    entries = [parse_entry(t, rules) for t in texts]
    for entry in entries:
        for bot in entry.seats:
            check_plays_lines(bot, rules)
    if len(entries) < 2:
        raise EntryError("a tournament needs at least two entries")
    return unique_names(entries)


def unique_names(entries: list[Entry]) -> list[Entry]:
    seen: dict[str, int] = {}
    out = []
    for e in entries:
        n = seen.get(e.name, 0) + 1
        seen[e.name] = n
        out.append(e if n == 1 else replace(e, name=f"{e.name} #{n}"))
    return out


def shown_names(entries: list[Entry], hellos: list[list[str]]) -> list[Entry]:
    """Each entry named for the tables. A built-in bot by its name. A user's bot by the name it gives itself
    (``hellos``: what each of its hosted seats said when loaded) followed by where it came from, in
    parentheses, so that none can pass for a built-in bot or for another entry; entries still named alike get
    the folders above their files, then a number."""

    def name(e: Entry, told: list[str], depth: int) -> str:
        said = iter(told)
        seats = [next(said) if s.hosted else s.short for s in e.seats]
        base = seats[0] if e.seats[0].kind == "mc102" else "+".join(seats)
        origins = ", ".join(dict.fromkeys(s.origin(depth) for s in e.seats if s.hosted))
        return f"{base} ({origins})" if origins else base

    names = [name(e, told, 1) for e, told in zip(entries, hellos, strict=True)]
    for deeper in range(2, 6):
        alike = [i for i, n in enumerate(names) if entries[i].hosted and names.count(n) > 1]
        if not alike:
            break
        for i in alike:
            names[i] = name(entries[i], hellos[i], deeper)
    return unique_names([replace(e, name=n) for e, n in zip(entries, names, strict=True)])
