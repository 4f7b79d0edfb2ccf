"""seats.json as a hostile hand left it, and a hostile answer to the app's question at its start: the app starts,
says what it did, never shows a token, never reads a seat's words as markup, never reads or writes through a
symbolic link, and leaves no token readable by others."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
from textual.content import Content
from websockets.asyncio.server import ServerConnection, serve

from domino_tui.tui import kept_accounts
from domino_tui.tui.app import DominoApp
from domino_tui.tui.kept_seats import KeptSeat, KeptSeats, path

from .conftest import COACH, settle, until

TOKEN = "SECRET-TOKEN-never-shown"


def good(**changed: object) -> dict[str, object]:
    return {
        "server": "ws://127.0.0.1:1",
        "room": "K7QM-3XPA",
        "token": TOKEN,
        "name": "Ann",
        "seat": 1,
        "variant": "classic",
        "kept": 5.0,
        **changed,
    }


def write(*seats: dict[str, object]) -> None:
    path().parent.mkdir(parents=True, exist_ok=True)
    path().write_text(json.dumps({"version": 1, "seats": list(seats)}))


HOSTILE = {
    "a seat out of range": good(seat=99),
    "a room that is no room's code": good(room="[reverse]K7QM\x1b]0;pwned\x07"),
    "a room far too long": good(room="K7QM3XPA" * 1000),
    "a server that is no room server's address": good(server="http://evil.example/x"),
    "a server with markup and escapes": good(server="ws://[b]h\x1b[2J:1"),
    "a name with an escape": good(name="Ann\x1b]52;c;AAAA\x07"),
    "a variant with an escape": good(variant="classic\x1b[2J"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_kept_seat_the_app_could_not_have_written_is_set_aside_and_its_token_never_shown(case: str) -> None:
    write(HOSTILE[case])
    seats = KeptSeats()
    problem = seats.load()
    assert problem is not None and "could not be read" in problem and "moved to" in problem
    assert TOKEN not in problem and "\x1b" not in problem
    assert seats.seats == [] and not path().exists()


def test_a_huge_seats_file_is_set_aside_with_a_message(private_config: Path) -> None:
    path().parent.mkdir(parents=True, exist_ok=True)
    with path().open("wb") as f:
        f.truncate(17 << 20)  # sparse: costs no disk
    seats = KeptSeats()
    problem = seats.load()
    assert problem is not None and "larger than" in problem and seats.seats == []


def test_a_seats_file_others_may_read_is_made_the_owner_s_alone_on_reading() -> None:
    write(good())
    path().chmod(0o644)  # an earlier copy, a restore from a backup
    seats = KeptSeats()
    assert seats.load() is None and [s.token for s in seats.seats] == [TOKEN]
    assert stat.S_IMODE(path().stat().st_mode) == 0o600


def test_a_seats_file_that_is_a_symbolic_link_is_neither_read_nor_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"version": 1, "seats": [good(server="ws://planted.example:1")]}))
    before = elsewhere.read_bytes()
    path().parent.mkdir(parents=True, exist_ok=True)
    path().symlink_to(elsewhere)
    seats = KeptSeats()
    problem = seats.load()
    assert problem is not None and "symbolic link" in problem and seats.seats == []
    assert seats.keep(KeptSeat("ws://127.0.0.1:1", "AAAA-BBBB", "t", "Ann", 0, "classic", 1.0)) is None
    assert elsewhere.read_bytes() == before
    assert not path().is_symlink() and stat.S_IMODE(path().stat().st_mode) == 0o600


def test_an_accounts_file_is_kept_as_the_seats_file_is_never_read_through_a_link(tmp_path: Path) -> None:
    """A session signs in as its account: accounts.json is as private as seats.json."""
    elsewhere = tmp_path / "elsewhere.json"
    account = {"server": "ws://planted.example:1", "name": "Ann", "session": TOKEN, "kept": 1.0}
    elsewhere.write_text(json.dumps({"version": 1, "accounts": [account]}))
    kept = kept_accounts.path()
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.symlink_to(elsewhere)
    accounts = kept_accounts.KeptAccounts()
    problem = accounts.load()
    assert problem is not None and "symbolic link" in problem and accounts.accounts == []
    assert TOKEN not in problem


def shown(message: str, markup: bool) -> str:
    """What a notification shows of ``message``."""
    return Content.from_markup(message).plain if markup else message


async def notices_at_start() -> list[str]:
    app = DominoApp(pause=0.0, coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: not any(w.group == "held-seat" for w in app.workers))
        return [shown(str(n.message), n.markup) for n in app._notifications]


async def test_a_name_with_brackets_is_offered_as_written_not_read_as_markup() -> None:
    write(good(name="[reverse]Ann[/]"))
    said = await notices_at_start()
    assert any("(as [reverse]Ann[/])" in m for m in said), said


async def test_a_damaged_file_s_message_is_shown_as_written() -> None:
    write(good(seat="[b]1[/b]"))
    said = await notices_at_start()
    assert any("could not be read" in m and "[b]1[/b]" in m for m in said), said


@pytest.mark.parametrize("answer", ["not JSON at all", "[" * 50_000, '"a string"', '{"type": "held", "seat": true}'])
async def test_a_server_that_answers_held_with_junk_leaves_the_seat_kept_and_the_app_running(answer: str) -> None:
    async def junk(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(answer)

    async with serve(junk, "127.0.0.1", 0, max_size=None) as server:
        port = server.sockets[0].getsockname()[1]
        seats = KeptSeats()
        seats.keep(KeptSeat(f"ws://127.0.0.1:{port}", "K7QM-3XPA", TOKEN, "Ann", 1, "classic", time.time()))
        said = await notices_at_start()
    assert any("K7QM-3XPA" in m and "could not say" in m for m in said), said
    assert not any(TOKEN in m for m in said)
    again = KeptSeats()
    again.load()
    assert [s.room for s in again.seats] == ["K7QM-3XPA"]


def test_the_config_folder_s_own_link_is_followed_and_the_file_is_still_the_owner_s_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "real-config"
    real.mkdir()
    link = tmp_path / "linked-config"
    link.symlink_to(real)
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(link))
    assert KeptSeats().keep(KeptSeat("ws://127.0.0.1:1", "AAAA-BBBB", TOKEN, "Ann", 0, "classic", 1.0)) is None
    kept = real / "seats.json"
    assert not kept.is_symlink() and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert not [p for p in os.listdir(real) if p != "seats.json"]  # no temporary file left beside it
