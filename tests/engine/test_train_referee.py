"""Mexican Train against an independent referee (tests/referee/train_referee.py, written from the rule books and
importing none of the engine's rule code): seeded random rounds of every player count, every round's engine and
every option set, move by move. After every move the seat to act, the legal moves, the hands, the trains, their
ends and markers, the open double, and at the end how the round ended and every seat's points must agree."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import (
    DRAW,
    MEXICAN_TRAIN,
    EngineSearch,
    Tile,
    TrainMatch,
    TrainPlay,
    TrainRoundState,
)
from domino_tui.engine.train_rules import HAND_SIZES_STEPPED
from tests.referee.beside import play_beside
from tests.referee.train_referee import TrainReferee

OPTION_SETS = {
    "default": MEXICAN_TRAIN,
    "drawn": MEXICAN_TRAIN.with_options(engine_search=EngineSearch.DRAWN),
    "drawn-until-found": MEXICAN_TRAIN.with_options(engine_search=EngineSearch.DRAWN_UNTIL_FOUND),
    "chain-and-fifty": MEXICAN_TRAIN.with_options(first_turn_chain=True, double_blank=50),
    "no-out-on-double-stepped": MEXICAN_TRAIN.with_options(out_on_double=False, hand_sizes=HAND_SIZES_STEPPED),
    "drawn-chain-no-out-on-double": MEXICAN_TRAIN.with_options(
        engine_search=EngineSearch.DRAWN, first_turn_chain=True, out_on_double=False
    ),
}
ROUNDS_PER_SET = 420  # 60 at each player count from 2 to 8, the engines taken in turn from [12|12] down


def referee_for(state: TrainRoundState) -> TrainReferee:
    """A referee dealt what ``state`` was dealt, before any move (the engine's search is its own to make)."""
    data = state.to_json()
    hands = [[Tile.from_json(t) for t in h] for h in data["hands"]]
    return TrainReferee(
        state.rules, state.round_index, hands, [Tile.from_json(t) for t in data["boneyard"]], data["first"]
    )


def as_referee_move(move) -> tuple:
    if isinstance(move, TrainPlay):
        return ("play", move.tile, move.train)
    return ("draw",) if move == DRAW else ("pass",)


def compare(state: TrainRoundState, ref: TrainReferee, where: str) -> None:
    rules = state.rules
    assert state.over == ref.over, f"{where}: over {state.over}, the referee says {ref.over}"
    for x in range(rules.trains):
        assert list(state.train(x)) == ref.trains[x], f"{where}: train {x}"
        assert state.train_end(x) == ref.ends[x], f"{where}: train {x}'s end"
        assert state.marked(x) == ref.marked[x], f"{where}: train {x}'s marker"
    assert state.open_double == ref.open_double, f"{where}: the open double"
    for s in range(rules.players):
        assert sorted(state.hand(s)) == sorted(ref.hands[s]), f"{where}: seat {s}'s hand"
    assert state.boneyard_size == len(ref.boneyard), f"{where}: the boneyard"
    if state.over:
        assert state.out_seat == ref.out_seat, f"{where}: the seat that went out"
        assert list(state.points()) == ref.points(), f"{where}: the points"
        return
    assert state.turn == ref.turn, f"{where}: the seat to act"
    engine = {as_referee_move(m) for m in state.legal_moves()}
    assert engine == ref.legal(), f"{where}: legal moves {sorted(map(str, engine))} v {sorted(map(str, ref.legal()))}"


def play_round(state: TrainRoundState, ref: TrainReferee, rng: random.Random, where: str, forfeits: bool) -> None:
    assert state.engine_draws == ref.search_draws, f"{where}: the draws of the engine's search"
    play_beside(state, ref, rng, where, compare, as_referee_move, 0.004 if forfeits else 0.0)


@pytest.mark.slow
@pytest.mark.parametrize("name", OPTION_SETS)
def test_random_rounds_agree_with_the_referee(name):
    rules = OPTION_SETS[name]
    rng = random.Random(f"train referee {name}")
    endings = {"out": 0, "blocked": 0}
    for i in range(ROUNDS_PER_SET):
        players = 2 + i % 7
        round_index = i % 13
        seed = rng.randrange(2**32)
        state = TrainRoundState.new(rules.with_players(players), round_index, random.Random(seed))
        where = f"{name}, {players} players, round {round_index}, seed {seed}"
        play_round(state, referee_for(state), random.Random(seed), where, forfeits=i % 10 == 9)
        endings["out" if state.out_seat is not None else "blocked"] += 1
    assert min(endings.values()) >= 10, endings  # both endings are tried, often


def test_whole_matches_score_as_the_referee_adds_them():
    """htfbw.com, Lantzalot's rules: each round's dots left are added up; after the thirteenth round the lowest
    total wins."""
    for players, seed in ((2, 1), (5, 2), (8, 3)):
        match = TrainMatch.from_seed(MEXICAN_TRAIN.with_players(players), seed)
        rng = random.Random(seed)
        totals = [0] * players
        while True:
            state = match.round
            ref = referee_for(state)
            play_round(state, ref, rng, f"match of {players}, seed {seed}, round {state.round_index}", False)
            totals = [t + p for t, p in zip(totals, ref.points(), strict=True)]
            if match.over:
                break
            match.next_round()
        assert list(match.totals) == totals
        assert set(match.winners) == {s for s, t in enumerate(totals) if t == min(totals)}


def test_the_referee_tells_a_wrong_engine():
    """The comparison is not a formality: a referee that is told one thing wrong (a train's end, a marker, the
    turn, a seat that could still play) must object."""
    state = TrainRoundState.new(MEXICAN_TRAIN.with_players(3), 0, random.Random(4))
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_moves()))
    ref = referee_for(TrainRoundState.new(MEXICAN_TRAIN.with_players(3), 0, random.Random(4)))
    for move in state.moves:
        ref.apply(as_referee_move(move))
    compare(state, ref, "agreeing")
    for spoil in (
        lambda r: r.ends.__setitem__(0, (r.ends[0] + 1) % 13),
        lambda r: r.marked.__setitem__(0, not r.marked[0]),
        lambda r: setattr(r, "turn", (r.turn + 1) % 3),
        lambda r: r.hands[0].append(r.boneyard.pop()),
    ):
        wrong = referee_for(TrainRoundState.new(MEXICAN_TRAIN.with_players(3), 0, random.Random(4)))
        for move in state.moves:
            wrong.apply(as_referee_move(move))
        spoil(wrong)
        with pytest.raises(AssertionError):
            compare(state, wrong, "spoilt")


def test_the_referee_ends_a_round_only_when_nobody_can_play():
    """The minimal case a count of passes got wrong, on the referee alone (mexicantrain.com: the round ends when no
    one can play): [7|8] is the last tile to draw; seat 1 starts its train with [12|5]; seat 0 draws and passes; seat 1
    passes, opening its train; seat 0 plays [5|6] on it."""
    rules = MEXICAN_TRAIN.with_players(2)
    T = Tile.of
    ref = TrainReferee(rules, 0, [[T(5, 6), T(1, 2)], [T(5, 12), T(3, 4)]], [T(7, 8)], 1)
    ref.apply(("play", T(5, 12), 1))
    ref.apply(("draw",))
    ref.apply(("pass",))
    ref.apply(("pass",))
    assert not ref.over and ref.legal() == {("play", T(5, 6), 1)}
    ref.apply(("play", T(5, 6), 1))
    assert ref.over and ref.points() == [18, 7]
