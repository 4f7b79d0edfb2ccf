"""Mexican Train from hand-made positions: each rule, and each option where the rule books differ, each case naming
its source (docs/rules.md, "mexicantrain", has the books)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import (
    DRAW,
    MEXICAN_TRAIN,
    PASS,
    ArgumentError,
    EngineSearch,
    IllegalMoveError,
    Kind,
    Tile,
    TrainPlay,
    TrainRoundState,
    core,
    get_train_rules,
    observe_train,
)
from domino_tui.engine.train_core import ROUND_BLOCKED, train_play_code
from domino_tui.engine.train_rules import HAND_SIZES_BY_BAND, HAND_SIZES_STEPPED

TWO = MEXICAN_TRAIN.with_players(2)
T = Tile.of


def position(rules, hands, drawn=(), round_index=0, first=0):
    """A round dealt as given: ``hands`` per seat, the boneyard's next draws ``drawn`` (first drawn first), and the
    rest of the set under them. The engine, placed nowhere, is dealt to ``first``, who lays it and plays first."""
    engine = rules.max_pip - round_index
    placed = {t for h in hands for t in h} | set(drawn)
    if rules.options.engine_search is EngineSearch.DRAWN and T(engine, engine) not in placed:
        hands = [[*h, T(engine, engine)] if s == first else h for s, h in enumerate(hands)]
        placed.add(T(engine, engine))
    rest = [t for t in rules.tiles.tiles if t not in placed]
    if rules.options.engine_search is EngineSearch.SET_ASIDE:
        rest.remove(T(engine, engine))
    return TrainRoundState(rules, round_index, hands, rest + list(reversed(drawn)), first)


def plays(state):
    return {(m.tile, m.train) for m in state.legal_moves() if isinstance(m, TrainPlay)}


def test_the_options_are_the_rule_books_and_players_are_an_option():
    """htfbw: 15 tiles for up to four players, 12 for five or six, 10 for seven or eight; 13 rounds on a double-twelve
    set."""
    assert MEXICAN_TRAIN.players == 4 and MEXICAN_TRAIN.hand_size == 15 and MEXICAN_TRAIN.rounds == 13
    assert MEXICAN_TRAIN.tiles.size == 91
    assert MEXICAN_TRAIN.player_counts == tuple(range(2, 9))
    banded = [MEXICAN_TRAIN.with_players(n).hand_size for n in range(2, 9)]
    assert banded == [15, 15, 15, 12, 12, 10, 10] == list(HAND_SIZES_BY_BAND)
    stepped = MEXICAN_TRAIN.with_options(hand_sizes=HAND_SIZES_STEPPED)
    assert [stepped.with_players(n).hand_size for n in range(2, 9)] == [15, 15, 15, 13, 12, 11, 10]
    assert get_train_rules("mexicantrain", 8).trains == 9 and get_train_rules("mexicantrain", 8).mexican == 8
    for bad in (1, 9, "4", True):
        with pytest.raises(ArgumentError):
            MEXICAN_TRAIN.with_players(bad)
    with pytest.raises(ArgumentError, match="unknown train variant"):
        get_train_rules("classic")
    with pytest.raises(ArgumentError):
        MEXICAN_TRAIN.with_options(double_blank=-1)


def test_the_engine_is_set_aside_before_the_deal_by_default():
    """htuse, the Texas Good Sam sheet, ourpastimes: the engine double is taken out and set in the hub before the
    deal."""
    assert MEXICAN_TRAIN.options.engine_search is EngineSearch.SET_ASIDE
    for players in range(2, 9):
        for round_index in (0, 7):
            dealt = TrainRoundState.new(MEXICAN_TRAIN.with_players(players), round_index, random.Random(players))
            assert dealt.hand_sizes() == (MEXICAN_TRAIN.with_players(players).hand_size,) * players
            assert dealt.history == [] and dealt.engine_seat is None


DRAWN = TWO.with_options(engine_search=EngineSearch.DRAWN)


def test_the_holder_of_the_engine_lays_it_and_plays_first():
    """mexicantrain.com, the Idaho Good Sam sheet (the option EngineSearch.DRAWN): the player dealt the round's double
    lays it and plays first."""
    state = position(DRAWN, [[T(1, 2), T(12, 12)], [T(12, 3)]], first=0)
    assert state.engine == 12 and state.engine_seat == 0 and state.turn == 0
    assert state.hand(0) == (T(1, 2),) and state.history == []


def test_nobody_holds_the_engine_so_every_seat_draws_in_turn_until_one_holds_it():
    """When players draw for the engine, all of them draw one tile at a time until someone holds it (the
    Idaho Good Sam sheet: "all players will draw an additional tile, ... repeated until the starting double is
    found"): a turn of the table is finished, so the hands stay even."""
    state = position(DRAWN, [[T(1, 2)], [T(3, 4)]], drawn=[T(5, 6), T(7, 8), T(12, 12), T(9, 10)], first=1)
    draws = [(1, Kind.DRAW), (0, Kind.DRAW), (1, Kind.DRAW), (0, Kind.DRAW)]
    assert [(e.seat, e.kind) for e in state.history] == draws
    assert state.engine_seat == 1 and state.turn == 1
    assert state.hand(1) == (T(3, 4), T(5, 6)) and state.hand(0) == (T(1, 2), T(7, 8), T(9, 10))


def test_an_engine_set_aside_is_dealt_to_nobody_and_the_first_seat_plays():
    """htuse, the Texas Good Sam sheet: the engine is set in the hub before the deal, so it is dealt to nobody."""
    rules = TWO
    state = position(rules, [[T(1, 2)], [T(3, 4)]], first=1)
    assert state.engine_seat is None and state.turn == 1 and state.history == []
    with pytest.raises(ArgumentError, match="every tile"):
        TrainRoundState(rules, 0, [[T(12, 12)], []], [t for t in rules.tiles.tiles if t != T(12, 12)], 0)
    dealt = TrainRoundState.new(rules.with_players(4), 1, random.Random(1))
    assert T(11, 11) not in {t for s in range(4) for t in dealt.hand(s)} | set(dealt.boneyard)


def test_a_seat_plays_its_own_train_and_the_mexican_train_but_not_a_closed_one():
    """The Idaho Good Sam sheet, htfbw: a player plays on their own train or the Mexican train, and on another's only
    while its marker is out."""
    state = position(TWO, [[T(12, 1), T(5, 6)], [T(12, 2), T(9, 9), T(8, 9)]], first=0)
    assert plays(state) == {(T(12, 1), 0), (T(12, 1), 2)}  # own train and the Mexican (train 2)
    state.apply(TrainPlay(T(12, 1), 0))
    assert state.turn == 1
    assert plays(state) == {(T(12, 2), 1), (T(12, 2), 2)}  # train 0 is closed to seat 1
    with pytest.raises(IllegalMoveError):
        state.apply(TrainPlay(T(12, 2), 0))
    with pytest.raises(IllegalMoveError, match="not in seat 1's hand"):
        state.apply(TrainPlay(T(12, 1), 1))


def test_who_cannot_play_draws_one_plays_it_if_it_fits_else_passes_and_opens_the_train():
    """mexicantrain.com: unable to play, DRAW one; still unable, PASS; the Idaho Good Sam sheet: the marker goes out,
    and playing on one's own train takes it in."""
    state = position(TWO, [[T(1, 2), T(3, 4)], [T(12, 5), T(6, 7)]], drawn=[T(0, 0), T(12, 9)], first=0)
    assert state.legal_moves() == [DRAW]
    with pytest.raises(IllegalMoveError):
        state.apply(PASS)  # a seat that may draw must
    state.apply(DRAW)  # [0|0] does not fit
    assert state.legal_moves() == [PASS] and state.turn == 0
    state.apply(PASS)
    assert state.marked(0) and state.history[-1].marked and state.turn == 1
    assert (T(12, 5), 0) in plays(state)  # seat 0's train is open to seat 1 now
    state.apply(TrainPlay(T(12, 5), 1))
    state.apply(DRAW)  # seat 0 draws [12|9], which fits: it may play it
    assert (T(9, 12), 0) in plays(state)
    state.apply(TrainPlay(T(12, 9), 0))
    assert not state.marked(0), "playing on one's own train takes the marker in"


def test_a_double_is_satisfied_first_by_its_player_then_by_the_next_seats():
    """The Idaho Good Sam sheet: a double must be satisfied, by its player or, after a draw and a pass, by the next
    player."""
    hands = [[T(12, 4), T(4, 4), T(7, 8), T(1, 1)], [T(12, 3), T(4, 9), T(12, 0)]]
    state = position(TWO, hands, drawn=[T(5, 6), T(10, 11)], first=0)
    state.apply(TrainPlay(T(12, 4), 0))
    state.apply(TrainPlay(T(12, 3), 1))
    state.apply(TrainPlay(T(4, 4), 0))
    assert state.open_double == 0 and state.turn == 0  # a seat that lays a double plays again
    assert state.legal_moves() == [DRAW]  # nothing satisfies it, and nothing else may be played
    state.apply(DRAW)
    state.apply(PASS)
    assert state.marked(0) and state.turn == 1 and state.open_double == 0
    assert plays(state) == {(T(4, 9), 0)}  # seat 1 must satisfy it: not its own train, not the Mexican
    state.apply(TrainPlay(T(4, 9), 0))
    assert state.open_double is None and state.turn == 0


@pytest.mark.parametrize("chain", [False, True])
def test_the_first_turn_may_lay_several_tiles_on_ones_own_train_when_the_option_says(chain):
    """htfbw (the option first_turn_chain): on the first turn only, a player may play as many matching tiles as they
    can on their own train."""
    rules = TWO.with_options(first_turn_chain=chain)
    state = position(rules, [[T(12, 3), T(3, 5), T(5, 9), T(0, 1)], [T(12, 2), T(6, 6)]], first=0)
    state.apply(TrainPlay(T(12, 3), 0))
    if not chain:
        assert state.turn == 1
        return
    assert state.turn == 0 and state.on_first_run
    assert set(state.legal_moves()) == {TrainPlay(T(3, 5), 0), PASS}  # only its own train, or stop
    state.apply(TrainPlay(T(3, 5), 0))
    state.apply(PASS)
    assert state.turn == 1 and not state.marked(0) and not state.history[-1].marked
    state.apply(TrainPlay(T(12, 2), 1))
    assert state.legal_moves() == [PASS]  # seat 1's own first run: nothing more fits, it may only stop
    state.apply(PASS)
    state.apply(TrainPlay(T(5, 9), 0))
    assert state.turn == 1, "the run is for the first turn only"


@pytest.mark.parametrize(("score", "expected"), [(0, 1), (50, 51)])
def test_a_double_blank_left_in_hand_scores_as_the_option_says(score, expected):
    """mexicantrain.com: each dot a point, so [0|0] scores 0; the option double_blank scores it as a house rule says."""
    rules = TWO.with_options(double_blank=score)
    state = position(rules, [[T(0, 0), T(0, 1)], [T(12, 2)]], first=1)
    assert state.points()[0] == expected
    state.apply(TrainPlay(T(12, 2), 1))
    assert state.over and state.out_seat == 1 and state.points() == (expected, 0)


@pytest.mark.parametrize("out_on_double", [True, False])
def test_a_round_may_end_on_an_unsatisfied_double_when_the_option_says(out_on_double):
    """The option out_on_double (our choice where the sheets say nothing): a last tile that is a double ends the round,
    or not until the double is satisfied."""
    rules = TWO.with_options(out_on_double=out_on_double)
    state = position(rules, [[T(12, 5), T(5, 5)], [T(12, 1), T(2, 3), T(3, 4)]], drawn=[T(5, 7)], first=0)
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(12, 1), 1))
    state.apply(TrainPlay(T(5, 5), 0))
    if out_on_double:
        assert state.over and state.out_seat == 0 and state.open_double == 0
        return
    assert not state.over and state.turn == 0 and state.legal_moves() == [DRAW]
    state.apply(DRAW)
    state.apply(TrainPlay(T(5, 7), 0))  # satisfied with the drawn tile: out now
    assert state.over and state.out_seat == 0 and state.open_double is None


