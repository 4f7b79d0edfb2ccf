"""The coach's headless parts: the hint is the expert's own ranking, the tracker knows only what the seat may,
and the review's figures are the true values of a position where nothing is hidden."""

from __future__ import annotations

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.coach.hint import Units, master, rate, units_of
from domino_tui.coach.review import review
from domino_tui.coach.tracker import track
from domino_tui.engine import PASS, VARIANTS, GameState, Kind, observe
from domino_tui.engine.tiles import tile_set
from tests.ai.helpers import game, play


def positions(variant: str, seed: int, count: int):
    """Observations of the seat to act, at several points of seeded random games, where it has a choice."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = GameState.new(variant, rng)
        while not state.over:
            legal = state.legal_moves()
            if len(legal) > 1 and rng.random() < 0.3:
                yield observe(state, state.turn)
                found += 1
                if found == count:
                    return
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_hints_best_move_is_the_experts_choice_for_the_same_seed_and_budget(variant):
    for i, obs in enumerate(positions(variant, 11, 4)):
        options = {"budget": None, "samples": 12}
        expert = make_bot("expert", random.Random(i), **options)
        coach = make_bot("expert", random.Random(i), **options)
        ranking = rate(obs, coach)  # type: ignore[arg-type]
        assert ranking[0].move == expert.choose(obs)
        assert [r.move for r in ranking].count(ranking[0].move) == 1
        assert {r.move for r in ranking} == set(obs.legal)
        values = [r.value for r in ranking]
        assert values == sorted(values, reverse=True)


def test_the_hint_thinks_at_the_master_level():
    bot = master(random.Random(1))
    assert bot.options.budget == 0.6


def test_reasons_name_the_void_a_move_leaves_showing():
    # Every fact the tracker holds about a number a move leaves showing is named among its reasons, no other.
    state = GameState.new("partnership", random.Random(3))
    rng = random.Random(4)
    for _ in range(400):
        if state.over:
            state = GameState.new("partnership", rng)
        obs = observe(state, state.turn)
        voids = track(obs).voids
        if state.legal_moves() and len(state.legal_moves()) > 1 and any(voids.values()):
            ranked = rate(obs, make_bot("expert", random.Random(0), budget=None, samples=4))  # type: ignore[arg-type]
            for r in ranked:
                if r.move.kind is not Kind.PLAY:
                    continue
                board = obs.board.copy()
                board.place(r.move.tile, r.move.end)
                showing = {board.ends[e] for e in board.open_ends()}
                expected = {f"seat {s} passed on {n}s" for s, numbers in voids.items() for n in numbers if n in showing}
                assert set(r.reasons) == expected
            return
        state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no position with a known void in 400 moves")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_tracker_shows_only_what_the_observation_allows(variant):
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        state = GameState.new(variant, rng)
        while not state.over:
            ts = tile_set(state.rules.max_pip)
            for seat in range(state.rules.players):
                tracker = track(observe(state, seat))
                # Every unseen tile is hidden from the seat: in another hand, the stock or asleep, never its own.
                hidden = [t for s in range(state.rules.players) if s != seat for t in state.hands[s]]
                hidden += state.kernel.stock + state.sleeping
                assert tracker.unseen == tuple(
                    sum(1 for t in hidden if n in ts.tiles[t]) for n in range(ts.max_pip + 1)
                )
                for other, numbers in tracker.voids.items():
                    assert other != seat
                    for n, shown in numbers.items():
                        if not shown.likely:  # a certain void is true of the hidden hand
                            assert not any(n in ts.tiles[t] for t in state.hands[other])
                            checked += 1
            state.apply(rng.choice(state.legal_moves()))
    if not state.rules.has_stock:  # where draws come in, a void rarely outlives the seat's next draw
        assert checked > 0


def test_the_tracker_is_the_same_whatever_the_hidden_tiles_are():
    # Two deals that give seat 0 the same hand and the same public history (it leads [0|0], nobody else holds
    # a 0) but the other hands swapped: the trackers must agree.
    a = game(
        "partnership", ["00 01 02 03 04 05 06", "11 12 13 14 15 16 22", "23 24 25 26 33 34 35", "36 44 45 46 55 56 66"]
    )
    b = game(
        "partnership", ["00 01 02 03 04 05 06", "23 24 25 26 33 34 35", "11 12 13 14 15 16 22", "36 44 45 46 55 56 66"]
    )
    for state in (a, b):
        play(state, "00")
        for _ in range(3):
            state.apply(PASS)
    assert a.hands != b.hands and a.history == b.history
    assert track(observe(a, 0)) == track(observe(b, 0))
    tracker = track(observe(a, 0))
    assert {s: tracker.void_numbers(s) for s in (1, 2, 3)} == {1: (0,), 2: (0,), 3: (0,)}
    assert tracker.unseen[0] == 0 and tracker.unseen[1] == 6


def exact_values(state: GameState, team: int) -> float:
    """Full-information minimax of a classic game with an empty stock: +1 won, -1 lost, 0 drawn. Nobody passes
    next to a tile that fits (classic allows it, and passing back and forth would never end)."""
    if state.over:
        winner = state.result.winner
        return 0.0 if winner is None else (1.0 if winner == team else -1.0)
    values = []
    legal = state.legal_moves()
    plays = [m for m in legal if m.kind is Kind.PLAY]
    for move in plays or legal:
        child = state.copy()
        child.apply(move)
        values.append(exact_values(child, team))
    return max(values) if state.rules.team_of(state.turn) == team else min(values)


def endgame_with_a_choice(seed: int) -> GameState:
    """A classic game played at random until the stock is empty and seat 0 has a choice among few tiles."""
    rng = random.Random(seed)
    while True:
        state = GameState.new("classic", rng)
        while not state.over:
            legal = state.legal_moves()
            tiles = sum(len(h) for h in state.hands)
            if not state.stock_size and state.turn == 0 and len(legal) > 1 and tiles <= 6:
                return state
            state.apply(rng.choice(legal))


def test_the_reviews_figures_are_the_true_values_when_nothing_is_hidden():
    # With the stock gone, classic hides nothing (the other hand is the rest of the set) and the expert solves
    # exactly: the review's value of each move must be its minimax value, and the loss the difference.
    checked = 0
    for seed in range(40):
        state = endgame_with_a_choice(seed)
        truth = {}
        for move in state.legal_moves():
            child = state.copy()
            child.apply(move)
            truth[move] = exact_values(child, 0)
        worst = min(truth, key=truth.__getitem__)
        ply = len(state.moves)
        state.apply(worst)
        while not state.over:
            state.apply(state.legal_moves()[0])
        bot = make_bot("expert", random.Random(0), budget=None, samples=3)
        result = review(state, 0, bot)  # type: ignore[arg-type]
        decision = next(d for d in result.decisions if d.ply == ply)
        assert decision.made == worst
        assert {r.move: r.value for r in decision.ranking} == truth
        assert decision.loss == max(truth.values()) - truth[worst]
        if decision.loss:
            assert decision.costly
            assert decision.note.startswith(f"−{decision.loss * 50:.0f}% chance: {worst}; ")
            checked += 1
    assert checked >= 5


def test_units_and_costly_marks():
    for units in (Units(True), Units(False)):
        assert units.show(0.5) == "75.0%" and units.show(-0.1025) == "44.9%"
        assert units.show(-1.002) == "0.0%" and units.show(1.03) == "100.0%"  # the margin's share is no chance
        assert units.loss(0.5) == "−25% chance"
        assert units.costly(0.1) and not units.costly(0.09)
    assert Units(True).label == "chance to win the match"
    assert Units(False).label == "chance to win (a draw counts half)"


def test_units_follow_what_is_played_for():
    block = GameState.new("block", random.Random(1))
    assert units_of(observe(block, 0, (0, 0), 100)).match
    assert not units_of(observe(block, 0)).match  # a game on its own
    classic = GameState.new("classic", random.Random(1))
    assert not units_of(observe(classic, 0, (0, 0), None)).match
    fives = GameState.new("fivesandthrees", random.Random(1))
    alone = units_of(observe(fives, 0))  # a hand on its own is played for points
    assert alone.points and not alone.match
    assert alone.show(0.25) == "+5.0" and alone.loss(0.1) == "−2.0 points" and alone.costly(0.1)
    in_match = units_of(observe(fives, 0, (10, 20), 61))
    assert in_match.match and not in_match.points
