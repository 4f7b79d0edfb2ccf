"""Invariants over thousands of seeded random games of every variant."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from domino_tui.engine import VARIANTS, GameResult, GameState, Kind, Reason, core, tile_set
from domino_tui.engine.core import Sim
from domino_tui.engine.moves import move_of
from domino_tui.engine.rules import Blocked
from domino_tui.engine.state import deal_position

# A thousand games a rule set: 8,000 over the rule sets, and the rarest endings they check come dozens of times in
# each (of 1,000 seeded games: a tied block game 32, a tied partnership hand 19, a blocked All Fives hand 21).
GAMES = 1000

# Every variant, and each for every player count it may seat (Fives and Threes for 3 and 4, each for himself).
RULE_SETS = {
    (name if n == rules.players else f"{name}/{n}"): rules.with_players(n)
    for name, rules in VARIANTS.items()
    for n in rules.player_counts
}
MAX_STEPS = 400  # far beyond any real game: 55 tiles, draws and passes included


def check_tiles_in_one_place(g: GameState) -> None:
    ts = tile_set(g.rules.max_pip)
    places: list[int] = []
    for seat, hand in enumerate(g.hands):
        places += hand
        assert g.kernel.masks[seat] == sum(1 << i for i in hand), "mask and ordered hand disagree"
    places += g.kernel.stock
    places += g.sleeping
    places += (ts.index[t] for t in g.board.tiles())
    # Sorted, every index once: none missing and none in two places.
    assert sorted(places) == list(range(ts.size)), "a tile is missing or in two places"


def check_touching_numbers(g: GameState) -> None:
    b = g.board
    for a, c in zip(b.line, b.line[1:], strict=False):
        assert a.second == c.first, f"{a}{c} do not match"
    for p in b.line + b.up + b.down:
        assert {p.first, p.second} == {p.tile.low, p.tile.high}
    for arm in (b.up, b.down):
        if arm:
            assert b.spinner is not None and arm[0].first == b.line[b.spinner].first
            for a, c in itertools.pairwise(arm):
                assert a.second == c.first


def check_offered_moves(g: GameState, moves) -> None:
    """Every offered play is a held tile matching the end it names (checked from the layout, not the engine's
    own legality test), and non-plays are offered only when the rules allow them."""
    hand = set(g.hand(g.turn))
    ends = g.board.ends
    plays = [m for m in moves if m.kind is Kind.PLAY]
    for m in plays:
        assert m.tile in hand
        if not g.board.empty:
            assert ends[m.end] != -1 and ends[m.end] in m.tile
    assert len(set(moves)) == len(moves), "a move offered twice"
    others = [m for m in moves if m.kind is not Kind.PLAY]
    if g.rules.must_play:
        assert bool(plays) != bool(others), "must play when able, and only then"
    if any(m.kind is Kind.DRAW for m in others):
        assert g.stock_size


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_invariants_over_random_games(variant):
    reasons = Counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = GameState.new(RULE_SETS[variant], rng)
        # Each game goes through a save and back once: half of them mid-game, the other half once over (a replay
        # costs as much as the game, and a thousand of each a rule set is plenty).
        snapshot_at = rng.randrange(1, 30) if seed % 2 else MAX_STEPS
        for step in range(MAX_STEPS):
            check_tiles_in_one_place(g)
            check_touching_numbers(g)
            if g.over:
                break
            moves = g.legal_moves()
            check_offered_moves(g, moves)
            if step == snapshot_at:
                assert GameState.from_json(json.loads(json.dumps(g.to_json()))) == g
            g.apply(rng.choice(moves))
            check_scored_in_play(g)
        else:
            pytest.fail(f"seed {seed}: the game did not end in {MAX_STEPS} steps")
        if snapshot_at == MAX_STEPS:
            assert GameState.from_json(json.loads(json.dumps(g.to_json()))) == g
        check_scores(g)
        reasons[g.result.reason] += 1
    # Random games reach every way of ending that the variant has.
    assert reasons[Reason.OUT] > 0 and reasons[Reason.BLOCKED if variant != "classic" else Reason.STALEMATE] > 0


# What a count of the open ends scores after a play, written out again here by the rule books' words and not
# by the kernel's divisors: All Fives scores a multiple of 5 itself; Fives and Threes a point for each five and
# each three (15 scores 8).
SCORED_IN_PLAY = {
    "allfives": lambda c: c if c % 5 == 0 else 0,
    "fivesandthrees": lambda c: (c // 5 if c % 5 == 0 else 0) + (c // 3 if c % 3 == 0 else 0),
}


def check_scored_in_play(g: GameState) -> None:
    """The last event's score is what the count of the layout it left scores, in the variants that score it."""
    event = g.history[-1]
    if event.kind is not Kind.PLAY:
        assert event.scored == 0
        return
    rule = SCORED_IN_PLAY.get(g.rules.name)
    assert event.scored == (rule(g.board.count()) if rule else 0)


