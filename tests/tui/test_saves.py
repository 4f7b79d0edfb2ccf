"""What the player keeps on disk never locks them out: every file that cannot be used (cut short, not JSON, not
UTF-8, nested too deep, values of the wrong kind or size, a move of the wrong shape or after the end, a directory
in its place, unreadable) gets a message and a fresh start; it is moved aside where the message says and never
overwritten. The files (the settings, the game's room.json, the coach's count beside it) are written atomically
and leave no temporary file behind, even when writing fails.

The game's file is the room's (net/saved_room.py), made here by playing and then damaged; the app is started over
each damage."""

from __future__ import annotations

import itertools
import json
import os
import threading
from pathlib import Path

import pytest

from domino_tui.net.local import LocalRoom
from domino_tui.stored_file import StoredFile
from domino_tui.tui import settings as settings_store
from domino_tui.tui.app import DominoApp
from domino_tui.tui.coach_use import CoachUse, path_beside
from domino_tui.tui.local_game import new_game, room_path
from domino_tui.tui.settings import Settings

from .conftest import COACH, play_heaviest, the_room
from .disk_helpers import check_moved_aside, damage, honest_room, play_room, said, set_aside, started

DEEP = "[" * 1_500 + "]" * 1_500
DEEPER = '{"a": ' * 100_000 + "1" + "}" * 100_000


def changed(data: dict, change) -> str:
    change(data)
    return json.dumps(data)


def entry(raw_move: object) -> dict:
    return {"e": "move", "move": raw_move, "by": "person"}


def appended(made: object) -> str:
    """The honest room's file with ``made`` as its next entry."""
    return changed(honest_room(), lambda d: d["entries"].append(made))