def test_the_observation_shows_every_train_and_the_open_double():
    state = position(TWO, [[T(12, 4), T(4, 4), T(1, 1)], [T(12, 3), T(6, 7)]], drawn=[T(2, 2)], first=0)
    state.apply(TrainPlay(T(12, 4), 0))
    state.apply(TrainPlay(T(12, 3), 2))
    state.apply(TrainPlay(T(4, 4), 0))
    obs = observe_train(state, 1)
    assert obs.open_double == 0 and obs.legal == () and obs.hand == (T(6, 7),)
    assert [(v.owner, v.marked, v.end) for v in obs.trains] == [(0, False, 4), (1, False, 12), (None, True, 3)]
    assert obs.trains[0].oriented(12) == ((12, 4), (4, 4))
    assert obs.hand_sizes == (1, 1) and obs.boneyard_size == state.boneyard_size


def test_the_faces_that_do_not_play_trains_yet_do_not_offer_them():
    # VARIANTS is what the table, the plain mode and the tournaments offer: the train game is listed apart.
    from domino_tui.engine import VARIANTS, get_rules

    assert "mexicantrain" not in VARIANTS
    with pytest.raises(ArgumentError, match="unknown variant"):
        get_rules("mexicantrain")
    from domino_tui.cli import main

    try:  # the table plays it; the plain mode refuses it
        code = main(["--plain", "--variant", "mexicantrain"])
    except SystemExit as refused:
        code = refused.code
    assert code == 2


