"""The modules that the build compiles from their own source where it can (setup.py: the rules kernel and the
bots' hot paths), and the switch back to that source.

With DOMINO_TUI_PURE=1 in the environment, a package registers each of its compiled modules interpreted before
anything imports it, so that the compiled build beside the source is not used: what a machine without a C
compiler runs, and what the tests compare the compiled modules with.
"""

from __future__ import annotations

import importlib.util
import os
import sys

PURE = bool(os.environ.get("DOMINO_TUI_PURE"))


def use_sources(package: str, folder: str, *modules: str) -> None:
    """Load ``package``'s ``modules`` from their ``.py`` files in ``folder`` (under DOMINO_TUI_PURE)."""
    for module in modules:
        name = f"{package}.{module}"
        if name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(name, os.path.join(folder, f"{module}.py"))
        assert spec is not None and spec.loader is not None
        sys.modules[name] = loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