def check_scores(g: GameState) -> None:
    r = g.result
    assert r.pips == tuple(g.pips(s) for s in range(g.rules.players))
    assert sum(e.scored for e in g.history) == sum(g.fives)
    name = g.rules.name
    sides = len(g.rules.teams)
    assert len(r.points) == sides and len(g.team_points()) == sides
    # The hand's points add up: what each side scored in play, plus the settlement.
    assert g.team_points() == tuple(f + p for f, p in zip(g.fives, r.points, strict=True))
    if r.winner is None:
        assert r.points == (0,) * sides
        if r.reason is Reason.BLOCKED and g.rules.blocked is Blocked.LIGHTER_TEAM:
            weights = sorted(sum(r.pips[s] for s in team) for team in g.rules.teams)
            assert weights[0] == weights[1], "a blocked hand with one lightest side went to nobody"
        return
    assert sum(r.points) == r.points[r.winner], "the settlement paid a side that did not win"
    gained = r.points[r.winner]
    if r.reason is Reason.BLOCKED and g.rules.blocked is Blocked.LIGHTER_TEAM:
        weight = [sum(r.pips[s] for s in team) for team in g.rules.teams]
        assert all(w > weight[r.winner] for t, w in enumerate(weight) if t != r.winner)
    loser = 1 - r.winner
    if name == "partnership":
        assert gained == sum(r.pips)
    elif name in ("partnership9", "fivesandthrees"):
        assert gained == 1
    elif name == "allfives":
        diff = r.pips[loser] - (r.pips[r.winner] if r.reason is Reason.BLOCKED else 0)
        assert gained % 5 == 0 and abs(gained - diff) <= 2
    else:
        assert gained == r.pips[loser]
    if r.reason is Reason.OUT:
        assert r.pips[r.out_seat] == 0 and g.rules.team_of(r.out_seat) == r.winner


def random_moves(sim: Sim, rng: random.Random) -> list[int]:
    """Play ``sim`` to the end by random legal moves; returns them."""
    trace = []
    while sim.outcome is None:
        trace.append(rng.choice(sim.legal()))
        sim.apply(trace[-1])
    return trace


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_the_kernels_position_plays_by_the_same_rules(variant):
    """A seed deals the same game to the kernel's position and to the referee, and every move of a random game on
    the position replays through the referee to the same result, score, hands and ends."""
    rules = RULE_SETS[variant]
    for seed in range(GAMES):
        rng = random.Random(seed)
        referee = GameState.new(rules, random.Random(seed))
        sim = deal_position(rules, random.Random(seed))
        assert sim.masks == referee.kernel.masks and sim.stock == referee.kernel.stock
        assert sim.turn == referee.turn
        for move in random_moves(sim, rng):
            referee.apply(move_of(move, rules.tiles))
        assert referee.result == GameResult.of(sim.outcome)
        assert referee.team_points() == sim.team_points()
        assert sim.masks == referee.kernel.masks and sim.layout.ends == referee.board.ends
        assert sim.layout.tiles == len(referee.board)


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_one_deal_for_a_seed_is_random_shuffle_of_the_set(variant):
    """The kernel's deal is the order random.Random.shuffle gives the set for the same seed (what GameState.new
    dealt before the kernel dealt for it, so saved seeds deal the games they dealt), and redeals while a needed
    double is missing."""
    rules = RULE_SETS[variant]
    ts = tile_set(rules.max_pip)
    n, size = rules.players, rules.hand_size
    for seed in range(300):
        dealt_with = random.Random(seed)
        state = GameState.new(rules, dealt_with)
        rng = random.Random(seed)
        opening = rules.first_opening(rules, rng)
        while True:
            order = list(ts.tiles)
            rng.shuffle(order)
            if not opening.highest_double or any(t.is_double for t in order[: n * size]):
                break
        hands, rest = state.deal
        assert [[ts.tiles[i] for i in h] for h in hands] == [order[s * size : (s + 1) * size] for s in range(n)]
        assert [ts.tiles[i] for i in rest] == order[n * size :]
        assert dealt_with.getstate() == rng.getstate()  # so the rest of the game draws the same numbers


def test_the_kernels_shuffle_is_random_shuffle():
    # The same order and the generator left in the same state, for every length a set can have and many seeds.
    for size in range(70):
        for seed in range(40):
            ours, theirs = random.Random(seed), random.Random(seed)
            items = list(range(size))
            expected = list(range(size))
            core.shuffle(items, ours)
            theirs.shuffle(expected)
            assert items == expected and ours.getstate() == theirs.getstate(), (size, seed)


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_sim_from_a_position_mid_game_matches(variant):
    for seed in range(300):
        rng = random.Random(seed)
        g = GameState.new(RULE_SETS[variant], rng)
        for _ in range(rng.randrange(12)):
            if g.over:
                break
            g.apply(rng.choice(g.legal_moves()))
        if g.over:
            continue
        sim = g.kernel.copy()
        assert [move_of(m, g.ts) for m in sim.legal()] == g.legal_moves()
        assert sim.count() == g.board.count()
        for move in random_moves(sim, rng):
            g.apply(move_of(move, g.ts))
        assert g.result == GameResult.of(sim.outcome) and g.team_points() == sim.team_points()


def test_a_seed_replays_a_whole_game():
    def play(seed):
        rng = random.Random(seed)
        g = GameState.new("allfives", rng)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        return g.to_json()

    assert play(11) == play(11)
    assert play(11) != play(12)
