"""Helpers of the table's behaviour tests: the room's state to compare before and after a key, waiting for a
condition, the message line, and bots that think slowly or fail, in the room's host where bots now play."""

from __future__ import annotations

import threading

import pytest

from domino_tui.net import thinking
from domino_tui.tui.screens.room_table import RoomTable

from .conftest import settle, the_game, the_room, until


def snapshot(app) -> tuple[int, dict[str, object]]:
    """The room's state, as its host holds it: its position and the whole game in play."""
    return the_room(app).position, the_game(app).to_json()


def message(table) -> str:
    return str(table.query_one("#message").render())


async def seated(pilot) -> None:
    """Wait for the table of the app's first game, then as `settle` does. (conftest's ``settle`` returns at once
    while the app's first screen is still the blank one, before the worker that makes the room has shown the
    table; ``play_heaviest`` reads ``app.table`` before it settles.)"""
    app = pilot.app
    await until(pilot, lambda: app.game is not None and isinstance(app.screen, RoomTable))
    await settle(pilot)


class SlowBot:
    """Every bot of the app's rooms thinks until released, like a searching bot that thinks for a long time: the
    host's thinking (net/thinking.py `think`, run in a bot's thread) waits for ``release``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.thinking = threading.Event()
        real = thinking.think

        def slow(*args: object) -> list[object]:
            self.thinking.set()
            self.release.wait(10)
            return real(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(thinking, "think", slow)


class BrokenBot:
    """Every bot of the app's rooms fails when it thinks; ``seen`` keeps the observations (the JSON) it failed
    on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[dict[str, object]] = []

        def broken(kind: object, level: str, seed: str, obs: dict[str, object]) -> list[object]:
            self.seen.append(obs)
            raise RuntimeError("bug in a bot")

        monkeypatch.setattr(thinking, "think", broken)
