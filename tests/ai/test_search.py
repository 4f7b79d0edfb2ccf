"""The expert's search parts agree with the rules: the playout's count and the exact endgame search."""

from __future__ import annotations

import random
import time

import pytest

from domino_tui.ai.endgame import LineSolver, TooBig, solve
from domino_tui.ai.lines import PLAYOUT, play_line
from domino_tui.ai.objective import Objective
from domino_tui.ai.playout import Playout, best_count, best_reply
from domino_tui.engine import GameState, observe
from domino_tui.engine.core import Sim
from domino_tui.engine.state import deal_position


def test_best_count_scores_plays_as_the_rules_do() -> None:
    rng = random.Random(0)
    playout = Playout(GameState.new("allfives", rng).rules, rng, 0.0)
    weight = playout.weight
    checked = 0
    for _ in range(150):
        sim = deal_position("allfives", rng)
        while sim.outcome is None:
            legal = sim.legal()
            if legal[0] >= 0 and len(legal) > 1:
                team = sim.rules.team_of(sim.turn)

                def key(m: int, sim: Sim = sim, team: int = team) -> tuple[int, int]:
                    c = sim.copy()
                    c.play(m)
                    return c.fives[team] - sim.fives[team], weight[m >> 2]

                chosen = best_count(sim, sim.playable(sim.turn), playout, False, rng.randrange)
                assert chosen in legal
                assert key(chosen) == max(key(m) for m in legal)
                checked += 1
            sim.apply(rng.choice(legal))
    assert checked > 1000


@pytest.mark.parametrize("reply", [1.0, 2.0])
def test_best_reply_weighs_the_answer_as_the_rules_score_it(reply: float) -> None:
    # The reference plays each move and each answer on copies, so the rules, not the shortcut, score them.
    rng = random.Random(5)
    playout = Playout(GameState.new("allfives", rng).rules, rng, 0.0)
    weight = playout.weight
    checked = differs = 0
    for _ in range(150):
        sim = deal_position("allfives", rng)
        while sim.outcome is None:
            legal = sim.legal()
            if legal[0] >= 0 and len(legal) > 1 and sim.layout.tiles:
                team = sim.rules.team_of(sim.turn)

                def key(m: int, sim: Sim = sim, team: int = team) -> tuple[float, int]:
                    c = sim.copy()
                    c.play(m)
                    value: float = c.fives[team] - sim.fives[team]
                    answers = [a for a in c.legal() if a >= 0] if c.outcome is None else []
                    best = 0
                    for a in answers:
                        d = c.copy()
                        d.play(a)
                        best = max(best, d.fives[1 - team] - c.fives[1 - team])
                    return value - reply * best, weight[m >> 2]

                playable = sim.playable(sim.turn)
                chosen = best_reply(sim, playable, playout, False, rng.randrange, reply)
                assert chosen in legal
                assert key(chosen) == max(key(m) for m in legal)
                differs += chosen != best_count(sim, playable, playout, False, rng.randrange)
                checked += 1
            sim.apply(rng.choice(legal))
    assert checked > 1000
    assert differs > 50  # the answer changes the choice often enough to matter


def minimax(sim: Sim, objective: Objective) -> float:
    if sim.outcome is not None:
        return objective.value(sim)
    legal = sim.legal()
    if len(legal) > 1 and legal[-1] < 0:
        legal.pop()
    values = []
    for m in legal:
        c = sim.copy()
        c.apply(m)
        values.append(minimax(c, objective))
    return max(values) if sim.rules.team_of(sim.turn) == objective.team else min(values)


def test_alpha_beta_gives_the_plain_minimax_values() -> None:
    rng = random.Random(2)
    tested = 0
    for variant in ("partnership", "partnership9", "block"):
        for seed in range(6):
            state = GameState.new(variant, random.Random(seed))
            while not state.over and sum(state.hand_sizes()) > 9:
                state.apply(rng.choice(state.legal_moves()))
            if state.over:
                continue
            obs = observe(state, state.turn)
            objective = Objective(obs)
            root = state.kernel.copy()
            moves = root.legal()
            expected = []
            for m in moves:
                c = root.copy()
                c.apply(m)
                expected.append(minimax(c, objective))
            assert solve(root, moves, objective) == expected
            assert LineSolver(state.rules, objective, 10**6).solve(root, moves) == expected
            tested += 1
    assert tested >= 10