def test_a_forfeit_takes_the_seat_out_and_scores_it_at_least_what_playing_on_could():
    from domino_tui.ai.train_view import replay
    from domino_tui.engine.train_observation import train_observation_from_json, train_observation_to_json

    rules = MEXICAN_TRAIN.with_players(3)
    for seed in range(25):
        rng = random.Random(seed)
        state = TrainRoundState.new(rules, seed % 13, rng)
        for _ in range(rng.randrange(15)):
            if not state.over:
                state.apply(rng.choice(state.legal_moves()))
        if state.over:
            continue
        seat = state.turn
        ceiling = sum(t.pips for t in state.hand(seat) + state.boneyard)  # every tile it could still end with
        played_on = state.copy()
        state.forfeit()
        assert state.marked(seat) and state.history[-1].forfeit
        for turn in range(1000):
            if state.over:
                break
            assert state.turn != seat  # out: it takes no more turns
            if turn % 8 == 0:
                obs = observe_train(state, state.turn)
                assert train_observation_from_json(train_observation_to_json(obs)).history == obs.history
                assert replay(obs).root.turn == state.turn  # the bots' view of the table skips it too
            state.apply(rng.choice(state.legal_moves()))
        assert state.points()[seat] == ceiling
        assert TrainRoundState.from_json(state.to_json()) == state
        while not played_on.over:  # the same seat playing on, however it plays, ends with no more
            played_on.apply(rng.choice(played_on.legal_moves()))
        assert played_on.points()[seat] <= ceiling
    both = position(TWO, [[T(1, 2)], [T(3, 4)]])
    both.forfeit()
    both.forfeit()
    assert both.over and both.out_seat is None


