"""Mexican Train against an independent referee (tests/referee/train_referee.py, written from the rule books and
importing none of the engine's rule code): seeded random rounds of every player count, every round's engine and
every combination of the options, move by move. After every move the seat to act, the legal moves, the hands, the
trains, their ends and markers, the open double, and at the end how the round ended, the seat that went out and
every seat's points must agree; before the first move, the draws of the engine's search and the seat that laid it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from domino_tui.engine import (
    DRAW,
    MEXICAN_TRAIN,
    PASS,
    EngineSearch,
    Kind,
    Tile,
    TrainMatch,
    TrainOptions,
    TrainPlay,
    TrainRoundState,
)
from domino_tui.engine.train_rules import HAND_SIZES_BY_BAND, HAND_SIZES_STEPPED
from tests.referee.beside import play_beside
from tests.referee.train_referee import BLOCKED, EVERY_SEAT_FORFEITED, OUT, TrainReferee

# Every combination of the house rules: each way of finding the engine, the first turn's run or not, the double
# blank at 0 or 50, a round ended by a last double or not, and both tables of hand sizes (which differ at five and
# seven players).
OPTION_SETS = [
    TrainOptions(sizes, search, chain, blank, out_on_double)
    for sizes, search, chain, blank, out_on_double in itertools.product(
        (HAND_SIZES_BY_BAND, HAND_SIZES_STEPPED), EngineSearch, (False, True), (0, 50), (True, False)
    )
]
# 48 option sets and 13 engines have no common factor: in 624 rounds in a row each set meets each round's engine
# once. The player counts take a third of that cycle each, one after another along it: every count meets every
# option set four or five times and every engine sixteen times, and together they meet every set with every
# engine at least twice (test_the_player_counts_together_meet_every_option_set_with_every_engine).
CYCLE = len(OPTION_SETS) * MEXICAN_TRAIN.rounds
ROUNDS_PER_PLAYER_COUNT = CYCLE // 3
PLAYER_COUNTS = range(2, 9)
FORFEIT_EVERY = 10  # one round in ten has forfeits in it, at this chance a move
FORFEIT_RATE = 0.02


def described(options: TrainOptions) -> str:
    sizes = "stepped" if options.hand_sizes == HAND_SIZES_STEPPED else "banded"
    return (
        f"{options.engine_search.name.lower()}, {sizes} hands, chain {options.first_turn_chain}, "
        f"double blank {options.double_blank}, out on a double {options.out_on_double}"
    )


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


def ending_of(state: TrainRoundState) -> str:
    """How the engine's round ended, in the referee's words, from what anybody sees: the seat that went out, the
    forfeits in the history, else blocked."""
    if state.out_seat is not None:
        return OUT
    if {e.seat for e in state.history if e.forfeit} == set(range(state.players)):
        return EVERY_SEAT_FORFEITED
    return BLOCKED


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
        assert ending_of(state) == ref.ending, (
            f"{where}: the round ended {ending_of(state)}, the referee says {ref.ending}"
        )
        assert state.out_seat == ref.out_seat, f"{where}: the seat that went out"
        assert list(state.points()) == ref.points(), f"{where}: the points {state.points()} v {ref.points()}"
        return
    assert state.turn == ref.turn, f"{where}: the seat to act"
    engine = {as_referee_move(m) for m in state.legal_moves()}
    assert engine == ref.legal(), f"{where}: legal moves {sorted(map(str, engine))} v {sorted(map(str, ref.legal()))}"


def compare_search(state: TrainRoundState, ref: TrainReferee, where: str) -> None:
    """The engine's search: its draws are the first events of the public history, made by the seats the referee
    drew for, and the seat that laid the engine plays first."""
    searched = state.history[: state.engine_draws]
    assert all(e.kind is Kind.DRAW for e in searched), f"{where}: the search's events {searched}"
    assert [e.seat for e in searched] == ref.search_drawers, f"{where}: the seats that drew for the engine"
    assert state.engine_seat == ref.engine_holder, f"{where}: the seat that laid the engine"


def play_round(state: TrainRoundState, ref: TrainReferee, rng: random.Random, where: str, forfeit_rate: float) -> None:
    compare_search(state, ref, where)
    play_beside(state, ref, rng, where, compare, as_referee_move, forfeit_rate)


def rounds_of(players: int) -> range:
    """The indices along the cycle of option sets and engines that ``players`` seats play."""
    first = (players - PLAYER_COUNTS.start) * ROUNDS_PER_PLAYER_COUNT
    return range(first, first + ROUNDS_PER_PLAYER_COUNT)


def test_the_player_counts_together_meet_every_option_set_with_every_engine():
    met: Counter[tuple[int, int]] = Counter()
    for players in PLAYER_COUNTS:
        indices = rounds_of(players)
        assert {i % len(OPTION_SETS) for i in indices} == set(range(len(OPTION_SETS)))
        met.update((i % len(OPTION_SETS), i % MEXICAN_TRAIN.rounds) for i in indices)
    assert len(met) == CYCLE and min(met.values()) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_rounds_agree_with_the_referee(players):
    """At each player count, every option set with engines of every round; the message of a disagreement names the
    seed, the rules, the chance of a forfeit and the move: one ``random.Random(seed)`` deals the round again and
    another plays it (`play_beside`)."""
    seen: Counter[str] = Counter()
    for i in rounds_of(players):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        rules = replace(MEXICAN_TRAIN, players=players, options=options)
        round_index = i % rules.rounds
        seed = players * 100_000 + i
        forfeit_rate = FORFEIT_RATE if i % FORFEIT_EVERY == FORFEIT_EVERY - 1 else 0.0
        state = TrainRoundState.new(rules, round_index, random.Random(seed))
        where = f"seed {seed}: {players} players, round {round_index}, {described(options)}, forfeits at {forfeit_rate}"
        ref = referee_for(state)
        play_round(state, ref, random.Random(seed), where, forfeit_rate)
        seen[ref.ending] += 1
        seen["search draws"] += ref.search_draws > 0
        seen["a hand emptied on an open double"] += ref.ending == OUT and ref.open_double is not None
        seen["a first turn's run stopped"] += any(
            e.kind is Kind.PASS and not e.marked and not e.forfeit for e in state.history
        )
        seen["forfeits"] += any(e.forfeit for e in state.history)
    # The rounds reach what the rules are about, at every player count.
    for what in (OUT, BLOCKED, "search draws", "a hand emptied on an open double", "a first turn's run stopped"):
        assert seen[what] >= 5, (what, dict(seen))
    assert seen["forfeits"] >= 10, dict(seen)


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
            play_round(state, ref, rng, f"match of {players}, seed {seed}, round {state.round_index}", 0.0)
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


class Told:
    """The engine's round, saying what a test tells it to (``wrong``) and the truth about everything else."""

    def __init__(self, state: TrainRoundState, **wrong: object) -> None:
        self._state = state
        self._wrong = wrong

    def __getattr__(self, name: str) -> object:
        return self._wrong[name] if name in self._wrong else getattr(self._state, name)


