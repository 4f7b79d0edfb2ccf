"""Hot seat: several people at one keyboard, each hand hidden behind a "pass the keyboard" screen between turns."""

from __future__ import annotations

import pytest
from textual.screen import ModalScreen

from domino_tui.engine import Kind
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.table import TableScreen
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.hint_panel import HintPanel

from .conftest import COACH, keys_for, settle
from .fast_input import type_keys


def hot_seat_app(variant: str, seats: tuple[str, ...], seed: int = 1) -> DominoApp:
    return DominoApp(variant=variant, seed=seed, pause=0.0, opponents=seats, coach=COACH)


def heaviest(table: TableScreen):
    legal = table.session.game.legal_moves()
    plays = [m for m in legal if m.kind is Kind.PLAY]
    return max(plays, key=lambda m: (m.tile.pips, -int(m.end))) if plays else legal[0]


async def test_two_people_share_a_keyboard_each_hand_behind_a_handover() -> None:
    app = hot_seat_app("classic", ("person",))
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        game = table.session.game
        handed_to = None  # the seat the last handover screen was for
        shown = None  # the seat whose hand the table showed last
        handovers = 0
        while handovers < 4:
            await settle(pilot)
            assert not game.over
            if isinstance(app.screen, HandoverScreen):
                # A whole screen, not a dialog: the table (and the hand just played) is not drawn under it.
                assert not isinstance(app.screen, ModalScreen)
                assert app.screen.player == table.session.name(game.turn)
                handed_to, handovers = game.turn, handovers + 1
                await pilot.press("enter")
                continue
            # Only the hand of the seat to move is shown, and a new hand only after its person said they were ready.
            assert table.viewer == game.turn
            assert table.query_one(HandView).tiles == tuple(game.hand(game.turn))
            if shown != game.turn:
                assert handed_to == game.turn, "a hand was shown without handing the keyboard over"
            shown, handed_to = game.turn, None
            await type_keys(pilot, *keys_for(table, heaviest(table)))
            game = table.session.game
        assert table.session.hot_seat and table.session.name(0) == "South"


async def test_a_handover_hides_the_hint_and_the_tracker_follows_the_seat_to_move() -> None:
    # Partnership with South and North at the keyboard, bots as West and East.
    app = hot_seat_app("partnership", ("hyperskill", "person", "hyperskill"), seed=3)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await settle(pilot)
        table = app.table
        first = table.viewer
        assert first in (0, 2)
        await pilot.press("h")  # the coach's hint for this seat's hand
        await pilot.pause(0.5)
        assert table.query_one(HintPanel).wanted
        while table.session.game.turn == first or not isinstance(app.screen, HandoverScreen):
            await type_keys(pilot, *keys_for(table, heaviest(table)))
            await settle(pilot)
            if table.session.game.over:
                pytest.fail("the game ended before the other person's turn")
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == 2 - first
        assert not table.query_one(HintPanel).wanted
        assert table.query_one(HandView).tiles == tuple(table.session.game.hand(table.viewer))
        assert table.query_one("#hand-box").border_title.startswith(table.session.name(table.viewer))
        moves = len(table.session.game.moves)
        await pilot.press("u")  # no undo: it would show the earlier hand to this player
        assert "No undo at a shared keyboard" in table.message
        assert len(table.session.game.moves) == moves


async def test_person_is_a_choice_for_every_seat_on_the_new_game_screen() -> None:
    from textual.widgets import Select

    app = hot_seat_app("partnership", ("hyperskill",))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#seat-1", Select).value = "person"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await settle(pilot)
        assert app.session is not None and app.session.people == (0, 2)


SIZES = [(80, 24), (140, 40)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("shown", ["handover", "table"])
def test_snapshots(snap_compare, size, shown):
    """The pass-the-keyboard screen after North's move and East's (South to play), and the table shown to South.
    West leads; North is the first person to play, after a handover of its own."""

    async def run_before(pilot):
        app = pilot.app
        await settle(pilot)
        await pilot.press("enter")  # North takes the keyboard
        await settle(pilot)
        await type_keys(pilot, *keys_for(app.table, heaviest(app.table)))
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        if shown == "table":
            await pilot.press("enter")
            await settle(pilot)

    app = hot_seat_app("partnership", ("hyperskill", "person", "hyperskill"), seed=3)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_a_resumed_match_at_one_keyboard_opens_on_the_handover() -> None:
    """Nothing of a hand shows on starting again: the saved match waits for the person to move to say so."""
    app = hot_seat_app("classic", ("person",), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):  # South plays, then North: South's turn again, the seat shown first by default
            await pilot.press("enter")
            await settle(pilot)
            await type_keys(pilot, *keys_for(app.table, heaviest(app.table)))
            await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        turn = app.table.session.game.turn
        assert turn == 0
    again = DominoApp(pause=0.0, coach=COACH)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, HandoverScreen)
        assert again.screen.player == again.table.session.name(turn)
        assert again.table.viewer is None