def test_a_seat_that_passed_before_a_train_opened_may_still_play_on_it():
    """A round ends blocked only when nobody can play and the boneyard is empty (mexicantrain.com: "When no more
    tiles are left in the boneyard and all players cannot play a tile"): only [7|8] is left to draw; seat 1 starts
    its train with [12|5]; seat 0 cannot play, draws the last tile and passes; seat 1 cannot play and passes, which
    opens its train; seat 0 now plays [5|6] on it. A count of passes in a row ended this round before seat 0's turn."""
    from domino_tui.engine.train_core import TrainRound, mask_of

    rules = TWO.kernel
    index = TWO.tiles.index
    hands = [mask_of([index[T(5, 6)], index[T(1, 2)]]), mask_of([index[T(5, 12)], index[T(3, 4)]])]
    k = TrainRound(rules, 12, hands, [index[T(7, 8)]], 1)
    k.play(index[T(5, 12)], 1)
    assert k.legal() == [core.DRAW_MOVE]
    k.apply(core.DRAW_MOVE)
    assert not k.over and k.legal() == [core.PASS_MOVE]
    k.apply(core.PASS_MOVE)
    assert not k.over and k.turn == 1 and k.legal() == [core.PASS_MOVE]
    k.apply(core.PASS_MOVE)
    assert not k.over and k.turn == 0 and k.marked[1]
    assert k.legal() == [train_play_code(index[T(5, 6)], 1)]
    k.apply(train_play_code(index[T(5, 6)], 1))
    # Now nobody holds a 6, a 12 (the other trains' ends) or anything for them: blocked, at once.
    assert k.over and k.reason == ROUND_BLOCKED and k.points() == [3 + 15, 7]


