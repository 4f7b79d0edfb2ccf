"""Mexican Train's planner: its run found exactly, the guides' heuristics on positions built by hand, legal moves
over many seeded rounds, and no seat at a line game."""

from __future__ import annotations

import itertools
import random

import pytest

from domino_tui.ai.train_planner import TrainPlannerBot, longest_run
from domino_tui.bot_registry import make_bot
from domino_tui.engine import DRAW, MEXICAN_TRAIN, TrainPlay, TrainRoundState, get_rules, observe_train
from domino_tui.engine.tiles import Tile
from domino_tui.engine.train_observation import TrainObservation, TrainView
from domino_tui.tournament.entries import EntryError, parse_entries
from domino_tui.tui.settings import Settings


def runs_by_brute_force(start: int, tiles: list[Tile]) -> int:
    """The length of the longest run, from every ordering of every subset (small hands only)."""
    best = 0
    for size in range(1, len(tiles) + 1):
        for order in itertools.permutations(tiles, size):
            end = start
            for t in order:
                if end not in t:
                    break
                end = t.other(end)
            else:
                best = max(best, size)
    return best


@pytest.mark.parametrize("seed", range(60))
def test_the_run_is_the_longest_there_is(seed: int) -> None:
    rng = random.Random(seed)
    tiles = rng.sample(MEXICAN_TRAIN.tiles.tiles, rng.randint(0, 6))
    start = rng.randint(0, 12)
    run = longest_run(start, tiles)
    assert len(run) == runs_by_brute_force(start, tiles)
    end = start
    for t in run:  # and it is a run: each tile matches the end the one before it left
        assert end in t
        end = t.other(end)
    assert len(set(run)) == len(run) and set(run) <= set(tiles)


def T(a: int, b: int) -> Tile:  # a tile, written as the rule books write [a|b]
    return Tile.of(a, b)


def position(hand: list[Tile], trains: list[tuple[int, bool, int]], legal: list, hand_sizes=(5, 5, 5, 5)):
    """Seat 0's observation of a four-player round: ``trains`` as (owner's seat or None, marked, end) for the four
    seats' trains and the Mexican train, their tiles left out (the planner reads only the ends and markers)."""
    views = tuple(TrainView(index, owner, marked, (), end) for index, (owner, marked, end) in enumerate(trains))
    return TrainObservation(
        rules=MEXICAN_TRAIN,
        seat=0,
        round_index=0,
        engine=12,
        engine_seat=None,
        turn=0,
        hand=tuple(hand),
        trains=views,
        open_double=None,
        boneyard_size=20,
        hand_sizes=(len(hand), *hand_sizes[1:]),
        history=(),
        legal=tuple(legal),
    )


QUIET = [(0, False, 5), (1, False, 9), (2, False, 9), (3, False, 9)]


def test_it_keeps_its_run_for_its_own_train_and_lays_a_spare_on_the_mexican_train() -> None:
    # Own train ends in 5; [5|7] [7|9] are a run from it, [2|11] fits only the Mexican train's 2.
    obs = position(
        [T(5, 7), T(7, 9), T(2, 11)],
        [*QUIET, (None, True, 2)],
        [TrainPlay(T(5, 7), 0), TrainPlay(T(2, 11), 4)],
    )
    assert TrainPlannerBot(random.Random(0)).choose_train(obs) == TrainPlay(T(2, 11), 4)


def test_it_lays_a_double_only_when_it_can_cover_it() -> None:
    # A double must be satisfied before any other play, and its player plays again (the Idaho Good Sam sheet,
    # htfbw.com; docs/rules.md): [9|9] with no other 9 in hand would leave it open and put the marker out.
    uncovered = position(
        [T(9, 9), T(5, 3)],
        [*QUIET, (None, True, 9)],
        [TrainPlay(T(9, 9), 4), TrainPlay(T(5, 3), 0)],
    )
    assert TrainPlannerBot(random.Random(0)).choose_train(uncovered) == TrainPlay(T(5, 3), 0)
    covered = position(
        [T(9, 9), T(9, 1), T(5, 3)],
        [*QUIET, (None, True, 9)],
        [TrainPlay(T(9, 9), 4), TrainPlay(T(9, 1), 4), TrainPlay(T(5, 3), 0)],
    )
    assert TrainPlannerBot(random.Random(0)).choose_train(covered) == TrainPlay(T(9, 9), 4)


