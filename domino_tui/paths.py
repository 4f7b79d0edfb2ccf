"""Where the user's files live: one directory for settings, the saved game and the record of games.

``DOMINO_TUI_CONFIG_DIR`` overrides it (tests point it at a temporary one); otherwise
``$XDG_CONFIG_HOME/domino-tui`` or ``~/.config/domino-tui``. Outside the UI package so that the records and the
``stats`` command find it without loading textual.
"""

from __future__ import annotations

import os
from pathlib import Path

CONFIG_ENV = "DOMINO_TUI_CONFIG_DIR"


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "domino-tui"