def test_the_mexican_train_is_open_to_every_seat_whoever_played_on_it():
    """The Idaho Good Sam sheet, htfbw.com: any player may start the Mexican train or play on it, on any turn; it has
    no owner, so no play on it takes a marker in or closes it."""
    rules = MEXICAN_TRAIN.with_players(3)
    hands = [[T(12, 3), T(1, 1)], [T(3, 4), T(2, 2)], [T(4, 5), T(0, 0)]]
    state = position(rules, hands, first=0)
    mexican = rules.mexican
    assert state.marked(mexican) and state.train_owner(mexican) is None
    state.apply(TrainPlay(T(12, 3), mexican))
    assert plays(state) == {(T(3, 4), mexican)}  # seat 1 plays on what seat 0 started
    state.apply(TrainPlay(T(3, 4), mexican))
    assert plays(state) == {(T(4, 5), mexican)}
    state.apply(TrainPlay(T(4, 5), mexican))
    assert state.marked(mexican) and not any(state.marked(s) for s in range(3))
    assert state.train(mexican) == (T(3, 12), T(3, 4), T(4, 5)) and state.train_end(mexican) == 5


def test_a_marker_stays_out_while_its_owner_plays_elsewhere():
    """The Idaho Good Sam sheet: "In order for a player to remove their marker, they must play a tile on their own
    train", so a play on the Mexican train leaves it out and the train open to the others."""
    hands = [[T(1, 2), T(5, 6), T(8, 10)], [T(12, 3), T(12, 5), T(12, 8), T(3, 9)]]
    state = position(TWO, hands, drawn=[T(0, 9)], first=1)
    state.apply(TrainPlay(T(12, 3), 1))
    state.apply(DRAW)  # seat 0 holds no 12 and draws [0|9], which fits nowhere either
    state.apply(PASS)
    assert state.marked(0)
    state.apply(TrainPlay(T(12, 5), 2))
    state.apply(TrainPlay(T(5, 6), 2))  # seat 0 plays, but on the Mexican train
    assert state.marked(0) and (T(8, 12), 0) in plays(state)
    state.apply(TrainPlay(T(12, 8), 0))  # so seat 1 may still play on seat 0's train
    state.apply(TrainPlay(T(8, 10), 0))  # on its own train at last: the marker comes in
    assert not state.marked(0) and state.turn == 1
    assert all(train != 0 for _, train in plays(state))