def test_it_takes_its_marker_in_at_once() -> None:
    # Laying a tile on one's own train takes one's marker in (the Idaho Good Sam sheet): others may play on a
    # marked train and spoil its run.
    obs = position(
        [T(5, 7), T(2, 11)],
        [(0, True, 5), *QUIET[1:], (None, True, 2)],
        [TrainPlay(T(5, 7), 0), TrainPlay(T(2, 11), 4)],
    )
    assert TrainPlannerBot(random.Random(0)).choose_train(obs) == TrainPlay(T(5, 7), 0)


def test_it_sheds_its_heaviest_tile_when_another_seat_is_near_out() -> None:
    # The pips left in a hand are its points when a seat goes out (htfbw.com, htuse): with a seat on its last tile,
    # [12|11] goes before the run's light [5|1].
    hand = [T(5, 1), T(12, 11)]
    legal = [TrainPlay(T(5, 1), 0), TrainPlay(T(12, 11), 4)]
    trains = [*QUIET, (None, True, 12)]
    calm = position(hand, trains, legal)
    assert TrainPlannerBot(random.Random(0)).choose_train(calm) == TrainPlay(T(12, 11), 4)  # a spare, anyway
    hand = [T(5, 1), T(1, 2), T(12, 5)]
    legal = [TrainPlay(T(5, 1), 0), TrainPlay(T(12, 5), 0)]
    calm = position(hand, [*QUIET, (None, True, 0)], legal)
    near_out = position(hand, [*QUIET, (None, True, 0)], legal, hand_sizes=(3, 1, 5, 5))
    assert TrainPlannerBot(random.Random(0)).choose_train(calm) == TrainPlay(T(5, 1), 0)  # the longer run
    assert TrainPlannerBot(random.Random(0)).choose_train(near_out) == TrainPlay(T(12, 5), 0)


def test_with_nothing_to_lay_it_draws() -> None:
    obs = position([T(1, 2)], [*QUIET, (None, True, 9)], [DRAW])
    assert TrainPlannerBot(random.Random(0)).choose_train(obs) == DRAW


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 8])
def test_it_plays_only_legal_moves_over_seeded_rounds(players: int) -> None:
    rules = MEXICAN_TRAIN.with_players(players)
    for deal in range(40):
        state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"planner/{players}/{deal}"))
        bots = [make_bot("trainplanner" if s % 2 == 0 else "greedy", random.Random(s)) for s in range(players)]
        while not state.over:
            obs = observe_train(state, state.turn)
            move = bots[state.turn].choose_train(obs)
            assert move in obs.legal
            state.apply(move)


def test_it_takes_no_seat_at_a_line_game() -> None:
    with pytest.raises(EntryError, match="only Mexican Train"):
        parse_entries(["trainplanner", "greedy"], get_rules("classic"))
    with pytest.raises(NotImplementedError):
        make_bot("trainplanner").choose(None)  # type: ignore[arg-type]  # refused before it reads anything
    # Chosen for a train game and kept in the settings, it gives its seat to a level that plays the next line game.
    settings = Settings(variant="mexicantrain", bots=("trainplanner",)).with_variant("classic")
    assert settings.bots[0] != "trainplanner"


def test_which_bots_play_which_family() -> None:
    # As the README's table of bots says: three play every variant, the planner only Mexican Train, the rest only
    # the line games.
    from domino_tui.bot_registry import BOTS, plays

    both = {name for name in BOTS if plays(name, trains=True) and plays(name, trains=False)}
    assert both == {"random", "greedy", "expert"}
    assert {name for name in BOTS if not plays(name, trains=False)} == {"trainplanner"}
