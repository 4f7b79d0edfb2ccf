"""Loading a user's code: a class implementing our Bot interface, or an MC102 pair module.

Runs only inside a bot host process (host.py), so whatever the user's module does on import stays there.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import sys
from types import ModuleType

from ..ai import Bot
from .entries import BotSpec
from .mc102 import Mc102Player, install_basic_players

_MODULES: dict[str, ModuleType] = {}


def load_module(path: str) -> ModuleType:
    """Import the file at ``path`` once, with its folder on sys.path so its own imports work."""
    module = _MODULES.get(path)
    if module is not None:
        return module
    folder = os.path.dirname(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    install_basic_players(folder)
    name = "domino_tui_user_" + hashlib.sha1(path.encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    _MODULES[path] = module
    return module


def load_class(spec: BotSpec) -> type:
    """A class given from Python code, found by module and qualified name (the host has the caller's sys.path)."""
    obj: object = importlib.import_module(spec.path)
    for part in spec.name.split("."):
        obj = getattr(obj, part)
    return obj  # type: ignore[return-value]  # a user's bot: whatever the spec names, used as a class


def describe(spec: BotSpec) -> str:
    """Check that ``spec`` can be played and return its display name; raise with a readable message if not."""
    if spec.kind == "class":
        load_class(spec)
        return spec.short
    module = load_module(spec.path)
    if spec.kind == "file":
        cls = getattr(module, spec.name, None)
        if not isinstance(cls, type):
            raise LookupError(f"{os.path.basename(spec.path)} has no class {spec.name}")
        if not callable(getattr(cls, "choose", None)):
            raise TypeError(f"{spec.name} has no choose(obs) method (subclass domino_tui.ai.Bot)")
        return spec.name
    for needed in ("create_pair", "pair_name"):
        if not callable(getattr(module, needed, None)):
            raise LookupError(f"{os.path.basename(spec.path)} has no {needed}() (an MC102 pair module needs both)")
    return str(module.pair_name())


def build(spec: BotSpec, rng: random.Random, pairs: dict[str, tuple]) -> Bot:
    """A fresh player for one game. An MC102 pair module's create_pair() is called once per game and both of its
    players are taken from that one call (``pairs`` remembers it for the partner's seat)."""
    if spec.kind == "class":
        return load_class(spec)(rng)
    module = load_module(spec.path)
    if spec.kind == "file":
        return getattr(module, spec.name)(rng)
    pair = pairs.get(spec.path)
    if pair is None:
        pair = tuple(module.create_pair())
        pairs[spec.path] = pair
    return Mc102Player(pair[spec.index])