def test_drawing_until_found_stops_at_the_seat_that_draws_the_engine():
    """Joe Celko's article on Cardinal's game (EngineSearch.DRAWN_UNTIL_FOUND): "players draw a tile from the boneyard
    in turn until someone does have the double twelve", so the seats after the finder do not draw; the Idaho Good Sam
    sheet (EngineSearch.DRAWN) finishes the turn of the table. Round 1 (the double eleven), three players: seat 1
    starts the drawing."""
    drawn = [T(1, 2), T(11, 11), T(3, 4), T(5, 6)]
    three = MEXICAN_TRAIN.with_players(3)
    hands = [[T(0, 1)], [T(0, 2)], [T(0, 3)]]
    until_found = position(three.with_options(engine_search=EngineSearch.DRAWN_UNTIL_FOUND), hands, drawn, 1, first=1)
    assert [(e.seat, e.kind) for e in until_found.history] == [(1, Kind.DRAW), (2, Kind.DRAW)]
    assert until_found.engine_seat == 2 and until_found.turn == 2 and until_found.hand_sizes() == (1, 2, 1)
    whole_turn = position(three.with_options(engine_search=EngineSearch.DRAWN), hands, drawn, 1, first=1)
    assert [e.seat for e in whole_turn.history] == [1, 2, 0] and whole_turn.engine_draws == 3
    assert whole_turn.engine_seat == 2 and whole_turn.turn == 2 and whole_turn.hand_sizes() == (2, 2, 1)
    assert whole_turn.hand(0) == (T(0, 1), T(3, 4)) and whole_turn.boneyard[-1] == T(5, 6)


def test_a_dealt_engine_is_laid_by_its_holder_and_nobody_draws():
    """The Idaho Good Sam sheet, mexicantrain.com (EngineSearch.DRAWN and DRAWN_UNTIL_FOUND alike): whoever was dealt
    the round's double lays it in the hub and plays first, whichever seat the round starts from."""
    for search in (EngineSearch.DRAWN, EngineSearch.DRAWN_UNTIL_FOUND):
        rules = MEXICAN_TRAIN.with_players(4).with_options(engine_search=search)
        hands = [[T(0, 1)], [T(0, 2)], [T(0, 3), T(10, 10)], [T(0, 4)]]
        state = position(rules, hands, round_index=2, first=2)
        assert state.engine == 10 and state.engine_seat == 2 and state.turn == 2 and state.history == []
        assert state.hand(2) == (T(0, 3),)
        hands[2] = [T(0, 3)]
        hands[0] = [T(0, 1), T(10, 10)]  # dealt to a seat before the round's first seat
        state = position(rules, hands, round_index=2, first=2)
        assert state.engine_seat == 0 and state.turn == 0 and state.engine_draws == 0


@pytest.mark.parametrize("sizes", ["banded", "stepped"])
def test_each_seat_is_dealt_the_hand_size_of_its_table(sizes):
    """htfbw.com: 15 tiles each to two, three or four players, 12 to five or six, 10 to seven or eight (the default,
    HAND_SIZES_BY_BAND); the option HAND_SIZES_STEPPED deals 15, 15, 15, 13, 12, 11, 10 (our option: no sheet we read
    gives it). What is not dealt is the boneyard; the engine, set aside, is in neither."""
    table = HAND_SIZES_BY_BAND if sizes == "banded" else HAND_SIZES_STEPPED
    expected = {"banded": [15, 15, 15, 12, 12, 10, 10], "stepped": [15, 15, 15, 13, 12, 11, 10]}[sizes]
    for players, size in zip(range(2, 9), expected, strict=True):
        rules = MEXICAN_TRAIN.with_players(players).with_options(hand_sizes=table)
        dealt = TrainRoundState.new(rules, players % 13, random.Random(players))
        assert dealt.hand_sizes() == (size,) * players
        assert dealt.boneyard_size == 90 - size * players