# Each: how to damage room.json (text or bytes to write, or a callable making the damage at a path). The honest
# room is a Block match, seed 5, a few moves into its first game (honest_room).
HOSTILE_ROOMS = {
    "empty": "",
    "truncated": lambda: json.dumps(honest_room())[:150],
    "not-json": "{not json",
    "not-utf8": b'{"format": "domino-tui room", "code": "\xff\xfe"}',
    "a-list": "[]",
    "null": "null",
    "version-true": lambda: changed(honest_room(), lambda d: d.update(version=True)),
    "a-newer-version": lambda: changed(honest_room(), lambda d: d.update(version=2)),
    "options-wrong-type": lambda: changed(honest_room(), lambda d: d.update(options=[1, 2])),
    "option-unknown": lambda: changed(honest_room(), lambda d: d["options"].update(chess=1)),
    "variant-unknown": lambda: changed(honest_room(), lambda d: d["options"].update(variant="poker")),
    "code-a-path": lambda: changed(honest_room(), lambda d: d.update(code="../x")),
    "seed-a-string": lambda: changed(honest_room(), lambda d: d.update(seed="5")),
    "seed-too-long-for-json": lambda: json.dumps(honest_room()).replace('"seed": 5', '"seed": ' + "9" * 5000),
    "seed-1e400": lambda: json.dumps(honest_room()).replace('"seed": 5', '"seed": 1e400'),
    "token-not-the-seats": lambda: changed(honest_room(), lambda d: d.update(tokens={"0": "not its token"})),
    "entries-a-dict": lambda: changed(honest_room(), lambda d: d.update(entries={})),
    "deep-nesting": DEEP,
    "deep-nesting-inside": lambda: json.dumps(honest_room()).replace('"entries": [', '"entries": [' + DEEP + ", ", 1),
    "deeper-nesting": DEEPER,
    "entry-empty-list": lambda: appended([]),
    "seat-huge": lambda: changed(honest_room(), lambda d: d["entries"][0].update(seat=10**30)),
    "move-empty-list": lambda: appended(entry([])),
    "move-play-1": lambda: appended(entry(["play", 1])),
    "move-huge-tile": lambda: appended(entry(["play", [10**30, 1], 0])),
    "tile-a-float": lambda: appended(entry(["play", [1.0, 2], 0])),
    "move-not-in-hand": lambda: changed(honest_room(), lambda d: d["entries"].append(d["entries"][2])),
    "move-after-the-end": lambda: changed(
        honest_room(finish_first_game=True), lambda d: d["entries"].append(entry(["pass"]))
    ),
    "second-start": lambda: appended({"e": "start"}),
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

# The coach's count of hints and undos beside room.json (tui/coach_use.py).
HOSTILE_COACH = {
    "not-json": "{",
    "not-utf8": b'{"room": "\xff"}',
    "a-list": "[]",
    "another-format": '{"format": "domino-tui room", "room": "X"}',
    "counts-not-a-list": lambda: json.dumps({"format": "domino-tui coach use", "room": "X", "hints": 3}),
    "count-negative": lambda: json.dumps({"format": "domino-tui coach use", "room": "X", "undos": [[1, 1, -2]]}),
    "deep-nesting-inside": '{"format": "domino-tui coach use", "room": "X", "hints": ' + DEEP + "}",
    "directory": "DIRECTORY",
    "fifo": "FIFO",
}


def restored_here() -> LocalRoom:
    """The room kept in room.json now (it must restore)."""
    room, problem = LocalRoom.restore(room_path())
    assert problem is None and room is not None, problem
    return room


# ----- the settings, read by themselves -----


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
    rooms = {
        HOSTILE_ROOMS["move-empty-list"]: "not a move: []",
        HOSTILE_ROOMS["move-after-the-end"]: "a move comes after its game is over",
        HOSTILE_ROOMS["seed-a-string"]: "its seed is '5', not a whole number",
        HOSTILE_ROOMS["token-not-the-seats"]: "the token it keeps for seat 0 is not that seat's",
        "FIFO": "it is a FIFO, not a file",
    }
    for how, words in rooms.items():
        damage(room_path(), how)
        room, problem = LocalRoom.restore(room_path())
        assert room is None and words in problem, problem


def load_room() -> tuple[object, str | None]:
    return LocalRoom.restore(room_path())


def load_coach() -> tuple[object, str | None]:
    return CoachUse.load(path_beside(room_path()), "ROOM")


@pytest.mark.parametrize("load", [load_room, settings_store.load, load_coach], ids=["room", "settings", "coach"])
def test_a_fifo_in_place_of_a_file_never_hangs_the_start(private_config, load):
    path = {load_room: room_path(), load_coach: path_beside(room_path())}.get(load, settings_store.path())
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


# ----- the app started over damaged files -----

# Each room.json case beside a settings.json case.
APP_CASES = {
    f"{room_id}+{settings_id}": (room_how, settings_how)
    for (room_id, room_how), (settings_id, settings_how) in zip(
        HOSTILE_ROOMS.items(), itertools.cycle(HOSTILE_SETTINGS.items()), strict=False
    )
}
assert len(APP_CASES) >= len(HOSTILE_SETTINGS)  # so every settings case is in one


@pytest.mark.parametrize(("room_damage", "settings_damage"), APP_CASES.values(), ids=APP_CASES.keys())
async def test_the_app_starts_after_each_damage_and_says_where_the_files_went(
    private_config, room_damage, settings_damage
):
    room_before = damage(room_path(), room_damage)
    settings_before = damage(settings_store.path(), settings_damage)
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        # A fresh start: a new match of the default settings, in a new room.
        assert the_room(app).options.variant == "classic" and the_room(app).game_number == 1
        for path, before, words, then in (
            (room_path(), room_before, "Your saved game could not be restored", "A new game starts."),
            (settings_store.path(), settings_before, "Your settings could not be read", "The defaults are used."),
        ):
            (problem,) = said(app, words)
            assert problem.endswith(then)
            check_moved_aside(path, before, problem, gone=False)  # the new game is written there already
        await play_heaviest(pilot, 1)
        code = the_room(app).code
        await pilot.press("q")
    # The new room's file is whole and goes on from there; the damaged one is where the message said, as it was.
    room = restored_here()
    assert room.room.code == code and any(e.get("by") == "person" for e in room.store.entries)
    await room.close()
    aside = set_aside(room_path())
    assert room_before is None or aside.read_bytes() == room_before


@pytest.mark.parametrize("how", HOSTILE_COACH.values(), ids=HOSTILE_COACH.keys())
async def test_a_damaged_count_of_hints_is_moved_aside_and_the_game_resumes(private_config, how):
    await play_room(room_path(), moves=2)
    code = json.loads(room_path().read_text())["code"]
    path = path_beside(room_path())
    before = damage(path, how)
    app = DominoApp(pause=0, coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        assert the_room(app).code == code, "the game was not resumed"
        (problem,) = said(app, "The count of your hints and undos could not be read")
        assert problem.endswith("It starts again.")
        check_moved_aside(path, before, problem)
        await pilot.press("h")  # counted in a new file beside the room's
        for _ in range(200):
            await pilot.pause()
            if path.exists():
                break
    use, unread = CoachUse.load(path, code)
    assert unread is None and use.of(1, 1) == (1, 0)
    assert before is None or set_aside(path).read_bytes() == before


async def test_a_damaged_room_file_that_cannot_be_moved_is_never_written_over(private_config, monkeypatch):
    real_rename = os.rename

    def refuse(*args):
        raise PermissionError("read-only directory")

    path = room_path()
    before = damage(path, "{half a save")
    monkeypatch.setattr(os, "rename", refuse)
    app = DominoApp(pause=0, opponents=("greedy",))
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        (problem,) = said(app, "Your saved game could not be restored")
        assert "could not be moved aside either (read-only directory)" in problem
        assert "nothing will be saved over it" in problem
        # The new game is played all the same, unsaved, and the player is told so once.
        await play_heaviest(pilot, 2)
        (unsaved,) = said(app, "Could not save the game")
        assert "damaged file kept" in unsaved and str(path) in unsaved
        assert path.read_bytes() == before
        # Once the player has moved it away, as the message asks, saving goes on from the next move.
        monkeypatch.setattr(os, "rename", real_rename)
        path.rename(path.with_name("moved-by-hand"))
        await play_heaviest(pilot, 1)
        code, entries = the_room(app).code, list(app.game.room.store.entries)
    assert path.with_name("moved-by-hand").read_bytes() == before
    room = restored_here()
    assert (room.room.code, room.store.entries) == (code, entries)
    await room.close()


class FailingFile:
    """A file whose write puts half the text down, then finds the disk full."""

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


def make_writes_fail(monkeypatch, failing: str) -> None:
    if failing == "write":
        real_fdopen = os.fdopen
        monkeypatch.setattr(os, "fdopen", lambda *a, **k: FailingFile(real_fdopen(*a, **k)))
    else:

        def fail(*args):
            raise OSError(5, f"Input/output error in {failing}")

        monkeypatch.setattr(os, failing, fail)


FAILING = ["write", "fsync", "replace"]


@pytest.mark.parametrize("failing", FAILING)
def test_a_failed_settings_write_keeps_the_old_file_and_leaves_no_temporary_file(private_config, failing):
    path = settings_store.path()
    assert settings_store.save(Settings()) is None
    before = path.read_bytes()
    with pytest.MonkeyPatch.context() as mp:
        make_writes_fail(mp, failing)
        problem = settings_store.save(Settings(variant="allfives"))
    assert problem is not None and str(path) in problem
    assert path.read_bytes() == before
    assert sorted(p.name for p in private_config.iterdir()) == [path.name]


@pytest.mark.parametrize("failing", FAILING)
async def test_a_failed_write_of_the_game_keeps_the_old_file_and_the_game_goes_on(private_config, failing):
    path = room_path()
    app = DominoApp(variant="block", seed=3, pause=0, opponents=("greedy",))
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        before = path.read_bytes()
        with pytest.MonkeyPatch.context() as mp:
            make_writes_fail(mp, failing)
            await play_heaviest(pilot, 2)
            assert path.read_bytes() == before
            assert sorted(p.name for p in private_config.iterdir()) == ["room.json", "room.lock", "settings.json"]
        # Said once, not at every move, and the game went on in memory.
        (problem,) = said(app, "Could not save the game")
        assert str(path) in problem and ("No space left" in problem or failing in problem)
        assert sum(e.get("by") == "person" for e in app.game.room.store.entries) >= 2
        # The next move writes the whole room again.
        await play_heaviest(pilot, 1)
        code, entries = the_room(app).code, list(app.game.room.store.entries)
    room = restored_here()
    assert (room.room.code, room.store.entries) == (code, entries)
    await room.close()
    assert sorted(p.name for p in private_config.iterdir()) == ["room.json", "room.lock", "settings.json"]


@pytest.mark.parametrize("failing", FAILING)
def test_a_failed_write_of_the_count_of_hints_keeps_the_old_file_and_counts_on(private_config, failing):
    path = path_beside(room_path())
    use, _ = CoachUse.load(path, "ROOM")
    use.hint(1, 1)
    before = path.read_bytes()
    with pytest.MonkeyPatch.context() as mp:
        make_writes_fail(mp, failing)
        use.hint(1, 1)  # never stops the game
    assert path.read_bytes() == before and use.of(1, 1) == (2, 0)
    assert sorted(p.name for p in private_config.iterdir()) == [path.name]
    use.undo(1, 1)
    assert CoachUse.load(path, "ROOM")[0].of(1, 1) == (2, 1)


async def test_the_files_are_written_through_a_synced_temporary_file(private_config, monkeypatch):
    synced: list[Path] = []  # the files synced, by name (the writes of room.json are in threads of their own)
    replaced: list[tuple[Path, Path]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append(Path(os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(tmp, target) -> None:
        assert Path(tmp) in synced, "renamed before it was synced"
        replaced.append((Path(tmp), Path(target)))
        real_replace(tmp, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    app = DominoApp(pause=0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        await pilot.press("h")  # the coach's count, beside the room's file
        await play_heaviest(pilot, 1)
        await pilot.press("q")
    assert {target.name for _, target in replaced} == {"settings.json", "room.json", "room-coach.json"}
    for tmp, target in replaced:
        assert tmp.parent == target.parent == private_config and tmp.name.startswith(f".{target.name}.")
    assert sorted(p.name for p in private_config.iterdir()) == [
        "room-coach.json",
        "room.json",
        "room.lock",
        "settings.json",
    ]


async def test_a_directory_in_place_of_the_count_of_hints_never_stops_a_new_game(private_config):
    """A new game removes the count of the room it replaces: a directory there raised IsADirectoryError out of
    the app's start, which ended in a traceback."""
    path_beside(room_path()).mkdir(parents=True)
    game = await new_game(Settings(), 1, 0.0, StoredFile(room_path()))
    try:
        assert game.room.room.game_number == 1 and room_path().exists()
    finally:
        await game.close()
