"""The README and the pages in docs/ stay true where a machine can check them: every command they quote runs (in a
small form), every Python example runs, and every link and picture they name exists. Their prose is for people."""

from __future__ import annotations

import argparse
import os
import re
import runpy
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# A fenced block: its language and its text. Markdown's structure, not its prose.
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.S | re.M)
# An inline code span, outside fenced blocks.
SPAN = re.compile(r"`([^`\n]+)`")
# [text](target) and ![alt](target); a target has no spaces.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
# What runs a command of ours: a benchmark, a script, or the program itself.
OURS = re.compile(r"^(nice -n -?\d+ )?(python -m benchmarks\.|python benchmarks/|python scripts/|domino-tui\b)")
# A line of a shell block that runs Python or the program (python3 is the install, which CI itself runs).
RUNS = re.compile(r"^(nice -n -?\d+ )?(python |domino-tui\b)")


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def fenced(page: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(page.read_text(encoding="utf-8")) if lang == language]


def quoted_commands() -> Iterator[tuple[str, str]]:
    """(page, command) for every command of ours a page quotes: each line of a `sh` block that runs one, and each
    inline span that runs a benchmark or a script (a span with [optional] parts is a synopsis, not a command)."""
    for page in PAGES:
        for block in fenced(page, "sh"):
            for line in block.splitlines():
                if RUNS.match(line):
                    yield _name(page), line  # every such line must be checkable: see test_every_quoted_command_runs
        prose = FENCE.sub("", page.read_text(encoding="utf-8"))
        for span in SPAN.findall(prose):
            if OURS.match(span) and not span.startswith("domino-tui") and not set(span) & set("[]<>"):
                yield _name(page), span


COMMANDS = sorted(set(quoted_commands()))


def test_the_pages_quote_commands_to_check() -> None:
    # The commands below are found by the blocks' structure; if none were found the checks would pass vacuously.
    assert any(c.startswith("python -m benchmarks.strength") for _, c in COMMANDS)
    assert any(c.startswith("domino-tui tournament") for _, c in COMMANDS)


class _Accepted(Exception):
    """Raised where a command would start its real work: everything before it accepted the command."""