def test_a_double_laid_from_the_draw_is_satisfied_like_any_other_even_by_a_second_draw():
    """htfbw.com: the player of a double "must add another [matching] domino if able", and "if he is unable" draws
    one; the Idaho Good Sam sheet: a drawn tile that fits is played. A seat that drew a double and laid it has laid a
    double: it plays again, and may draw once more to satisfy it."""
    hands = [[T(12, 5), T(1, 2)], [T(12, 3), T(6, 7)]]
    state = position(TWO, hands, drawn=[T(5, 5), T(5, 8)], first=0)
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(12, 3), 1))
    state.apply(DRAW)
    assert plays(state) == {(T(5, 5), 0)}
    state.apply(TrainPlay(T(5, 5), 0))
    assert state.open_double == 0 and state.turn == 0 and state.legal_moves() == [DRAW]
    state.apply(DRAW)
    assert plays(state) == {(T(5, 8), 0)}
    state.apply(TrainPlay(T(5, 8), 0))
    assert state.open_double is None and state.turn == 1 and state.train(0) == (T(5, 12), T(5, 5), T(5, 8))


def sunk(rules, hands, drawn=()):
    """A round whose boneyard is only ``drawn`` (first drawn first): ``hands`` for the first seats, and every other
    tile of the set held by the last seat, which plays first and forfeits at once. A blocked round needs nearly all
    of the 90 tiles out of the boneyard and out of the way: the forfeited seat holds them (its train opens at the
    engine, which no other hand here matches), and the round is played by the seats still in, as the rules say."""
    engine = T(rules.max_pip, rules.max_pip)
    placed = {t for h in hands for t in h} | set(drawn) | {engine}
    rest = [t for t in rules.tiles.tiles if t not in placed]
    state = TrainRoundState(rules, 0, [*hands, rest], list(reversed(drawn)), len(hands))
    state.forfeit()
    assert not state.over and state.turn == 0
    return state


def test_the_draw_of_the_last_tile_blocks_the_round_when_it_fits_nowhere():
    """mexicantrain.com: "When no more tiles are left in the boneyard and all players cannot play a tile" the round
    ends, judged from the position after every move: here right after the draw, with no pass to wait for. The
    forfeited seat's many tiles that fit keep nothing alive: it is out of the round."""
    state = sunk(MEXICAN_TRAIN.with_players(3), [[T(1, 2)], [T(3, 4)]], drawn=[T(7, 8)])
    assert state.legal_moves() == [DRAW]
    state.apply(DRAW)
    assert state.over and state.out_seat is None and state.points()[:2] == (3 + 15, 7)
    assert T(12, 0) in state.hand(2)  # the forfeited seat holds tiles for every train


def test_a_double_nobody_can_satisfy_blocks_the_round_though_another_train_could_take_a_tile():
    """The Idaho Good Sam sheet, htfbw.com: while a double is unsatisfied no other play is allowed; with the boneyard
    empty and no 5 in any hand still in, nobody can ever play again (mexicantrain.com: the round ends), although
    seat 1 holds [7|8] for its own train."""
    state = sunk(MEXICAN_TRAIN.with_players(3), [[T(12, 5), T(5, 5), T(1, 1)], [T(12, 7), T(7, 8)]])
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(12, 7), 1))
    state.apply(TrainPlay(T(5, 5), 0))
    assert state.over and state.out_seat is None and state.open_double == 0
    assert T(7, 8) in state.hand(1) and state.train_end(1) == 7
    assert state.points()[:2] == (2, 15)


