"""The expert's Mexican Train playouts (train_playout.py) and its choice between the planner's move and the
search's: the runs are the planner's, the policy plays legal moves to the round's end the same on the compiled and
the interpreted kernel, and the search keeps the planner's move unless another is clearly better."""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import subprocess
import sys

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.train_expert import TrainSearch, by_planner
from domino_tui.ai.train_loops import PlannerPlayout
from domino_tui.ai.train_planner import TrainPlannerBot, longest_run
from domino_tui.ai.train_playout import RunFinder, planner_move, play_out_planned, run_finder
from domino_tui.engine import TrainPlay, TrainRoundState, get_train_rules, observe_train
from domino_tui.engine.train_core import TrainRound, new_round, tiles_of_mask, train_tables
from domino_tui.engine.train_moves import train_code_of


@pytest.mark.parametrize("seed", range(40))
def test_the_run_found_on_masks_is_as_long_and_as_heavy_as_the_planners(seed: int) -> None:
    rng = random.Random(seed)
    rules = get_train_rules("mexicantrain", 4)
    ts = rules.tiles
    tiles = rng.sample(range(train_tables(rules.max_pip).size), rng.randint(1, 15))
    end = rng.randint(0, rules.max_pip)
    length, pips, mask, first = RunFinder(rules.max_pip).run(end, sum(1 << i for i in tiles))
    run = longest_run(end, [ts.tiles[i] for i in tiles])
    assert (length, pips) == (len(run), sum(t.pips for t in run))
    assert mask.bit_count() == length and (first < 0) == (length == 0)


def test_a_hand_too_big_to_plan_exactly_still_gets_a_run_that_can_be_laid() -> None:
    finder = RunFinder(12)
    t = finder.t
    hand = (1 << t.size) - 1 - 1  # every tile but [0|0]
    length, pips, mask, first = finder.run(6, hand)
    run = tiles_of_mask(mask)
    assert len(run) == length > 0 and first in run and pips == sum(t.pips[i] for i in run)
    # Tiles that can be laid one after another from 6 are a trail from 6 through them: linked, and every number
    # shown an even number of times but 6 and the last end (or none, for a trail back to 6).
    degree = [0] * 13
    for i in run:
        degree[t.low[i]] += 1
        degree[t.high[i]] += 1
    odd = {n for n in range(13) if degree[n] % 2}
    assert not odd or (len(odd) == 2 and 6 in odd)
    reached, frontier = {6}, [6]
    while frontier:
        n = frontier.pop()
        for i in run:
            if n in (t.low[i], t.high[i]):
                for m in (t.low[i], t.high[i]):
                    if m not in reached:
                        reached.add(m)
                        frontier.append(m)
    assert all(degree[n] == 0 or n in reached for n in range(13))


def playout_digest(deals: int) -> str:
    """Rounds finished by the planned playouts from seeded deals, at 2, 4 and 8 players, with and without random
    moves: every move legal, and the moves and points digested."""
    h = hashlib.sha256()
    for players in (2, 4, 8):
        rules = get_train_rules("mexicantrain", players)
        finder = run_finder(rules.max_pip)
        for deal in range(deals):
            sim = new_round(rules.kernel, deal % rules.rounds, random.Random(f"playout/{players}/{deal}"))
            moves = []
            while not sim.over:
                legal = sim.legal()
                move = planner_move(sim, legal, finder) if len(legal) > 1 else legal[0]
                assert move in legal
                moves.append(move)
                sim.apply(move)
            explored = new_round(rules.kernel, deal % rules.rounds, random.Random(f"playout/{players}/{deal}"))
            play_out_planned(explored, random.Random(deal), 0.3, finder)
            assert explored.over
            h.update(json.dumps([players, moves, sim.points(), explored.points()]).encode())
    return h.hexdigest()


def test_the_playouts_play_the_same_on_the_compiled_and_the_interpreted_kernel() -> None:
    here = playout_digest(12)
    script = "from tests.ai.test_train_playout import playout_digest; print(playout_digest(12))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == here


def loops_digest(deals: int) -> str:
    """The same seeded rounds as `playout_digest`, played by the loops' PlannerPlayout (compiled, or interpreted
    with DOMINO_TUI_PURE=1): it must choose the Python reference's move at every turn, and finish the explored
    rounds with the same random numbers; the digest is the reference's when it does."""
    h = hashlib.sha256()
    for players in (2, 4, 8):
        rules = get_train_rules("mexicantrain", players)
        finder = run_finder(rules.max_pip)
        tables = train_tables(rules.max_pip)
        chooser = PlannerPlayout(random.Random(0), 0.0, tables)
        for deal in range(deals):
            sim = new_round(rules.kernel, deal % rules.rounds, random.Random(f"playout/{players}/{deal}"))
            moves = []
            while not sim.over:
                legal = sim.legal()
                move = chooser.choose(sim)
                assert move == (planner_move(sim, legal, finder) if len(legal) > 1 else legal[0])
                moves.append(move)
                sim.apply(move)
            explored = new_round(rules.kernel, deal % rules.rounds, random.Random(f"playout/{players}/{deal}"))
            PlannerPlayout(random.Random(deal), 0.3, tables).finish(explored)
            assert explored.over
            h.update(json.dumps([players, moves, sim.points(), explored.points()]).encode())
    return h.hexdigest()


