"""The coach's hint at the train table: h ranks every legal move in the hint panel, each row with the keys that make
it at this table, in train words; the keys of the best row, typed, make that move in the room; the panel goes once
the position moves on (your move, an undo); where the coach may not help, h says so."""

from __future__ import annotations

import random

import pytest

from domino_tui.coach.hint import Rated
from domino_tui.engine import (
    MEXICAN_TRAIN,
    Kind,
    Move,
    TrainEvent,
    TrainMatch,
    TrainObservation,
    TrainPlay,
    observe_match,
)
from domino_tui.net.client import RoomInfo, SeatInfo
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.train_words import train_key, trains_for
from domino_tui.tui.widgets.hint_panel import HintPanel, render

from .conftest import HUMAN
from .test_one_train_table import VARIANT, Host, LocalLikeClient, UndoableView
from .train_helpers import heaviest, keys_for_train, make_train_app, my_turn_shown, settle_train, the_round, until

# What the panel writes before each row's keys: the best row is marked so.
BEST = " ★ "


def best_row_keys(panel: HintPanel) -> list[str]:
    """The keys the panel's best row shows, as keys to press (read from what the panel draws)."""
    row = next(line for line in str(panel.render()).splitlines() if line.startswith(BEST))
    assert row.endswith(")"), row
    return row[row.rindex("(") + 1 : -1].split()


def made(event: TrainEvent, move: Move) -> bool:
    """Whether ``event`` in the room's history is your ``move``."""
    if event.seat != HUMAN or event.kind is not move.kind:
        return False
    return not isinstance(move, TrainPlay) or (event.tile, event.train) == (move.tile, move.train)


async def a_choice(pilot, table: TrainTable) -> None:
    """Play your heaviest moves, bots between, until your turn has more than one legal move."""
    app = pilot.app
    while True:
        await settle_train(pilot)
        await until(pilot, lambda: my_turn_shown(table))
        if len(the_round(app).legal_moves()) > 1:
            return
        view = table.seat_view
        for key in keys_for_train(table, heaviest(app)):
            await pilot.press(key)
        await until(pilot, lambda view=view: table.seat_view is not view)


@pytest.mark.parametrize(("size", "players"), [((80, 24), 2), ((140, 40), 4)])
async def test_h_ranks_every_move_and_the_best_rows_keys_make_it(size: tuple[int, int], players: int) -> None:
    app = make_train_app(players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle_train(pilot)
        table = app.screen
        assert isinstance(table, TrainTable) and table.coach_here
        await a_choice(pilot, table)
        obs = table.observation
        view = table.seat_view
        assert obs is not None and view is not None
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        await until(pilot, lambda: panel.ranking is not None)
        ranking = panel.ranking
        assert ranking is not None and {r.move for r in ranking} == set(obs.legal)
        # On screen whole, beside the trains or over them, the hand still in view below it.
        assert table.placement.shows("hint") and panel.display
        assert table.screen.region.contains_region(panel.region)
        assert not panel.region.overlaps(table.query_one("#hand-box").region)
        assert table.coach_use.of(view.match, view.game) == (1, 0)  # noted for the record, as at the line table
        best = ranking[0].move
        keys = best_row_keys(panel)
        assert keys == keys_for_train(table, best)
        played = len(the_round(app).history)
        for key in keys:
            await pilot.press(key)
        await until(pilot, lambda: len(the_round(app).history) > played)
        assert made(the_round(app).history[played], best)
        # The hint spoke of a position that is gone.
        await until(pilot, lambda: table.seat_view is not view)
        assert not panel.wanted and not table.placement.shows("hint") and not panel.display


async def test_the_hint_goes_when_a_move_is_taken_back() -> None:
    app = make_train_app(2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_train(pilot)
        table = app.screen
        assert isinstance(table, TrainTable)
        while not (my_turn_shown(table) and table.seat_view is not None and table.seat_view.can_undo):
            view = table.seat_view
            for key in keys_for_train(table, heaviest(app)):
                await pilot.press(key)
            await until(pilot, lambda view=view: table.seat_view is not view)
            await settle_train(pilot)
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        assert panel.wanted and table.placement.shows("hint")
        view = table.seat_view
        await pilot.press("u")
        await until(pilot, lambda: table.seat_view is not view and table.my_turn)
        assert not panel.wanted and not table.placement.shows("hint")


async def test_h_where_the_coach_may_not_help_says_so() -> None:
    """A room that says no coach: h answers in the message line, and no panel opens."""
    rules = MEXICAN_TRAIN.with_players(2)
    match = TrainMatch(rules, random.Random(5))
    while match.round.turn != 0 or not match.round.history:
        match.round.apply(match.round.legal_moves()[0])
    obs = observe_match(match, 0)
    seats = (SeatInfo("Ana", "person", None, True, False), SeatInfo("greedy", "bot", "greedy", True, False))
    options = {"variant": VARIANT, "players": 2, "games": 1, "coach": False}
    info = RoomInfo("LOCAL", "playing", options, 0, seats, 1, 1, (0, 0))
    client = LocalLikeClient(UndoableView(1, 1, len(obs.history), obs, False), info)
    table = TrainTable(None, client)
    async with Host(table).run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table.seat_view is not None and table.my_turn)
        assert not table.coach_here
        await pilot.press("h")
        assert table.message_is_error and "coach" in table.message
        assert not table.query_one(HintPanel).wanted and not table.placement.shows("hint")


def position_with_every_kind_of_train() -> TrainObservation:
    """A four-player round where your turn offers plays on your train, the Mexican train and another's."""
    rules = MEXICAN_TRAIN.with_players(4)
    for seed in range(500):
        rng = random.Random(seed)
        match = TrainMatch(rules, rng)
        for _ in range(200):
            state = match.round
            if state.over:
                break
            if state.turn == 0:
                trains = {m.train for m in state.legal_moves() if isinstance(m, TrainPlay)}
                if {0, rules.mexican} <= trains and trains - {0, rules.mexican}:
                    return observe_match(match, 0)
            state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no such position in the seeds tried")


def test_train_rows_name_each_train_and_the_keys_that_make_the_move() -> None:
    obs = position_with_every_kind_of_train()
    names = ("You", "Rosa (Easy)", "Ben", "Cleo")
    ranking = [Rated(move, -float(i), ()) for i, move in enumerate(obs.legal)]
    rows = [line for line in render(obs, ranking, keys=True, names=lambda seat: names[seat]).plain.splitlines()[1:]]
    assert rows[0].startswith(BEST)
    for move, row in zip(obs.legal, rows, strict=False):
        if not isinstance(move, TrainPlay):
            assert row.split()[0] == str(move) and row.endswith(f"({'d' if move.kind is Kind.DRAW else 'p'})")
            continue
        where = (
            "your train"
            if move.train == obs.seat
            else "the Mexican train"
            if move.train == obs.mexican
            else f"{names[move.train]}'s train"
        )
        assert f"{move.tile} on {where}" in row
        keys = tile_key(obs.hand.index(move.tile))
        if len(trains_for(obs, move.tile)) > 1:
            keys += f" {train_key(obs.rules, move.train)}"
        assert row.endswith(f"({keys})")