def test_a_turn_of_the_table_passing_does_not_end_a_round_in_which_a_seat_can_still_play():
    """mexicantrain.com: the round ends when all players cannot play, not when all have passed. With the boneyard
    empty, seats 1, 2 and 0 pass in a row (every seat still in), seat 0's pass putting its marker out; seat 2, which
    passed while train 0 was closed to it, then plays [5|6] on it. Only then is nothing left to play."""
    state = sunk(MEXICAN_TRAIN.with_players(4), [[T(12, 5), T(3, 4)], [T(1, 2)], [T(5, 6), T(7, 8)]])
    state.apply(TrainPlay(T(12, 5), 0))
    for seat in (1, 2, 0, 1):
        assert state.turn == seat and state.legal_moves() == [PASS]
        state.apply(PASS)
        assert not state.over
    assert state.turn == 2 and state.legal_moves() == [TrainPlay(T(5, 6), 0)]
    state.apply(TrainPlay(T(5, 6), 0))
    assert state.over and state.out_seat is None and state.points()[:3] == (7, 3, 15)


def test_a_pass_that_ends_a_first_run_opens_nothing_yet_the_round_goes_on_to_the_tile_that_waits():
    """htfbw.com (first_turn_chain): the first turn's run stops when the player will, and a stop is no failure to
    play, so no marker goes out; seat 1's [6|7] fits only seat 0's closed train. The round is not blocked: seat 1
    cannot play and passes, then seat 0 cannot and passes, putting its marker out, and seat 1 plays on its train."""
    rules = MEXICAN_TRAIN.with_players(3).with_options(first_turn_chain=True)
    state = sunk(rules, [[T(12, 5), T(5, 6), T(1, 2)], [T(6, 7), T(3, 4)]])
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(5, 6), 0))
    assert state.legal_moves() == [PASS] and state.on_first_run
    state.apply(PASS)
    assert not state.over and not state.marked(0)
    state.apply(PASS)  # seat 1: nothing fits a train open to it
    assert state.marked(1) and not state.over
    state.apply(PASS)  # seat 0, no longer on its first turn: the marker goes out
    assert state.marked(0) and state.legal_moves() == [TrainPlay(T(6, 7), 0)]
    state.apply(TrainPlay(T(6, 7), 0))
    assert state.over and state.out_seat is None and state.points()[:2] == (3, 7)


@pytest.mark.parametrize("out_on_double", [True, False])
def test_a_hand_emptied_on_a_double_that_the_next_seat_satisfies(out_on_double):
    """The option out_on_double. On (mexicantrain.com, appconext.com): the seat that lays its last tile, a double,
    is out at once. Off (our option): the round goes on; the seat, with nothing to play or draw, passes, the next
    seat satisfies the double, and the round ends then, with the first seat out."""
    rules = MEXICAN_TRAIN.with_players(3).with_options(out_on_double=out_on_double)
    state = sunk(rules, [[T(12, 5), T(5, 5)], [T(12, 7), T(5, 7), T(1, 2)]])
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(12, 7), 1))
    state.apply(TrainPlay(T(5, 5), 0))
    if out_on_double:
        assert state.over and state.out_seat == 0 and state.points()[:2] == (0, 15)
        return
    assert not state.over and state.turn == 0 and state.legal_moves() == [PASS]
    state.apply(PASS)
    assert state.marked(0) and state.legal_moves() == [TrainPlay(T(5, 7), 0)]
    state.apply(TrainPlay(T(5, 7), 0))
    assert state.over and state.out_seat == 0 and state.open_double is None and state.points()[:2] == (0, 3)


def test_a_hand_emptied_on_a_double_nobody_can_satisfy_is_a_blocked_round_when_the_round_waits_for_it():
    """The option out_on_double off (our option): the round waits for the double; with the boneyard empty and no 5
    in any hand, it is blocked instead, with nobody out (the emptied hand still scores nothing)."""
    rules = MEXICAN_TRAIN.with_players(3).with_options(out_on_double=False)
    state = sunk(rules, [[T(12, 5), T(5, 5)], [T(12, 7), T(7, 8)]])
    state.apply(TrainPlay(T(12, 5), 0))
    state.apply(TrainPlay(T(12, 7), 1))
    state.apply(TrainPlay(T(5, 5), 0))
    assert state.over and state.out_seat is None and state.points()[:2] == (0, 15)