def test_the_comparison_objects_to_a_wrong_list_of_legal_moves():
    """An engine that offered one legal move too few, or a pass to a seat that can play, is caught at that move."""
    state = TrainRoundState.new(MEXICAN_TRAIN.with_players(2), 0, random.Random(7))
    ref = referee_for(state)
    compare(state, ref, "dealt")
    legal = state.legal_moves()
    assert PASS not in legal, "the first seat of this deal can play"
    for wrong in (legal[1:], [*legal, PASS]):
        with pytest.raises(AssertionError, match="legal moves"):
            compare(Told(state, legal_moves=lambda wrong=wrong: wrong), ref, "told a wrong list")


def finished(players: int, ending: str) -> tuple[TrainRoundState, TrainReferee]:
    """The first seeded round of ``players`` seats that ends as ``ending`` says, played beside its referee."""
    for seed in range(200):
        state = TrainRoundState.new(MEXICAN_TRAIN.with_players(players), 0, random.Random(seed))
        ref = referee_for(state)
        play_round(state, ref, random.Random(seed), f"seed {seed}", 0.0)
        if ref.ending == ending:
            return state, ref
    raise AssertionError(f"no round of {players} ended {ending}")


def test_the_comparison_objects_to_a_wrong_ending():
    """A round that went out told as blocked, a blocked one told as won by a seat, and wrong points are caught; so is
    a round still going that the engine calls over."""
    state, ref = finished(2, OUT)
    with pytest.raises(AssertionError, match="ended blocked, the referee says out"):
        compare(Told(state, out_seat=None), ref, "out told as blocked")
    with pytest.raises(AssertionError, match="the points"):
        compare(Told(state, points=lambda: (1, *state.points()[1:])), ref, "wrong points")
    state, ref = finished(2, BLOCKED)
    with pytest.raises(AssertionError, match="ended out, the referee says blocked"):
        compare(Told(state, out_seat=0), ref, "blocked told as out")
    going = TrainRoundState.new(MEXICAN_TRAIN.with_players(2), 0, random.Random(3))
    with pytest.raises(AssertionError, match="over True, the referee says False"):
        compare(Told(going, over=True), referee_for(going), "over too soon")


class PassCountReferee(TrainReferee):
    """The rule edition 1 played: with the boneyard empty, a round is blocked once every seat still in has passed in
    a row (a draw between the passes does not break the row; a play does)."""

    passes_in_a_row = 0

    def apply(self, move: tuple) -> None:
        super().apply(move)
        if move[0] != "draw":
            self.passes_in_a_row = self.passes_in_a_row + 1 if move[0] == "pass" else 0
        if not self.over and not self.boneyard and self.passes_in_a_row >= self.out.count(False):
            self.over, self.ending = True, BLOCKED


def test_a_referee_counting_passes_disagrees_with_the_engine():
    """The comparison would have caught the pass count: beside a referee that counts passes, about one seeded
    two-player round in five (where blocked rounds are common) disagrees, on whether the round is over."""
    disagreements = 0
    for seed in range(60):
        state = TrainRoundState.new(MEXICAN_TRAIN.with_players(2), 0, random.Random(seed))
        data = state.to_json()
        ref = PassCountReferee(
            state.rules,
            0,
            [[Tile.from_json(t) for t in h] for h in data["hands"]],
            [Tile.from_json(t) for t in data["boneyard"]],
            data["first"],
        )
        try:
            play_round(state, ref, random.Random(seed), f"seed {seed}", 0.0)
        except AssertionError as disagreement:
            assert "over False, the referee says True" in str(disagreement)
            disagreements += 1
    assert disagreements >= 5, disagreements


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
