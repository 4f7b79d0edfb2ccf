"""What the player keeps on disk never locks them out: every file that cannot be used (cut short, not JSON, not
UTF-8, nested too deep, values of the wrong kind or size, a move of the wrong shape or after the end, a directory
in its place, unreadable) gets a message and a fresh start; it is moved aside where the message says and never
overwritten. Both files are written atomically and leave no temporary file behind, even when writing fails."""

from __future__ import annotations

import itertools
import json
import os
import random
import threading
from pathlib import Path

import pytest

from domino_tui.stored_file import StoredFile
from domino_tui.tui import saved_game
from domino_tui.tui import settings as settings_store
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.table import TableScreen
from domino_tui.tui.session import Session
from domino_tui.tui.settings import Settings

from .conftest import play_heaviest, settle

DEEP = "[" * 1_500 + "]" * 1_500
DEEPER = '{"a": ' * 100_000 + "1" + "}" * 100_000


def a_session(variant: str = "block", seed: int = 5, finish_first_game: bool = False, moves: int = 3) -> Session:
    session = Session(Settings(variant=variant).with_variant(variant), seed)
    rng = random.Random(seed)
    game = session.game
    while not game.over and (finish_first_game or moves > 0):
        game.apply(rng.choice(game.legal_moves()))
        moves -= 1
    return session


def good_save() -> dict:
    assert saved_game.save(a_session()) is None
    data = json.loads(saved_game.path().read_text())
    saved_game.path().unlink()
    return data


def finished_game_save() -> dict:
    # The first game of a block match over, the match not: the save holds a game that has ended.
    session = a_session(finish_first_game=True)
    assert session.game.over and not session.match.over
    assert saved_game.save(session) is None
    data = json.loads(saved_game.path().read_text())
    saved_game.path().unlink()
    return data


def changed(data: dict, change) -> str:
    change(data)
    return json.dumps(data)


# Each: how to damage game.json (text or bytes to write, or a callable making the damage at a path).
HOSTILE_GAMES = {
    "empty": "",
    "truncated": lambda: json.dumps(good_save())[:150],
    "not-json": "{not json",
    "not-utf8": b'{"version": 1, "seed": "\xff\xfe"}',
    "a-list": "[]",
    "null": "null",
    "version-true": lambda: changed(good_save(), lambda d: d.update(version=True)),
    "settings-wrong-type": lambda: changed(good_save(), lambda d: d.update(settings=[1, 2])),
    "seed-a-string": lambda: changed(good_save(), lambda d: d.update(seed="5")),
    "seed-too-long-for-json": lambda: json.dumps(good_save()).replace('"seed": 5', '"seed": ' + "9" * 5000),
    "seed-1e400": lambda: json.dumps(good_save()).replace('"seed": 5', '"seed": 1e400'),
    "games-a-dict": lambda: changed(good_save(), lambda d: d.update(games={})),
    "deep-nesting": DEEP,
    "deep-nesting-inside": lambda: json.dumps(good_save()).replace('"moves": [', '"moves": [' + DEEP + ", ", 1),
    "deeper-nesting": DEEPER,
    "move-empty-list": lambda: changed(good_save(), lambda d: d["games"][0]["moves"].append([])),
    "move-play-1": lambda: changed(good_save(), lambda d: d["games"][0]["moves"].append(["play", 1])),
    "move-huge-tile": lambda: changed(good_save(), lambda d: d["games"][0]["moves"].append(["play", 10**30, 1, 0])),
    "move-after-the-end": lambda: changed(finished_game_save(), lambda d: d["games"][0]["moves"].append(["pass"])),
    "more-games-than-dealt": lambda: changed(good_save(), lambda d: d["games"].append(d["games"][0])),
    "tile-a-float": lambda: changed(good_save(), lambda d: d["games"][0]["hands"][0].__setitem__(0, [1.0, 2])),
    "directory": "DIRECTORY",
    "symlink-loop": "LOOP",
    "fifo": "FIFO",
    "device": "DEVICE",
    "huge": "HUGE",
}

