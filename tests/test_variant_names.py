"""Variants are told apart by their rules, never by name: outside engine/variants.py no code compares with a
variant's name, keys a table by one, or tests a rules function by its __name__."""

from __future__ import annotations

import ast
from pathlib import Path

from domino_tui.engine import VARIANTS

PACKAGE = Path(__file__).resolve().parent.parent / "domino_tui"
NAMES = frozenset(VARIANTS)


def _names_in(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_in(e) for e in node.elts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("frozenset", "set"):
        return any(_names_in(a) for a in node.args)
    return False


def name_tests(source: str) -> list[int]:
    """Lines that compare with a variant name or a function's __name__, or key a dict by a variant name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Compare)
            and any(
                _names_in(n) or (isinstance(n, ast.Attribute) and n.attr == "__name__")
                for n in [node.left, *node.comparators]
            )
        ) or (isinstance(node, ast.Dict) and any(k is not None and _names_in(k) for k in node.keys)):
            lines.append(node.lineno)
        elif isinstance(node, ast.Assign) and _names_in(node.value) and not isinstance(node.value, ast.Constant):
            lines.append(node.lineno)  # a set or tuple of names kept for a later test
    return lines


def test_the_check_catches_name_tests() -> None:
    assert name_tests('if rules.name == "classic": pass') == [1]
    assert name_tests('x = rules.name in ("partnership", "block")') == [1]
    assert name_tests('ROTATING = frozenset({"partnership9"})') == [1]
    assert name_tests('DEFAULT = {"partnership9": 10}') == [1]
    assert name_tests('ok = rules.next_opening.__name__ != "x"') == [1]
    assert name_tests('variant: str = "classic"') == []  # a default is a choice, not a test


def test_no_variant_name_is_tested_outside_variants_py() -> None:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "engine" / "variants.py":
            continue
        lines = name_tests(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(PACKAGE))] = lines
    assert found == {}
