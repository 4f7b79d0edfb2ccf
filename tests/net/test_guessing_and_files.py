"""What a server keeps from those who guess and those who read: room codes and passwords are guessed no faster
than the misses' allowance of an address, and an address out of guesses learns nothing of any code; the rooms'
database (every room's seed) is its owner's alone; a database server's address for `--db`, unless PostgreSQL's, is
refused in words; `domino-tui serve` takes the rooms' lifetimes and their cap per address from its command line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from domino_tui.net.client import NetError, RoomClient, RoomClosed
from domino_tui.net.storage import Storage

from .conftest import start_server


async def refused(running, room: str, password: str | None = None) -> str:
    client = running.client()
    with pytest.raises(NetError) as no:
        await client.join(room, "Eve", password)
    return no.value.code


async def test_wrong_codes_and_passwords_are_guessed_no_faster_than_the_allowance(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", misses=0.001, misses_burst=3)
    try:
        owner = running.client()
        secret = await owner.create("Ana", "block", password="right one")
        assert await refused(running, "AAAA-AAAA") == "no_room"
        assert await refused(running, "BBBB-BBBB") == "no_room"
        assert await refused(running, secret.room, "wrong") == "password"
        # Out of guesses: refused before the code is looked up, so a real room's code says no more than a made-up
        # one, and its right password lets nobody in from this address until the allowance comes back.
        assert await refused(running, "CCCC-CCCC") == "too_fast"
        assert await refused(running, secret.room, "right one") == "too_fast"
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()


async def test_a_right_code_spends_no_guess(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", misses=0.001, misses_burst=1)
    try:
        room = (await running.client().create("Ana", "partnership")).room
        for name in ("Ben", "Cleo"):
            assert (await running.client().join(room, name)).seat is not None
        assert await refused(running, "ZZZZ-ZZZZ") == "no_room"
        assert await refused(running, "ZZZZ-ZZZY") == "too_fast"
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()


def test_the_rooms_database_is_its_owners_alone(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    Storage(fresh).close()
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    older = tmp_path / "older.sqlite3"
    older.touch(mode=0o644)
    os.chmod(older, 0o644)  # as an earlier version left it, whatever the umask
    Storage(older).close()
    assert stat.S_IMODE(older.stat().st_mode) == 0o600


@pytest.mark.parametrize("address", ["mysql://ana:secret@db.example/rooms", "sqlite+aiosqlite://x"])
def test_another_database_servers_address_is_refused_in_words(tmp_path: Path, address: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "domino_tui", "serve", "--port", "0", "--db", address],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "is a database server's address this server cannot use" in done.stderr and "Traceback" not in done.stderr
    assert "secret" not in done.stderr  # the address may hold a password: it is not repeated
    assert list(tmp_path.iterdir()) == []  # no file of that name was made


def test_serve_makes_its_folder_for_its_owner_only(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "rooms"
    proc = subprocess.Popen(
        [sys.executable, "-m", "domino_tui", "serve", "--port", "0", "--db", str(folder / "rooms.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "room server on" in line:
                break
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE((folder / "rooms.sqlite3").stat().st_mode) == 0o600
    finally:
        proc.terminate()
        proc.wait(10)


async def test_serve_takes_the_rooms_lifetimes_and_their_caps_from_its_command_line(tmp_path: Path) -> None:
    from .conftest import free_port

    port = free_port()
    command = [sys.executable, "-m", "domino_tui", "serve", "--port", str(port), "--db", str(tmp_path / "r.sqlite3")]
    command += ["--idle-lobby", "0.5", "--rooms-per-address", "1", "--bot-pace", "0"]
    command += ["--misses", "0.001", "--misses-burst", "2"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("serving on ws://")
        ana = RoomClient(f"ws://127.0.0.1:{port}", retry=(0.05, 0.2))
        await ana.create("Ana", "block")
        second = RoomClient(f"ws://127.0.0.1:{port}")
        with pytest.raises(NetError, match="as many as it may"):
            await second.create("Ana", "block")  # one room an address, as the command line said
        await second.close()
        # Two rooms not found, then the address waits, as the command line said.
        for said in ("no_room", "no_room", "too_fast"):
            guess = RoomClient(f"ws://127.0.0.1:{port}")
            with pytest.raises(NetError) as refused:
                await guess.join("ZZZZ-ZZZZ", "Eve")
            assert refused.value.code == said
            await guess.close()
        # Nothing happens in the lobby: the room expires after half a second, and Ana is told.
        async for event in ana.events():
            if isinstance(event, RoomClosed):
                assert "expired" in event.message
                break
        await ana.close()
    finally:
        proc.terminate()
        proc.wait(10)


def test_every_limit_on_serve_s_command_line_reaches_the_server(tmp_path: Path) -> None:
    from dataclasses import fields

    from domino_tui.net.cli import build_parser, server_config
    from domino_tui.net.server import ServerConfig

    said = {
        "--max-connections": 11,
        "--per-address": 12,
        "--max-rooms": 13,
        "--rate": 14.5,
        "--chat-relay": 15.5,
        "--misses": 16.5,
        "--misses-burst": 17,
        "--knock-wait": 22.5,
        "--knocks-per-room": 23,
        "--knocks-per-address": 24,
        "--workers": 3,
        "--bot-pace": 0.25,
        "--rooms-per-address": 18,
        "--idle-lobby": 19.5,
        "--idle-over": 20.5,
        "--unattended": 21.5,
        "--quick-band": 7.5,
        "--quick-widen": 0.5,
        "--quick-bots": "Normal",
        "--seekers-per-address": 3,
    }
    argv = [str(x) for option, value in said.items() for x in (option, value)]
    config = server_config(build_parser().parse_args(argv), tmp_path / "r.sqlite3")
    for option, value in said.items():
        assert getattr(config, option[2:].replace("-", "_")) == value, option
    # Every field but these few is one of serve's options: a limit added to the server is on its command line too.
    unsaid = {f.name for f in fields(ServerConfig)} - {o[2:].replace("-", "_") for o in said}
    assert unsaid == {"host", "port", "db", "handshakes_per_address", "strikes", "hello_timeout", "undo", "quick_tick"}