HOSTILE_SETTINGS = {
    "empty": "",
    "truncated": '{"variant": "block", "bo',
    "not-utf8": b'{"variant": "\xff"}',
    "a-list": "[]",
    "variant-wrong": '{"variant": "poker"}',
    "variant-a-list": '{"variant": ["classic"]}',
    "bots-not-a-list": '{"bots": 3}',
    "bots-unknown": '{"bots": ["nobody"]}',
    "pause-negative": '{"pause": -1}',
    "pause-true": '{"pause": true}',
    "pause-1e308": '{"pause": 1e308}',
    "pause-nan": '{"pause": NaN}',
    "target-a-string": '{"target": "ten"}',
    "target-huge": '{"target": ' + "9" * 400 + "}",
    "seed-too-long-for-json": '{"seed": ' + "9" * 5000 + "}",
    "deep-nesting": DEEP,
    "deep-nesting-inside": '{"bots": ' + DEEP + "}",
    "deeper-nesting": DEEPER,
    "directory": "DIRECTORY",
    "symlink-loop": "LOOP",
    "fifo": "FIFO",
    "device": "DEVICE",
    "huge": "HUGE",
}


def damage(path: Path, how) -> bytes | None:
    """Put the damaged file in place; its bytes (None for what is no regular file, and for the huge one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "FIFO":  # an ordinary open of it waits for a writer for ever
        os.mkfifo(path)
        return None
    if how == "DEVICE":  # endless zeros
        path.symlink_to("/dev/zero")
        return None
    if how == "HUGE":  # 17 MiB (sparse): larger than any settings file or saved match
        with open(path, "wb") as f:
            f.truncate(17 << 20)
        return None
    if how == "DIRECTORY":
        path.mkdir()
        (path / "inside").write_text("kept")
        return None
    if how == "LOOP":
        path.symlink_to(path.name)
        return None
    content = how() if callable(how) else how
    data = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(data)
    return data


def set_aside(path: Path) -> Path:
    (aside,) = path.parent.glob(path.name + ".bad-*")
    return aside


def check_moved_aside(path: Path, before: bytes | None, problem: str | None, gone: bool = True) -> Path:
    assert problem is not None
    aside = set_aside(path)
    assert str(aside) in problem
    if gone:
        assert not os.path.lexists(path)  # the next save starts a new file
    if before is not None:
        assert aside.read_bytes() == before
    return aside


@pytest.mark.parametrize("how", HOSTILE_GAMES.values(), ids=HOSTILE_GAMES.keys())
def test_a_damaged_game_save_is_moved_aside_with_a_message(private_config, how):
    path = saved_game.path()
    before = damage(path, how)
    session, problem = saved_game.load()
    assert session is None
    assert problem.startswith("Your saved game could not be restored: ") and problem.endswith("A new game starts.")
    aside = check_moved_aside(path, before, problem)
    # The next autosave writes a new file and leaves the damaged one as it was.
    assert saved_game.save(a_session()) is None
    assert saved_game.load()[0] is not None
    assert set_aside(path) == aside and (before is None or aside.read_bytes() == before)


@pytest.mark.parametrize("how", HOSTILE_SETTINGS.values(), ids=HOSTILE_SETTINGS.keys())
def test_damaged_settings_are_moved_aside_with_a_message(private_config, how):
    path = settings_store.path()
    before = damage(path, how)
    loaded, problem = settings_store.load()
    assert loaded == Settings()
    assert problem.startswith("Your settings could not be read: ") and problem.endswith("The defaults are used.")
    aside = check_moved_aside(path, before, problem)
    assert settings_store.save(Settings(variant="block")) is None
    assert settings_store.load() == (Settings(variant="block"), None)
    assert set_aside(path) == aside


def test_the_messages_say_what_was_wrong(private_config):
    cases = {
        DEEP: "nested too deeply",
        b"\xff": "not UTF-8 text",
        "DIRECTORY": "a directory, not a file",
        "{": "not valid JSON",
        "LOOP": "Too many levels of symbolic links",
        '{"pause": 99}': "pause must be a number of seconds from 0 to 10, not 99",
    }
    for how, words in cases.items():
        damage(settings_store.path(), how)
        _, problem = settings_store.load()
        assert words in problem, problem
    damage(saved_game.path(), lambda: changed(good_save(), lambda d: d["games"][0]["moves"].append([])))
    assert "not a move: []" in saved_game.load()[1]


@pytest.mark.parametrize("load", [saved_game.load, settings_store.load], ids=["game", "settings"])
def test_a_fifo_in_place_of_a_file_never_hangs_the_start(private_config, load):
    path = saved_game.path() if load is saved_game.load else settings_store.path()
    damage(path, "FIFO")
    result: list = []
    reader = threading.Thread(target=lambda: result.append(load()), daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():
        with open(path, "w"):  # a writer comes and goes: the blocked open returns, the thread ends
            pass
        pytest.fail("loading waited for a writer on the FIFO")
    ((_, problem),) = result
    assert "it is a FIFO, not a file" in problem
    assert not os.path.lexists(path)


def test_two_damaged_files_in_one_second_are_both_kept(private_config):
    for n in range(3):
        damage(settings_store.path(), f"{{broken {n}")
        settings_store.load()
    kept = sorted(p.read_text() for p in private_config.glob("settings.json.bad-*"))
    assert kept == ["{broken 0", "{broken 1", "{broken 2"]


def test_a_damaged_file_that_cannot_be_moved_is_never_written_over(private_config, monkeypatch):
    def refuse(*args):
        raise PermissionError("read-only directory")

    path = saved_game.path()
    before = damage(path, "{half a save")
    monkeypatch.setattr(os, "rename", refuse)
    file = StoredFile(path)  # the app's one object for its game.json
    session, problem = saved_game.load(file)
    assert session is None and "could not be moved aside either (read-only directory)" in problem
    assert "nothing will be saved over it" in problem
    assert "damaged file kept" in saved_game.save(a_session(), file)
    finished = a_session(variant="classic", finish_first_game=True)
    assert finished.match.over and saved_game.save(finished, file) is None  # a finished match does not delete it
    assert path.read_bytes() == before
    # Once the player has moved it away, as the message asks, saving goes on; another file knows nothing of it.
    monkeypatch.undo()
    path.rename(path.with_name("moved-by-hand"))
    assert saved_game.save(a_session(), file) is None
    assert saved_game.load(StoredFile(path))[0] is not None


@pytest.mark.parametrize("store", ["settings", "game"])
@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(private_config, monkeypatch, store, failing):
    if store == "settings":
        path = settings_store.path()

        def save():
            return settings_store.save(Settings(variant="allfives"))

        assert settings_store.save(Settings()) is None
    else:
        path = saved_game.path()

        def save():
            return saved_game.save(a_session(moves=6))

        assert saved_game.save(a_session(moves=2)) is None
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class FailingFile:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, text):
            self.f.write(text[: len(text) // 2])
            raise OSError(28, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.f, name)

    if failing == "write":
        monkeypatch.setattr(os, "fdopen", lambda *a, **k: FailingFile(real_fdopen(*a, **k)))
    else:

        def fail(*args):
            raise OSError(5, f"Input/output error in {failing}")

        monkeypatch.setattr(os, failing, fail)
    problem = save()
    monkeypatch.undo()
    assert problem is not None and str(path) in problem
    assert path.read_bytes() == before
    assert sorted(p.name for p in private_config.iterdir()) == [path.name]


def test_saves_are_written_through_a_synced_temporary_file(private_config, monkeypatch):
    synced, replaced = [], []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    monkeypatch.setattr(os, "replace", lambda a, b: replaced.append((Path(a), Path(b))) or real_replace(a, b))
    assert settings_store.save(Settings(variant="partnership")) is None
    assert saved_game.save(a_session()) is None
    assert len(synced) == 2
    assert [(tmp.parent, target) for tmp, target in replaced] == [
        (private_config, settings_store.path()),
        (private_config, saved_game.path()),
    ]
    assert sorted(p.name for p in private_config.iterdir()) == ["game.json", "settings.json"]


# The real app, started after every damage above: each game.json case beside a settings.json case.
APP_CASES = {
    f"{game_id}+{settings_id}": (game_how, settings_how)
    for (game_id, game_how), (settings_id, settings_how) in zip(
        HOSTILE_GAMES.items(), itertools.cycle(HOSTILE_SETTINGS.items()), strict=False
    )
}
assert len(APP_CASES) >= len(HOSTILE_SETTINGS)  # so every settings case is in one


@pytest.mark.parametrize(("game_damage", "settings_damage"), APP_CASES.values(), ids=APP_CASES.keys())
async def test_the_app_starts_after_each_damage_and_says_where_the_files_went(
    private_config, game_damage, settings_damage
):
    game_before = damage(saved_game.path(), game_damage)
    settings_before = damage(settings_store.path(), settings_damage)
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.table.session.rules.name == "classic"
        messages = [str(n.message) for n in app._notifications]
        for path, before, words in (
            (saved_game.path(), game_before, "Your saved game could not be restored"),
            (settings_store.path(), settings_before, "Your settings could not be read"),
        ):
            (problem,) = [m for m in messages if m.startswith(words)]
            check_moved_aside(path, before, problem, gone=False)  # the game may have been saved anew already
        await play_heaviest(pilot, 1)
        await pilot.press("q")
    # The autosave wrote a new game.json and left the damaged one where the message said.
    assert saved_game.load()[0] is not None
    game_aside = set_aside(saved_game.path())
    assert game_before is None or game_aside.read_bytes() == game_before