def test_the_loops_planned_playouts_play_the_python_references_moves() -> None:
    assert loops_digest(12) == playout_digest(12)


def test_the_loops_planned_playouts_play_the_same_compiled_and_interpreted() -> None:
    here = loops_digest(12)
    script = "from tests.ai.test_train_playout import loops_digest; print(loops_digest(12))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == here


def planner_rounds(players: int, deals: int):
    """Seeded rounds among planners: each position to decide, with the planner's move there."""
    rules = get_train_rules("mexicantrain", players)
    for deal in range(deals):
        state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"planner/{players}/{deal}"))
        bot = TrainPlannerBot(random.Random(deal))
        while not state.over:
            obs = observe_train(state, state.turn)
            move = bot.choose_train(obs)
            yield state, obs, move
            state.apply(move)


def test_hands_swollen_by_draws_still_get_legal_moves_to_the_rounds_end() -> None:
    """Past EXACT_TILES tiles a hand's run is laid greedily (its exact search could visit too many sub-hands)."""
    rules = get_train_rules("mexicantrain", 2)
    tables = train_tables(rules.max_pip)
    loops = PlannerPlayout(random.Random(0), 0.0, tables)
    for seed in range(30):
        rng = random.Random(f"swollen/{seed}")
        engine = rng.randint(0, rules.max_pip)
        order = [i for i in range(tables.size) if i != tables.double[engine]]
        rng.shuffle(order)
        big = rng.randint(16, 40)
        hands = [sum(1 << i for i in order[:big]), sum(1 << i for i in order[big : big + 3])]
        sim = TrainRound(rules.kernel, engine, hands, order[big + 3 : big + 10], 0, search=False)
        assert loops.choose(sim) in sim.legal()
        PlannerPlayout(random.Random(seed), 0.0, tables).finish(sim)
        assert sim.over


def positions(players: int, deals: int):
    rules = get_train_rules("mexicantrain", players)
    for deal in range(deals):
        state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"positions/{players}/{deal}"))
        bot = make_bot("trainplanner", random.Random(deal))
        while not state.over:
            obs = observe_train(state, state.turn)
            yield obs
            state.apply(bot.choose_train(obs))


def test_the_moves_are_searched_in_the_planners_order_its_choice_first() -> None:
    planner = TrainPlannerBot(random.Random(0))
    checked = 0
    for obs in positions(4, 3):
        if len(obs.legal) > 2:
            ordered = by_planner(obs)
            assert set(ordered) == set(obs.legal)
            assert ordered[0] == planner.choose_train(obs)
            checked += 1
            if checked == 12:  # enough; later positions' hands, grown by draws, make the planner's runs slow to find
                return
    pytest.fail(f"only {checked} positions with three moves or more")


def test_with_an_endless_margin_the_search_plays_the_planners_move_and_with_none_its_own_best() -> None:
    planner = TrainPlannerBot(random.Random(0))
    checked = 0
    for obs in positions(4, 2):
        plays = [m for m in obs.legal if isinstance(m, TrainPlay)]
        if len(plays) < 3:
            continue
        stubborn = TrainSearch(random.Random(1), None, 4, 0.0, 4, margin=math.inf)
        assert stubborn.choose(obs) == planner.choose_train(obs)
        free = TrainSearch(random.Random(1), None, 4, 0.0, 4, margin=0.0).rank(obs)
        assert {m for m, _ in free} == set(obs.legal)
        assert free[0][1] == max(v for _, v in free)
        checked += 1
        if checked == 3:
            return
    pytest.fail("fewer than three positions with three plays")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_expert_plays_only_legal_moves_over_seeded_rounds_among_planners(players: int) -> None:
    rules = get_train_rules("mexicantrain", players)
    for deal in range(4):
        state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"expert/{players}/{deal}"))
        bots = [ExpertBot(random.Random(deal), budget=None, samples=3)] + [
            make_bot("trainplanner", random.Random(s)) for s in range(1, players)
        ]
        while not state.over:
            obs = observe_train(state, state.turn)
            move = bots[state.turn].choose_train(obs)
            assert move in obs.legal
            assert train_code_of(move, rules.tiles) in state.kernel.legal()
            state.apply(move)
