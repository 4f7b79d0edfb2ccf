"""The table is styled once as it mounts: each change of its classes after that restyles all of its widgets, so
the classes it starts with are set before it mounts, and at 80 columns (no panel beside the board) none changes
before its first frame."""

from __future__ import annotations

import functools

from domino_tui.tui.screens.room_table import RoomTable

from .conftest import make_app, settle, table_of, until


async def test_the_table_keeps_the_classes_it_mounts_with_at_80_columns(monkeypatch) -> None:
    at_mount: dict[RoomTable, set[str]] = {}
    mount = RoomTable.on_mount

    @functools.wraps(mount)
    def on_mount(table: RoomTable) -> None:
        at_mount[table] = set(table.classes)  # its widgets are mounted and styled by now
        mount(table)

    monkeypatch.setattr(RoomTable, "on_mount", on_mount)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(app) is not None and table_of(app) in at_mount)
        await settle(pilot)
        table = table_of(app)
        assert table is not None
        assert set(table.classes) == at_mount[table]
        assert {"-local", "-log-hidden", "-tracker-hidden", "-hint-hidden"} <= at_mount[table]
