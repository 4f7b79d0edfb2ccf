"""Hot seat at the train table: several people at one keyboard play Mexican Train, each in their own seat of a
room in the app's process, with bots in the other seats; each hand behind the "pass the keyboard" screen, only
ever the hand of the seat to move, and no undo."""

from __future__ import annotations

from textual.screen import ModalScreen

from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.status import StatusBar

from .coachseat_helpers import seated
from .conftest import the_room, until
from .fast_input import type_keys
from .snaps_helpers import heaviest_train_move, train_keys


def train_app(players: int, seats: tuple[str, ...]) -> DominoApp:
    return DominoApp(variant="mexicantrain", seed=5, pause=0.0, opponents=seats, players=players, save_settings=False)


def turn_at_hand(app: DominoApp) -> bool:
    """A handover waits for its person, or the table shows the hand of a person to move, or the round is over."""
    table = next((s for s in app.screen_stack if isinstance(s, TrainTable)), None)
    if isinstance(app.screen, HandoverScreen):
        return True
    return table is not None and app.screen is table and (table.my_turn or table.status != "playing")


def hand_of(app: DominoApp, seat: int) -> tuple:
    return tuple(the_room(app).match.observe(seat).hand)


def on_screen(app: DominoApp) -> str:
    """What the terminal shows now, as text."""
    return "".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_after_a_person_moves_the_next_hand_shows_only_once_they_are_ready() -> None:
    app = train_app(3, ("person", "greedy"))  # two people and a bot
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        assert isinstance(table, TrainTable)
        assert table.hot_seat and table.seats_here == {0, 1} and the_room(app).people() == [0, 1]
        moved_by: int | None = None  # the person who moved last, so the next person's turn comes by a handover
        handovers = 0
        while handovers < 4:
            await until([pilot], lambda: turn_at_hand(app))
            assert table.status == "playing", "the round ended before four handovers"
            if isinstance(app.screen, HandoverScreen):
                # A whole screen, not a dialog over the table: nothing of either hand shows through it.
                assert not isinstance(app.screen, ModalScreen)
                next_seat = the_room(app).to_act()
                assert app.screen.player == table.names[next_seat]
                assert table.at is None and table.query_one(HandView).tiles == ()
                text = on_screen(app)
                assert f"Pass the keyboard to {table.names[next_seat]}" in text
                # No hand's row, title or cursor is drawn (the news may name the tile just played, never a hand).
                assert "your train is" not in text and "▲" not in text
                handovers += 1
                await pilot.press("enter")
                await until([pilot], lambda s=next_seat: app.screen is table and table.mine == s)
                assert table.query_one(HandView).tiles == hand_of(app, next_seat)
                assert table.query_one(StatusBar).info.turn.startswith(f"{table.names[next_seat]} to play")
                continue
            mine = table.mine
            assert mine is not None and table.query_one(HandView).tiles == hand_of(app, mine)
            assert moved_by in (None, mine), "another person's hand was shown without a handover"
            if handovers:
                # No undo at a shared keyboard: it would show the earlier hand to whoever has the keyboard now.
                position = the_room(app).position
                await pilot.press("u")
                assert "No undo at a shared keyboard" in table.message and table.message_is_error
                await pilot.pause()
                assert the_room(app).position == position
            moved_by = mine
            view = table.seat_view
            await type_keys(pilot, *train_keys(table, heaviest_train_move(table)))
            await until([pilot], lambda v=view: table.seat_view is not v)
            moved_by = None if table.seat_view is None else moved_by


async def test_three_people_play_rounds_of_turns_by_keys() -> None:
    app = train_app(3, ("person", "person"))
    async with app.run_test(size=(140, 40)) as pilot:
        table = await seated(pilot)
        assert isinstance(table, TrainTable)
        assert table.hot_seat and table.seats_here == {0, 1, 2}
        assert table.names == ("Ana", "Ben", "Cleo")  # nobody is "you" at a shared keyboard
        played: list[int] = []
        while len(played) < 9 and table.status == "playing":
            await until([pilot], lambda: turn_at_hand(app))
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            if table.status != "playing":
                break
            mine = table.mine
            assert mine is not None and mine == the_room(app).to_act()
            assert table.query_one("#hand-box").border_title.startswith(table.names[mine])
            played.append(mine)
            moves = len(the_room(app).match.observe(mine).history)
            await type_keys(pilot, *train_keys(table, heaviest_train_move(table)))
            await until([pilot], lambda m=mine, n=moves: len(the_room(app).match.observe(m).history) > n)
        # Every person had turns, in the room's order, each behind its own handover.
        assert set(played) == {0, 1, 2} and len(played) >= 6
