"""ruff check and ruff format hold for the whole tree (ruff comes with the test extra)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed: pip install '.[test]'")
    return subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check():
    result = ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


# A `# type: ignore` must say why after it: `# type: ignore[code]  # the reason`.
IGNORE = re.compile(r"#\s*type:\s*ignore(\[[^\]]*\])?(?P<rest>.*)$")


def ignores_without_reason(text: str) -> list[int]:
    """The line numbers of `# type: ignore` comments with no reason comment after them."""
    bare = []
    for number, line in enumerate(text.splitlines(), 1):
        found = IGNORE.search(line)
        if found and not re.match(r"\s+#\s*\S", found["rest"]):
            bare.append(number)
    return bare


def test_the_ignore_scan_catches_a_bare_ignore():
    text = "a = f()  # type: ignore\nb = g()  # type: ignore[arg-type]\nc = h()  # type: ignore[misc]  # why\n"
    assert ignores_without_reason(text) == [1, 2]


def test_every_type_ignore_says_why():
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "domino_tui").rglob("*.py*"))
        if path.suffix in {".py", ".pyx", ".pxd"}
        for number in ignores_without_reason(path.read_text(encoding="utf-8"))
    ]
    assert not bare, "type: ignore without a reason comment after it:\n" + "\n".join(bare)
