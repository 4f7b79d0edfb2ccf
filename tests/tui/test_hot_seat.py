"""Hot seat: several people at one keyboard, in a room of the app's process with a seat each, at the one line
table: each hand behind a "pass the keyboard" screen between turns, and only ever the hand of the seat to move."""

from __future__ import annotations

import pytest
from textual.screen import ModalScreen

from domino_tui.coach.tracker import track
from domino_tui.net import credentials
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.hint_panel import HintPanel
from domino_tui.tui.widgets.tracker_panel import TrackerPanel
from domino_tui.tui.widgets.tracker_panel import render as tracker_text

from .coachseat_helpers import heaviest, next_turn, seated, table_of, until
from .conftest import COACH, keys_for, settle, the_game, the_room
from .fast_input import type_keys


def hot_seat_app(variant: str, seats: tuple[str, ...], seed: int = 1) -> DominoApp:
    return DominoApp(variant=variant, seed=seed, pause=0.0, opponents=seats, coach=COACH)


def tracker_shows(table: LineTable, seat: int) -> bool:
    """The tracker shows what ``seat`` may know: its observation as the room has it, and nothing else."""
    expected = tracker_text(track(the_room(table.app).match.observe(seat)), lambda s: table.names[s])  # type: ignore[arg-type]
    return str(table.query_one(TrackerPanel).render()) == expected.plain


async def test_two_people_share_a_keyboard_each_hand_behind_a_handover() -> None:
    app = hot_seat_app("classic", ("person",))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await seated(pilot)
        assert isinstance(table, LineTable)
        # Both people share this keyboard: no one else to be fair to, the coach may help.
        assert table.hot_seat and table.coach_here and table.seats_here == {0, 1}
        assert table.names[:2] == ("South", "North")
        handed_to = None  # the seat the last handover screen was for
        shown = None  # the seat whose hand the table showed last
        handovers = 0
        while handovers < 4:
            await next_turn(pilot)
            game = the_game(app)
            assert not game.over
            if isinstance(app.screen, HandoverScreen):
                # A whole screen, not a dialog: the table (and the hand just played) is not drawn under it.
                assert not isinstance(app.screen, ModalScreen)
                assert app.screen.player == table.names[game.turn]
                # While the keyboard changes hands, the table shows nobody's hand.
                assert table.at is None and table.query_one(HandView).tiles == ()
                handed_to, handovers = game.turn, handovers + 1
                await pilot.press("enter")
                continue
            # Only the hand of the seat to move is shown, and a new hand only after its person said they were ready.
            assert table.mine == game.turn
            assert table.query_one(HandView).tiles == tuple(game.hand(game.turn))
            if shown != game.turn:
                assert handed_to == game.turn, "a hand was shown without handing the keyboard over"
            shown, handed_to = game.turn, None
            await type_keys(pilot, *keys_for(table, heaviest(app)))


async def test_a_handover_hides_the_hint_and_the_tracker_follows_the_seat_to_move() -> None:
    # Partnership with South and North at the keyboard, bots as West and East.
    app = hot_seat_app("partnership", ("hyperskill", "person", "hyperskill"), seed=3)
    async with app.run_test(size=(170, 40)) as pilot:  # wide: the tracker shows by itself
        table = await seated(pilot)
        assert isinstance(table, LineTable)
        await next_turn(pilot)
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await next_turn(pilot)
        first = table.mine
        assert first in (0, 2) and first == the_game(app).turn
        assert not table.has_class("-tracker-hidden") and tracker_shows(table, first)
        await pilot.press("h")  # the coach's hint for this seat's hand
        hint = table.query_one(HintPanel)
        await until([pilot], lambda: hint.ranking is not None)
        assert hint.wanted and not table.has_class("-hint-hidden")
        while the_game(app).turn == first or not isinstance(app.screen, HandoverScreen):
            if app.screen is table and table.my_turn:
                await type_keys(pilot, *keys_for(table, heaviest(app)))
            await next_turn(pilot)
            if the_game(app).over:
                pytest.fail("the game ended before the other person's turn")
        await pilot.press("enter")
        await next_turn(pilot)
        other = table.mine
        assert other == 2 - first == the_game(app).turn
        assert not hint.wanted and table.has_class("-hint-hidden")
        assert table.query_one(HandView).tiles == tuple(the_game(app).hand(other))
        assert table.query_one("#hand-box").border_title.startswith(table.names[other])
        assert tracker_shows(table, other)
        moves = len(the_game(app).moves)
        position = the_room(app).position
        await pilot.press("u")  # no undo: it would show the earlier hand to this player
        assert "No undo at a shared keyboard" in table.message
        await pilot.pause()
        assert len(the_game(app).moves) == moves and the_room(app).position == position


async def test_person_is_a_choice_for_every_seat_on_the_new_game_screen() -> None:
    from textual.widgets import Select

    app = hot_seat_app("partnership", ("hyperskill",))
    async with app.run_test(size=(100, 40)) as pilot:
        first = await seated(pilot)
        await settle(pilot)
        app.action_new_game()  # the palette's New game
        await pilot.pause()
        app.screen.query_one("#seat-1", Select).value = "person"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until([pilot], lambda: table_of(app) not in (None, first) and table_of(app).info is not None)
        assert the_room(app).people() == [0, 2]
        assert table_of(app).seats_here == {0, 2}


SIZES = [(80, 24), (140, 40)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("shown", ["handover", "table"])
def test_snapshots(snap_compare, size, shown, monkeypatch):
    """The pass-the-keyboard screen after North's move and East's (South to play), and the table shown to South.
    West leads; North is the first person to play, after a handover of its own. (The room's code, drawn on the
    board's border, is fixed: it is made at random.)"""
    monkeypatch.setattr(credentials, "new_room_code", lambda: "HQTSEAT2")

    async def run_before(pilot):
        app = pilot.app
        await seated(pilot)
        await next_turn(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "North"
        await pilot.press("enter")  # North takes the keyboard
        await next_turn(pilot)
        await type_keys(pilot, *keys_for(app.table, heaviest(app)))
        await next_turn(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "South"
        if shown == "table":
            await pilot.press("enter")
            await next_turn(pilot)
        await pilot.pause()

    app = hot_seat_app("partnership", ("hyperskill", "person", "hyperskill"), seed=3)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_a_resumed_match_at_one_keyboard_opens_on_the_handover() -> None:
    """Nothing of a hand shows on starting again: the saved match waits for the person to move to say so."""
    app = hot_seat_app("classic", ("person",), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        await next_turn(pilot)
        for _ in range(2):  # South plays, then North: South's turn again, the seat shown first by default
            assert isinstance(app.screen, HandoverScreen)
            await pilot.press("enter")
            await next_turn(pilot)
            await type_keys(pilot, *keys_for(app.table, heaviest(app)))
            await next_turn(pilot)
        assert isinstance(app.screen, HandoverScreen)
        turn = the_game(app).turn
        assert turn == 0
    again = DominoApp(pause=0.0, coach=COACH)
    async with again.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        await next_turn(pilot)
        assert isinstance(again.screen, HandoverScreen)
        assert again.screen.player == table.names[turn]
        assert isinstance(table, LineTable) and table.at is None
        assert table.query_one(HandView).tiles == ()
