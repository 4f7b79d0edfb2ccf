"""seats.json, accounts.json and settings.json written by two apps at once (two terminals, each at a table): each
keeps and forgets its own seats, sessions and settings without losing the other's. And a session in accounts.json
that no server would take back (edited by hand, or given by a server that writes none as servers do) is never
kept."""

from __future__ import annotations

import json
import threading

import pytest

from domino_tui.stored_file import StoredFile
from domino_tui.tui.kept_accounts import KeptAccount, KeptAccounts
from domino_tui.tui.kept_seats import KeptSeat, KeptSeats
from domino_tui.tui.settings import PlayerSettings


def seat(room: str, kept: float = 1.0) -> KeptSeat:
    return KeptSeat("ws://h:1", room, f"token-{room}", "Ann", 1, "classic", kept)


def reread() -> KeptSeats:
    seats = KeptSeats()
    assert seats.load() is None
    return seats


def test_two_apps_keeping_seats_each_keep_the_other_s(private_config) -> None:
    first, second = KeptSeats(), KeptSeats()
    assert first.load() is None and second.load() is None  # both started before either kept a seat
    assert first.keep(seat("AAAA0001", kept=1.0)) is None
    assert second.keep(seat("BBBB0002", kept=2.0)) is None
    assert {s.room for s in reread().seats} == {"AAAA0001", "BBBB0002"}


def test_an_app_forgetting_its_seat_keeps_the_seat_another_app_kept_since(private_config) -> None:
    first, second = KeptSeats(), KeptSeats()
    first.keep(seat("AAAA0001", kept=1.0))
    second.load()
    second.keep(seat("BBBB0002", kept=2.0))
    assert first.forget("ws://h:1", "AAAA0001") is None
    assert {s.room for s in reread().seats} == {"BBBB0002"}


def test_an_app_forgets_a_seat_another_app_kept_since_it_started(private_config) -> None:
    """The server said the room's token is no longer taken: whoever kept it, it goes."""
    first, second = KeptSeats(), KeptSeats()
    first.load()
    second.keep(seat("BBBB0002"))
    first.forget("ws://h:1", "BBBB0002")
    assert reread().seats == []


def test_two_apps_keeping_sessions_each_keep_the_other_s(private_config) -> None:
    first, second = KeptAccounts(), KeptAccounts()
    first.load(), second.load()
    first.keep(KeptAccount("ws://h:1", "ann", "session-ann", 1.0))
    second.keep(KeptAccount("ws://h:1", "bob", "session-bob", 2.0))
    kept = KeptAccounts()
    kept.load()
    assert {a.name for a in kept.accounts} == {"ann", "bob"}


def test_apps_keeping_seats_at_the_same_moment_lose_none(private_config) -> None:
    apps = [KeptSeats() for _ in range(4)]
    start = threading.Barrier(len(apps))

    def play(n: int) -> None:
        start.wait()
        for k in range(8):
            apps[n].keep(seat(f"R{n}K{k}XXXX", kept=float(n * 10 + k + 1)))

    threads = [threading.Thread(target=play, args=(n,)) for n in range(len(apps))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(reread().seats) == 32


@pytest.mark.parametrize("session", ["has a space", "tab\there", "\u202eright-to-left", "bell\x07"])
def test_a_kept_session_no_server_would_resume_is_set_aside_not_sent(private_config, session: str) -> None:
    """Sent, it is refused as a message of the wrong form, never forgotten, and every join under it fails."""
    path = private_config / "accounts.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    account = {"server": "ws://h:1", "name": "ann", "session": session, "kept": 1.0}
    path.write_text(json.dumps({"version": 1, "accounts": [account]}))
    kept = KeptAccounts()
    problem = kept.load()
    assert problem is not None and "moved to" in problem and session not in problem
    assert kept.find("ws://h:1", "ann") is None
    assert kept.keep(KeptAccount("ws://h:1", "ann", session, 1.0)) is not None  # nor kept from a server's answer
    assert kept.find("ws://h:1", "ann") is None


def test_two_apps_changing_settings_each_keep_the_other_s(private_config) -> None:
    first, second = PlayerSettings(), PlayerSettings()
    assert first.load() is None and second.load() is None  # both started before either changed a setting
    assert first.change(theme="gruvbox", auto_pass=True) is None
    assert second.change(online_name="Bob") is None
    again = PlayerSettings()
    assert again.load() is None
    assert (again.current.theme, again.current.auto_pass, again.current.online_name) == ("gruvbox", True, "Bob")


def test_a_setting_the_disk_refused_is_written_with_the_next_change(private_config, monkeypatch) -> None:
    kept = PlayerSettings()
    kept.load()
    write = StoredFile.write

    def full(self: StoredFile, data: object, indent: int | None = None) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(StoredFile, "write", full)
    assert kept.change(theme="gruvbox") is not None
    monkeypatch.setattr(StoredFile, "write", write)
    assert kept.change(online_name="Bob") is None
    again = PlayerSettings()
    again.load()
    assert (again.current.theme, again.current.online_name) == ("gruvbox", "Bob")
