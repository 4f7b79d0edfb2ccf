"""The layering of design section 2, read from the imports themselves."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "domino_tui"

# What each layer may import from the project (besides itself); everything points towards the engine.
ALLOWED = {
    "engine": set(),
    "ai": {"engine"},
    "plain": {"engine", "ai"},
    "tournament": {"engine", "ai"},
    "records": {"engine", "paths", "stored_file"},
    "paths": set(),
    "stored_file": set(),
    "guarded_stdout": set(),
    "tui": {"engine", "ai", "records", "paths", "stored_file"},
}
UI_PACKAGES = {"textual", "rich"}


def layer_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py")


def project_imports(path: Path) -> set[str]:
    """The top-level domino_tui subpackages a module imports, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    package_parts = list(rel.parts[:-1])  # a module and a package __init__ both live in their folder
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            names = [name] if node.module or not node.level else [f"{name}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for n in names:
            parts = n.split(".")
            if parts[0] == "domino_tui" and len(parts) > 1:
                found.add(parts[1])
            elif parts[0] in UI_PACKAGES:
                found.add(parts[0])
    return found


def modules(layer: str) -> list[Path]:
    target = PACKAGE / layer
    return sorted(target.rglob("*.py")) if target.is_dir() else [PACKAGE / f"{layer}.py"]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_dependencies_point_towards_the_engine(layer):
    for path in modules(layer):
        if not path.exists():
            continue
        used = project_imports(path) - {layer}
        forbidden = used - ALLOWED[layer] - ({"textual", "rich"} if layer in ("tui", "tournament") else set())
        assert not forbidden, f"{path.relative_to(PACKAGE.parent)} imports {sorted(forbidden)}"


def test_the_engine_loads_no_ui_package():
    code = (
        "import sys, domino_tui.engine, domino_tui.engine.core, domino_tui.ai; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
