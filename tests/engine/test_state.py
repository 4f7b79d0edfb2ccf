"""Saving, observing and matches."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from domino_tui.engine import (
    PASS,
    GameState,
    IllegalMoveError,
    Kind,
    Match,
    Opening,
    Reason,
    SaveFormatError,
    get_rules,
    observe,
    tile_set,
)


def random_game(variant: str, seed: int, steps: int | None = None) -> GameState:
    rng = random.Random(seed)
    g = GameState.new(variant, rng)
    n = 0
    while not g.over and (steps is None or n < steps):
        g.apply(rng.choice(g.legal_moves()))
        n += 1
    return g


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(variant="chess"),
        lambda d: d["hands"][0].append([0, 0]),
        lambda d: d["moves"].append(["play", 9, 9, 0]),
        lambda d: d["moves"].insert(0, ["fly"]),
        lambda d: d.pop("rest"),
        lambda d: d["hands"].__setitem__(0, "nonsense"),
    ],
)
def test_a_damaged_save_gets_a_clear_error(damage):
    data = random_game("block", 3, steps=6).to_json()
    damage(data)
    with pytest.raises(SaveFormatError):
        GameState.from_json(data)


def test_not_a_save_at_all():
    for junk in (None, [], "x", 42, {"version": 1}):
        with pytest.raises(SaveFormatError):
            GameState.from_json(junk)


def test_observation_hides_what_the_seat_may_not_know():
    g = random_game("allfives", 5, steps=9)
    seat = 1 - g.turn
    obs = observe(g, seat)
    other = 1 - seat
    assert obs.hand == g.hand(seat)
    assert obs.hand_sizes[other] == len(g.hands[other])
    assert obs.stock_size == g.stock_size
    assert obs.legal == ()  # not its turn
    # Draws in the public history never name the tile drawn.
    assert all(e.tile is None for e in obs.history if e.kind is Kind.DRAW)
    # Nothing in the observation is, or leads to, the game state or a hidden tile.
    hidden = set(g.hand(other)) | set(g.stock)
    for name in obs.__slots__:
        value = getattr(obs, name)
        assert value is not g and value is not g.hands and value is not g.kernel and value is not g.kernel.stock
    assert hidden.isdisjoint(obs.hand)
    assert hidden.isdisjoint({e.tile for e in obs.history if e.kind is Kind.DRAW})
    # Its board is a copy: changing it changes nothing at the table.
    obs.board.line.clear()
    assert g.board.line


def test_the_seat_to_act_sees_its_legal_moves():
    g = random_game("partnership", 2, steps=3)
    assert observe(g, g.turn).legal == tuple(g.legal_moves())


def play_out(match: Match, rng: random.Random) -> None:
    while True:
        g = match.game
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        if match.over:
            return
        match.next_game()


@pytest.mark.parametrize("variant", ["block", "allfives", "partnership"])
def test_matches_run_to_their_target(variant):
    rules = get_rules(variant)
    for seed in range(20):
        m = Match(variant, random.Random(seed))
        play_out(m, random.Random(seed + 100))
        assert m.over
        top = max(m.scores)
        assert top >= rules.target and m.scores.count(top) == 1
        assert m.winner == m.scores.index(top)
        assert m.scores == [sum(g.team_points()[t] for g in m.games) for t in range(2)]
        # Before the last game nobody had won yet.
        before = m.scores_before(len(m.games) - 1)
        assert max(before) < rules.target or before.count(max(before)) > 1


def test_partnership9_match_is_a_number_of_games_with_the_lead_rotating():
    m = Match("partnership9", random.Random(4), games=12)
    play_out(m, random.Random(5))
    assert len(m.games) == 12 and m.over
    leaders = [g.leader for g in m.games]
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(leaders))
    assert sum(m.wins) + m.ties == 12


def test_allfives_leads_after_going_out_and_after_a_lock():
    rules = get_rules("allfives")
    out = random_game("allfives", 1)
    while out.result.reason is not Reason.OUT:
        out = random_game("allfives", out.leader + 17)
    assert rules.next_opening(rules, out.result, out.opening, out.leader, 1) == Opening(out.result.out_seat)
    locked = out.result.__class__(Reason.BLOCKED, 0, (5, 0), (1, 6))
    assert rules.next_opening(rules, locked, Opening(1), 1, 2) == Opening(None)


def test_block_lead_alternates():
    m = Match("block", random.Random(8))
    play_out(m, random.Random(9))
    assert [g.leader for g in m.games] == [i % 2 for i in range(len(m.games))]


def test_forfeit_counts_as_a_pass():
    g = random_game("partnership9", 6, steps=2)
    seat = g.turn
    g.forfeit()
    assert g.history[-1].kind is Kind.PASS and g.history[-1].forced and g.history[-1].seat == seat
    assert g.turn == (seat + 1) % 4
    assert PASS not in g.legal_moves() or not g.playable(g.turn)


def test_json_is_plain_data():
    g = random_game("allfives", 21)
    text = json.dumps(g.to_json())
    assert GameState.from_json(json.loads(text)) == g


def test_pip_sums_by_byte_lookup_match_the_tiles() -> None:
    # Referee and simulator both settle with pip_sum, so their cross-check could not catch a wrong table.
    rng = random.Random(5)
    for max_pip in (6, 9):
        ts = tile_set(max_pip)
        for _ in range(500):
            hand = rng.getrandbits(ts.size)
            assert ts.pip_sum(hand) == sum(t.pips for i, t in enumerate(ts.tiles) if hand >> i & 1)
        assert ts.pip_sum(ts.full_mask) == sum(t.pips for t in ts.tiles)


@pytest.mark.parametrize("variant", ["classic", "allfives", "partnership9"])
def test_replay_rewind_and_undo_rebuild_the_game_from_its_deal(variant):
    for seed in range(20):
        game = random_game(variant, seed)
        first = game.opening_moves  # the engine's own opening double, if any
        # replay: each position before each move made after the opening, the same as the game passed through it.
        seen = []
        again = game.rewound(first)
        for state, move in game.replay():
            assert state == again and move == game.moves[len(state.moves)]
            seen.append(move)
            again.apply(move)
        assert seen == game.moves[first:] and again == game
        # rewound: the game as it was after its first plies moves; the game itself is not changed.
        for plies in range(first, len(game.moves) + 1, 3):
            before = game.rewound(plies)
            assert before.moves == game.moves[:plies]
            saved = game.to_json()
            assert before == GameState.from_json({**saved, "moves": saved["moves"][: plies - first]})
        # undo takes back the last move, down to the opening, then refuses.
        moves = list(game.moves)
        while len(game.moves) > first:
            last = game.moves[-1]
            assert game.undo() == last
            assert game == GameState.from_json(game.to_json()) and game.moves == moves[: len(game.moves)]
        with pytest.raises(IllegalMoveError, match="no move to take back"):
            game.undo()
        for move in moves[first:]:
            game.apply(move)
        assert game == random_game(variant, seed)
