"""The layering of the package, read from the code itself: what each layer imports, that no modules import each
other in a circle, and what each layer contains (the engine holds the rules and their records, no bot code; the
rules are written in the kernel, not again elsewhere)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "domino_tui"

# What each layer may import from the project (besides itself); everything points towards the engine.
ALLOWED = {
    "engine": set(),
    "games": {"engine"},
    # The bots by name: it imports a bot's module only when that bot is asked for (by its name, not a statement).
    "bot_registry": set(),
    "ai": {"engine", "bot_registry"},
    "coach": {"engine", "ai", "bot_registry"},
    "plain": {"engine", "ai"},
    "tournament": {"engine", "ai", "bot_registry", "stored_file"},
    "records": {"engine", "paths", "stored_file"},
    "paths": set(),
    "stored_file": set(),
    "guarded_stdout": set(),
    "tui": {"engine", "games", "ai", "bot_registry", "coach", "records", "paths", "stored_file", "net"},
    "net": {"engine", "games", "ai", "bot_registry", "paths", "stored_file"},
}
UI_PACKAGES = {"textual", "rich"}

# Words that name search and bot code: the engine defines nothing called so (the bots' layer holds it all).
BOT_WORDS = ("playout", "search", "solve", "stir", "gather", "sample", "guess", "policy", "heaviest", "greedy", "bot")
# The rules the kernel (engine/core.py) writes once: no other module defines a function or method of these names.
KERNEL_RULES = ("lay", "settle", "settle_points", "settle_teams", "deal", "shuffle", "other_half", "count_after")


def layer_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py")


def modules(layer: str | None = None) -> list[Path]:
    if layer is None:
        return sorted(PACKAGE.rglob("*.py"))
    target = PACKAGE / layer
    return sorted(target.rglob("*.py")) if target.is_dir() else [PACKAGE / f"{layer}.py"]


def module_name(path: Path, root: Path = PACKAGE) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at its top or in a function, but not those under ``if TYPE_CHECKING``
    (they are for the type checker only, and never run)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                stack.extend(child.orelse)  # the else branch runs
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            stack.append(child)


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.BoolOp):
        return isinstance(test.op, ast.Or) and any(_is_type_checking(v) for v in test.values)
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(path: Path, root: Path = PACKAGE) -> set[str]:
    """The package's modules that ``path`` imports (relative imports resolved; ``from package import name`` is the
    module ``package.name`` where there is one, else the package itself)."""
    known = known_modules(root)
    own = module_name(path, root)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    out = set()
    for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            if node.level:
                parts = package.split(".")
                origin = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            candidates = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in known else origin for a in node.names]
        for name in candidates:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != own:
                out.add(name)
    return out


@cache
def known_modules(root: Path) -> frozenset[str]:
    return frozenset(module_name(p, root) for p in root.rglob("*.py"))


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    return {module_name(p, root): imported_modules(p, root) for p in sorted(root.rglob("*.py"))}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


# ----- imports -----


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_dependencies_point_towards_the_engine(layer):
    for path in modules(layer):
        if not path.exists():
            continue
        used = {name.split(".")[1] for name in imported_modules(path) if "." in name}
        used |= _ui_packages(path)
        used -= {layer}
        forbidden = used - ALLOWED[layer] - ({"textual", "rich"} if layer in ("tui", "tournament") else set())
        assert not forbidden, f"{path.relative_to(PACKAGE.parent)} imports {sorted(forbidden)}"


def _ui_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in imports(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        found |= {n.split(".")[0] for n in names if n.split(".")[0] in UI_PACKAGES and not getattr(node, "level", 0)}
    return found


def test_no_modules_import_each_other_in_a_circle():
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_a_circle_is_found(tmp_path):
    # The finder itself: a package whose modules import each other, directly and through a function and the
    # package's __init__, and whose type-checking imports make no circle.
    pkg = tmp_path / "domino_tui"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "sub" / "__init__.py").write_text("from .c import y\n")
    (pkg / "sub" / "c.py").write_text("def g():\n    from . import y\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .e import z\n")
    (pkg / "e.py").write_text("from .d import w\n")
    found = circles(import_graph(pkg))
    assert found == [["domino_tui.a", "domino_tui.b"], ["domino_tui.sub", "domino_tui.sub.c"]]


def test_the_engine_loads_no_ui_package():
    code = (
        "import sys, domino_tui.engine, domino_tui.engine.core, domino_tui.ai; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ----- what each layer contains -----


def defined_names(path: Path) -> Iterator[tuple[str, int]]:
    """Every function, method and class a module defines, with its line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name, node.lineno