def test_the_line_search_gives_up_past_its_limit_or_its_deadline() -> None:
    state = GameState.new("partnership", random.Random(3))
    state.apply(state.legal_moves()[0])
    objective = Objective(observe(state, state.turn))
    root = state.kernel.copy()
    moves = root.legal()
    with pytest.raises(TooBig):
        LineSolver(state.rules, objective, 50).solve(root, moves)
    with pytest.raises(TooBig):
        LineSolver(state.rules, objective, 10**9, deadline=time.perf_counter() - 1).solve(root, moves)
    # Each solve has the limit to itself: a small position solves after a big one gave up.
    solver = LineSolver(state.rules, objective, 2000)
    with pytest.raises(TooBig):
        solver.solve(root, moves)
    while sum(state.hand_sizes()) > 6 and not state.over:
        state.apply(state.legal_moves()[0])
    small = state.kernel.copy()
    assert len(solver.solve(small, small.legal())) == len(small.legal())


def test_the_search_tables_follow_the_match_score_and_are_made_once() -> None:
    from domino_tui.ai.endgame import _tables

    state = GameState.new("block", random.Random(6))
    early = Objective(observe(state, 0, (0, 0), 100))
    late = Objective(observe(state, 0, (90, 0), 100))
    alone = Objective(observe(state, 0))
    assert _tables(state.rules, early) is _tables(state.rules, Objective(observe(state, 0, (0, 0), 100)))
    assert _tables(state.rules, early)[0] != _tables(state.rules, late)[0]
    assert _tables(state.rules, alone)[0][10] == alone.of(0, (10, 0))
    assert _tables(state.rules, late)[1][10] == late.of(1, (0, 10))


def test_the_kernel_playouts_are_the_playouts_of_the_skinny_state() -> None:
    """LineSolver.playouts plays each move and finishes the game in C; the same seeds through Sim.apply and
    Sim.play_line, valued by the objective, must give the same totals (leads and passes included)."""
    rng = random.Random(8)
    kinds_checked = {"lead": 0, "pass": 0, "play": 0, "match": 0}
    for variant in ("block", "partnership", "partnership9"):
        for seed in range(60):
            state = GameState.new(variant, random.Random(seed))
            steps = rng.randrange(0, 20)
            while not state.over and steps:
                state.apply(rng.choice(state.legal_moves()))
                steps -= 1
            if state.over:
                continue
            target = 100 if seed % 3 == 0 else None
            obs = observe(state, state.turn, (rng.randrange(60), rng.randrange(60)) if target else (), target)
            objective = Objective(obs)
            root = state.kernel.copy()
            moves = root.legal()
            policy = Playout(state.rules, rng, 0.3, control=seed % 4).line
            assert policy is not None
            seeds = [rng.getrandbits(64) for _ in moves]
            expected = []
            for m, s in zip(moves, seeds, strict=True):
                sim = root.copy()
                sim.apply(m)
                if sim.outcome is None:
                    play_line(sim, [PLAYOUT] * sim.rules.players, s, policy=policy)
                expected.append(objective.value(sim))
            totals = [1.0] * len(moves)
            solver = LineSolver(state.rules, objective, 1)
            solver.playouts(root, moves, policy, _Seeds(seeds), totals)
            assert totals == pytest.approx([1.0 + v for v in expected], abs=1e-12)
            kinds_checked["lead" if root.ends[0] < 0 else "pass" if moves[0] < 0 else "play"] += 1
            kinds_checked["match"] += target is not None
    assert min(kinds_checked.values()) >= 3, kinds_checked


class _Seeds(random.Random):
    """A Random whose getrandbits hands out the given seeds in order."""

    def __init__(self, seeds: list[int]) -> None:
        super().__init__(0)
        self.seeds = iter(seeds)

    def getrandbits(self, k: int) -> int:
        return next(self.seeds)


@pytest.mark.parametrize(("options", "weighs"), [({}, 2.0), ({"reply": 0.0}, None)])
def test_the_expert_weighs_the_answer_in_all_fives_by_default(monkeypatch, options, weighs) -> None:
    # The README promises reply=2.0 by default and 0 for playouts that count only what a play scores.
    from domino_tui.ai import expert as expert_module
    from domino_tui.ai import playout as playout_module

    seen: list[float] = []
    real = playout_module.best_reply

    def spy(*args):
        seen.append(args[-1])
        return real(*args)

    monkeypatch.setattr(playout_module, "best_reply", spy)
    rng = random.Random(8)
    state = GameState.new("allfives", rng)
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    bot = expert_module.ExpertBot(random.Random(1), budget=None, samples=8, **options)
    bot.decide(observe(state, state.turn))
    assert (set(seen) or {None}) == {weighs}