@pytest.mark.parametrize(("page", "command"), COMMANDS)
def test_every_quoted_command_runs(page: str, command: str, monkeypatch, capsys, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    words = shlex.split(command, comments=True)
    if words[-1] == "&":
        words = words[:-1]  # the shell's: run in the background (several servers started in one block)
    if words[0] == "nice":
        words = words[3:]
    if words[0] == "domino-tui":
        _run_program(words[1:], tmp_path, monkeypatch)
    elif words[:3] == ["python", "-m", "benchmarks.strength"]:
        _check_strength(words[3:], monkeypatch, capsys)
    elif words[:2] == ["python", "-m"] or words[1].startswith(("benchmarks/", "scripts/")):
        _check_arguments(words[1:], monkeypatch, capsys)
    else:
        pytest.fail(f"{page}: no way to check {command!r}: teach tests/test_docs.py how")


def _check_strength(argv: list[str], monkeypatch, capsys) -> None:
    # Stopped just before the games are played: the bots and their options have been built by then, so a misspelt
    # bot, option or value stops the command with exit status 2 and a message.
    import benchmarks.strength as strength

    def accepted(*args: object) -> None:
        raise _Accepted

    monkeypatch.setattr(strength, "_run", accepted)
    try:
        strength.main(argv)
    except _Accepted:
        return
    except SystemExit:
        pytest.fail(f"stopped: {capsys.readouterr().err.strip()}")
    pytest.fail(f"returned without playing: {capsys.readouterr().err.strip()}")


def _check_arguments(argv: list[str], monkeypatch, capsys) -> None:
    """A benchmark's or a script's arguments, read by its own parser and stopped there (the work itself takes
    minutes): a misspelt option stops it with exit status 2."""
    target = argv[1] if argv[0] == "-m" else argv[0]
    source = ROOT / (target.replace(".", "/") + ".py" if argv[0] == "-m" else target)
    assert source.is_file(), f"no {source.relative_to(ROOT)}"
    assert "ArgumentParser" in source.read_text(encoding="utf-8"), f"{target} reads no arguments to check"
    parse = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        parse(self, args, namespace)
        raise _Accepted

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    monkeypatch.setattr(sys, "argv", [str(source), *argv[2 if argv[0] == "-m" else 1 :]])
    try:
        if argv[0] == "-m":
            runpy.run_module(target, run_name="__main__")
        else:
            runpy.run_path(str(source), run_name="__main__")
    except _Accepted:
        return
    except SystemExit:
        pytest.fail(f"stopped: {capsys.readouterr().err.strip()}")
    pytest.fail("ran without reading its arguments")


def _run_program(args: list[str], tmp_path: Path, monkeypatch) -> None:
    """``domino-tui ...``: a tournament, a league or the statistics run for real (cut to 2 games a match on one
    process, writing into a temporary folder, on no cluster); the table is stopped once its arguments are accepted."""
    if args[:1] in (["tournament"], ["league"], ["stats"]) or "--plain" in args:
        args = _small(args, tmp_path)
        env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(tmp_path / "config")}
        done = subprocess.run(
            [sys.executable, "-m", "domino_tui", *args],
            input="",
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return
    import domino_tui.net.cli
    import domino_tui.tui.app
    import domino_tui.tui.web

    def accepted(*args: object, **settings: object) -> int:
        raise _Accepted

    # The table, the room server and the browser face are stopped where they would start: their arguments have
    # been read by then.
    monkeypatch.setattr(domino_tui.tui.app, "run", accepted)
    monkeypatch.setattr(domino_tui.tui.web, "serve", accepted)
    monkeypatch.setattr(domino_tui.net.cli, "run", accepted)
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    from domino_tui.cli import main

    with pytest.raises(_Accepted):
        main(_small(args, tmp_path))


def _small(args: list[str], tmp_path: Path) -> list[str]:
    small = {"--games": "2", "--jobs": "1"}
    out = []
    for i, word in enumerate(args):
        before = args[i - 1] if i else ""
        if "--scheduler" in (word, before):
            continue  # a cluster's address: the run is checked on this machine instead
        if before in small:
            out.append(small[before])
        elif before in ("--out", "--db", "--journal"):
            out.append(str(tmp_path / Path(word).name))
        else:
            out.append(word)
    return out


def test_the_small_form_cuts_games_and_jobs_and_writes_elsewhere(tmp_path: Path) -> None:
    args = ["tournament", "--games", "1000", "--jobs", "2", "--out", "r.json", "--seed", "1"]
    small = ["tournament", "--games", "2", "--jobs", "1", "--out", str(tmp_path / "r.json"), "--seed", "1"]
    assert _small(args, tmp_path) == small
    league = ["league", "--journal", "l.jsonl", "--scheduler", "tcp://h:8786", "--games", "100"]
    assert _small(league, tmp_path) == ["league", "--journal", str(tmp_path / "l.jsonl"), "--games", "2"]


EXAMPLES = [(_name(page), i, code) for page in PAGES for i, code in enumerate(fenced(page, "python"))]


@pytest.mark.parametrize(("page", "index", "code"), EXAMPLES, ids=[f"{p}-{i}" for p, i, _ in EXAMPLES])
def test_every_python_example_runs(page: str, index: int, code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"{page}, example {index + 1}:\n{done.stderr}"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=[_name(p) for p in PAGES])
def test_every_link_and_picture_exists(page: Path) -> None:
    prose = FENCE.sub("", page.read_text(encoding="utf-8"))
    missing = []
    for target in LINK.findall(prose):
        if re.match(r"^[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            missing.append(target)
        elif anchor and file.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", FENCE.sub("", file.read_text(encoding="utf-8")), re.M)
            if anchor not in {_slug(h) for h in headings}:
                missing.append(target)
    assert not missing, f"{page.name} links to what does not exist: {missing}"


def test_the_link_check_finds_a_missing_file(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("![a picture](nowhere.svg) and [a page](page.md#no-such-heading)\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"nowhere\.svg.*no-such-heading"):
        test_every_link_and_picture_exists(page)


def test_every_option_of_a_bot_is_explained_where_help_shows_it() -> None:
    # docs/bots.md sends the reader to help() for the bots' options: held from the code's side, each keyword a
    # bot's constructor takes is named in its docstring.
    import inspect

    from domino_tui.bot_registry import BOTS, bot_class

    for name in BOTS:
        bot = bot_class(name)
        doc = inspect.getdoc(bot.__init__) or ""
        options = [p for p in inspect.signature(bot.__init__).parameters if p not in ("self", "rng")]
        unexplained = [p for p in options if f"``{p}``" not in doc]
        assert not unexplained, f"{name}: options not explained in its docstring: {unexplained}"