def test_the_engine_holds_no_search_playout_or_bot_code():
    for path in modules("engine"):
        for name, line in defined_names(path):
            words = name.lower().strip("_").split("_")
            bot_words = [w for w in BOT_WORDS if w in words or name.lower().startswith(w)]
            assert not bot_words, f"{path.name}:{line} defines {name}: search and bots belong in ai/"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        clocks = [n for n in imports(tree) for a in n.names if "time" in (a.name, getattr(n, "module", None))]
        assert not clocks, f"{path.name} imports a clock: the rules do not depend on time"


# The Hyperskill stage text game (plain/) deals and plays for itself, stdlib only, so that its first stage starts
# without importing the engine; tests/plain holds its deal to the engine's.
STANDALONE = {"plain"}


def test_the_rules_are_written_in_the_kernel_only():
    kernel = PACKAGE / "engine" / "core.py"
    for path in modules():
        if path == kernel or layer_of(path) in STANDALONE:
            continue
        for name, line in defined_names(path):
            assert name not in KERNEL_RULES, f"{path.relative_to(PACKAGE)}:{line} defines {name}, a rule of the kernel"


def other_half_expressions(path: Path) -> list[int]:
    """Lines of ``x if p == y else y`` (the number on a tile's other half from ``p``: ``high if pip == low else
    low``) with a variable ``y``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare)):
            continue
        test = node.test
        if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq) or isinstance(test.comparators[0], ast.Constant):
            continue
        if ast.dump(test.comparators[0]) == ast.dump(node.orelse):
            found.append(node.lineno)
    return found


def test_the_other_half_of_a_tile_is_worked_out_in_one_place():
    places = {
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in modules()
        if layer_of(path) not in STANDALONE
        for line in other_half_expressions(path)
    }
    assert len(places) == 1 and next(iter(places)).startswith("engine/core.py"), places


def test_the_other_half_check_finds_the_expression(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f(lo, hi, pip):\n    return hi if pip == lo else lo\n")
    assert other_half_expressions(module) == [2]


# What the referees in tests/referee may take from the engine: the tiles, the rules' values and the names of their
# options, never code that plays by the rules (the kernels, the states, the variants' lead functions), so that they
# judge the engine from the rule books rather than repeat it. The line referee reads only a variant's name, its
# player count and Fives and Threes' blocked option (so not the draw rule's or the settlement's names).
REFEREE_MAY_IMPORT = {
    "domino_tui.engine": {"Tile", "Rules", "TrainRules", "EngineSearch"},
    "domino_tui.engine.rules": {"Blocked"},
}


def referee_imports(path: Path) -> set[tuple[str, str]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("domino_tui"):
            found |= {(node.module, alias.name) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {(alias.name, "") for alias in node.names if alias.name.startswith("domino_tui")}
    return found


@pytest.mark.parametrize("name", ["line_referee.py", "train_referee.py"])
def test_the_referees_import_no_rule_code(name):
    allowed = {(module, n) for module, names in REFEREE_MAY_IMPORT.items() for n in names}
    imported = referee_imports(PACKAGE.parent / "tests" / "referee" / name)
    assert imported, "the referee reads the rules' data from the engine"
    assert imported <= allowed, f"{name} imports {sorted(imported - allowed)}"


def test_a_referee_importing_the_kernel_is_caught(tmp_path):
    spoilt = tmp_path / "referee.py"
    spoilt.write_text("from domino_tui.engine import Tile\nfrom domino_tui.engine.train_core import TrainRound\n")
    assert ("domino_tui.engine.train_core", "TrainRound") in referee_imports(spoilt)
