"""Each rule from a hand-built position."""

from __future__ import annotations

import dataclasses

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    End,
    GameOverError,
    IllegalMoveError,
    Kind,
    Move,
    Reason,
    Tile,
    core,
    get_rules,
    get_train_rules,
    places_of,
    round5,
)
from domino_tui.engine.rules import Blocked
from tests.engine.positions import T, position

L, R, U, D = End.LEFT, End.RIGHT, End.UP, End.DOWN


def settled(rules, out_seat, pips) -> tuple[int | None, tuple[int, int]]:
    """The kernel's settlement: the winning team (None: nobody) and each team's points."""
    winner, points = core.settle_points(rules.kernel, core.NOBODY if out_seat is None else out_seat, pips)
    return (None if winner == core.NOBODY else winner), points


def line(state) -> list[list[int]]:
    return [[p.first, p.second] for p in state.board.line]


def play(state, tile: str, end: End = R) -> None:
    state.apply(Move.play(T(tile)[0], end))


def test_the_stage_texts_orientation_example():
    # The Hyperskill stage text, stage 4: [3,4][4,4][4,2] and [1,2]: not on the left (no 3), on the right turned
    # to [2,1].
    g = position("classic", ["34 24 66", "44 12 55"])
    play(g, "34")
    play(g, "44")
    play(g, "24")
    assert line(g) == [[3, 4], [4, 4], [4, 2]]
    with pytest.raises(IllegalMoveError, match="does not fit the left end, which shows 3"):
        play(g, "12", L)
    assert line(g) == [[3, 4], [4, 4], [4, 2]]
    play(g, "12", R)
    assert line(g)[-1] == [2, 1]


def _alternate(variant: str, tiles: str, extra=("66", "06")):
    """Seat 0 leads the first tile, then the seats alternate, every play on the right."""
    ts = tiles.split()
    hands = [" ".join([*ts[0::2], extra[0]]), " ".join([*ts[1::2], extra[1]])]
    g = position(variant, hands)
    play(g, ts[0])
    for t in ts[1:]:
        play(g, t)
    return g


def test_the_eight_of_a_number_rule_draw():
    g = _alternate("classic", "55 25 12 15 45 04 05 35 36 56", extra=("11", "00"))
    assert line(g) == [[5, 5], [5, 2], [2, 1], [1, 5], [5, 4], [4, 0], [0, 5], [5, 3], [3, 6], [6, 5]]
    assert g.result is not None and g.result.reason is Reason.STALEMATE and g.result.winner is None


def test_the_eight_of_a_number_rule_not_yet():
    g = _alternate("classic", "55 25 12 15 45 04 05", extra=("11", "00"))
    assert line(g)[-1] == [0, 5] and not g.over


def test_the_eight_of_a_number_rule_ends_differ():
    # [6,5][5,5]...[5,3][3,1]: the ends show 6 and 1, so the game goes on.
    g = position("classic", ["55 25 15 04 35 11", "56 12 45 05 13 00"])
    play(g, "55")
    play(g, "56", L)
    for t in ["25", "12", "15", "45", "04", "05", "35", "13"]:
        play(g, t)
    assert line(g)[0] == [6, 5] and line(g)[-1] == [3, 1]
    assert not g.over


def test_classic_may_draw_with_a_playable_tile_and_drawing_ends_the_turn():
    g = position("classic", ["66 01", "16 23"], stock="45 34")
    play(g, "66")
    assert DRAW in g.legal_moves()
    g.apply(DRAW)
    assert g.turn == 0 and g.hand(1)[-1] == Tile(3, 4) and g.stock_size == 28 - 4 - 1


def test_classic_with_an_empty_stock_zero_skips_the_turn():
    g = position(
        "classic",
        ["66 01 02 03 04 05 11 12 13 14 15 22 23 24", "25 33 34 35 44 45 55 00 06 16 26 36 46 56"],
        stock="",
    )
    assert g.stock_size == 0
    play(g, "66")
    # Seat 1 holds every other 6 and must be offered both ends for each, plus the skip that "0" means.
    assert PASS in g.legal_moves() and DRAW not in g.legal_moves()
    g.apply(PASS)
    assert g.turn == 0 and not g.over


def test_classic_settles_a_locked_line_as_a_draw():
    rules = get_rules("classic")
    assert settled(rules, None, [3, 30]) == (None, (0, 0))
    assert settled(rules, None, [3, 30]) == (None, (0, 0))
    assert settled(rules, 1, [12, 0]) == (1, (0, 12))


def test_block_game_pass_only_when_unable_and_both_pass_ends_it():
    g = position("block", ["66 56 00", "55 11 01"])
    play(g, "66")
    assert g.legal_moves() == [PASS]
    with pytest.raises(IllegalMoveError):
        g.apply(DRAW)
    g.apply(PASS)
    play(g, "56")  # ends 6 and 5
    assert [m.tile for m in g.legal_moves() if m.kind is Kind.PLAY] == [Tile(5, 5)]
    play(g, "55")
    assert g.legal_moves() == [PASS]  # seat 0 holds only 00
    g.apply(PASS)
    assert g.legal_moves() == [PASS]  # seat 1 holds 11 01
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED
    # Seat 0 holds 0 pips, seat 1 holds 3: the lighter hand scores the opponent's pips.
    assert g.result.winner == 0 and g.result.points == (3, 0)


def test_block_equal_hands_score_nothing():
    g = position("block", ["66 12", "56 03"])
    play(g, "66")
    play(g, "56")
    g.apply(PASS)
    g.apply(PASS)
    assert g.result.reason is Reason.BLOCKED and g.result.winner is None and g.result.points == (0, 0)


def test_going_out_scores_the_opponents_pips():
    g = position("block", ["66", "56 45"])
    play(g, "66")
    assert g.result.reason is Reason.OUT and g.result.points == (20, 0)


def test_allfives_spinner_and_scoring():
    g = position("allfives", ["55 35 25 16", "05 56 44 12"], lead=None)
    # The highest double opens by itself and scores 10 for its owner, seat 0.
    assert line(g) == [[5, 5]] and g.team_points() == (10, 0) and g.turn == 1
    assert g.board.spinner == 0
    assert g.board.open_ends() == (L, R)
    play(g, "05", R)  # spinner end 5+5 plus 0: 10
    assert g.history[-1].scored == 10 and g.team_points() == (10, 10)
    play(g, "35", L)  # the spinner now has both sides: 3 + 0, and the arms open (empty arms count nothing)
    assert g.history[-1].scored == 0 and g.board.count() == 3
    assert g.board.open_ends() == (L, R, U)  # down opens once up has a tile
    play(g, "56", U)  # 3 + 0 + 6 = 9
    assert g.board.count() == 9 and g.history[-1].scored == 0
    assert g.board.open_ends() == (L, R, U, D)
    play(g, "25", D)  # 3 + 0 + 6 + 2 = 11
    assert g.board.count() == 11
    assert [[p.first, p.second] for p in g.board.up] == [[5, 6]]
    assert [[p.first, p.second] for p in g.board.down] == [[5, 2]]


def test_allfives_double_at_an_end_counts_both_halves():
    g = position("allfives", ["55 35 33 16", "25 22 14"], lead=None)
    assert g.team_points() == (10, 0)
    play(g, "25", R)  # spinner 10 + 2
    assert g.history[-1].scored == 0
    play(g, "35", L)  # 3 + 2: the spinner is no longer an end
    assert g.history[-1].scored == 5
    play(g, "22", R)  # 3 + [2|2] counted 4 = 7
    assert g.history[-1].scored == 0
    play(g, "33", L)  # [3|3] counted 6 + 4 = 10
    assert g.history[-1].scored == 10
    assert g.team_points() == (25, 0)


def test_allfives_locked_round_with_an_empty_boneyard():
    # Find a real locked round among seeded random games and check it by the rules.
    import random

    from domino_tui.engine import GameState

    for seed in range(500):
        rng = random.Random(seed)
        g = GameState.new("allfives", rng)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        if g.result.reason is Reason.BLOCKED:
            break
    else:
        pytest.fail("no locked All Fives round in 500 seeded games")
    assert g.stock_size == 0
    assert [e.kind for e in g.history[-2:]] == [Kind.PASS, Kind.PASS]
    assert not any(g.playable(s) for s in range(2))
    a, b = g.result.pips
    if a == b:
        assert g.result.winner is None
    else:
        assert g.result.winner == (0 if a < b else 1)
        assert g.result.points[g.result.winner] == round5(abs(a - b))


def test_allfives_draw_until_playable():
    g = position("allfives", ["55 16", "12 13"], stock="04 45 33", lead=None)
    assert g.turn == 1
    assert g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 33: still nothing
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 45 fits
    assert g.turn == 1
    assert all(m.kind is Kind.PLAY for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="must play"):
        g.apply(DRAW)


@pytest.mark.parametrize(("raw", "rounded"), [(0, 0), (2, 0), (3, 5), (12, 10), (13, 15), (27, 25), (28, 30)])
def test_round_to_five(raw, rounded):
    assert round5(raw) == rounded


def test_allfives_round_end_scores_rounded():
    g = position("allfives", ["55", "56 34"], lead=None)  # seat 0 goes out with the opening double
    assert g.result.reason is Reason.OUT
    assert g.result.points == (20, 0)  # 18 pips round to 20
    assert g.team_points() == (30, 0)  # plus the 10 the [5|5] scored


def test_allfives_locked_round_gives_difference_rounded():
    rules = get_rules("allfives")
    assert settled(rules, None, [4, 17]) == (0, (15, 0))  # 13 -> 15
    assert settled(rules, None, [9, 9]) == (None, (0, 0))


@pytest.mark.parametrize(
    ("count", "points"),
    [(0, 0), (1, 0), (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4), (30, 16), (7, 0)],
)
def test_fives_and_threes_count_scores_a_point_a_five_and_a_point_a_three(count, points):
    assert get_rules("fivesandthrees").count_points(count) == points


def test_allfives_count_scores_itself_when_a_multiple_of_five():
    rules = get_rules("allfives")
    assert [rules.count_points(c) for c in (0, 5, 10, 15, 6, 9)] == [0, 5, 10, 15, 0, 0]


def test_a_count_scoring_by_no_positive_divisor_is_refused():
    import dataclasses

    for bad in (((0, 1),), ((5, -1),), ((2, 1),) * 5):
        with pytest.raises(ValueError, match="positive divisors"):
            _ = dataclasses.replace(get_rules("fivesandthrees"), count_scores=bad).kernel


def test_fives_and_threes_first_tile_scores_both_halves():
    g = position("fivesandthrees", ["55 01", "34 26"], lead=0)
    play(g, "55")  # a lead: the count is its two halves, 10: two fives
    assert g.history[-1].scored == 2 and g.team_points() == (2, 0)
    g = position("fivesandthrees", ["14 01", "34 26"], lead=1)
    play(g, "26")  # 8 scores nothing
    assert g.history[-1].scored == 0 and g.team_points() == (0, 0)


def test_fives_and_threes_fifteen_scores_eight_and_doubles_at_an_end_count_both_halves():
    g = position("fivesandthrees", ["56 33 00", "36 01 02"], lead=0)
    play(g, "56")  # 11
    assert g.history[-1].scored == 0
    play(g, "36", R)  # 5 + 3 = 8
    assert g.history[-1].scored == 0 and g.board.count() == 8
    play(g, "33", R)  # 5 + [3|3] counted 6 = 11
    assert g.board.count() == 11 and g.history[-1].scored == 0
    assert g.board.spinner is None and g.board.open_ends() == (L, R)  # no spinner: play goes on both sides only
    g = position("fivesandthrees", ["55 50 44", "54 03 12"], lead=0)
    play(g, "55")  # 10: 2
    play(g, "54", R)  # [5|5] at the left counts 10, plus 4: 14
    assert g.board.count() == 14 and g.history[-1].scored == 0
    play(g, "44", R)  # 10 + 8 = 18: six threes
    assert g.history[-1].scored == 6 and g.team_points() == (8, 0)
    g = position("fivesandthrees", ["55 50 44", "54 03 12 15"], lead=0)
    play(g, "55")
    play(g, "54", R)  # 10 + 4
    play(g, "50", L)  # 0 + 4: no three or five
    assert g.board.count() == 4 and g.history[-1].scored == 0


def test_fives_and_threes_fifteen_scores_eight():
    g = position("fivesandthrees", ["66 01", "63 12"], lead=0)
    play(g, "66")  # 12: four threes
    assert g.history[-1].scored == 4
    play(g, "63", R)  # [6|6] at the left counts 12, plus 3: 15 is three fives and five threes
    assert g.board.count() == 15 and g.history[-1].scored == 8 and g.team_points() == (4, 8)
    g = position("fivesandthrees", ["36 01", "12"], lead=0)
    play(g, "36")  # 9: three threes
    assert g.history[-1].scored == 3


def test_fives_and_threes_going_out_scores_one_and_a_block_nothing():
    # gambiter.com's Fives and Threes (after Arthur Taylor): the go's point is for chipping out; a blocked hand
    # scores nobody. The lighter hand's point is the house rule Blocked.LIGHTER_TEAM.
    g = position("fivesandthrees", ["44", "56 34"], lead=0)
    play(g, "44")  # 8 scores nothing; seat 0 is out
    assert g.result.reason is Reason.OUT and g.result.points == (1, 0) and g.team_points() == (1, 0)
    rules = get_rules("fivesandthrees")
    assert settled(rules, None, [4, 17]) == (None, (0, 0))
    assert settled(rules, None, [9, 9]) == (None, (0, 0))
    house = dataclasses.replace(rules, blocked=Blocked.LIGHTER_TEAM)
    assert settled(house, None, [4, 17]) == (0, (1, 0))
    assert settled(house, None, [9, 9]) == (None, (0, 0))


def test_fives_and_threes_draws_until_playable():
    g = position("fivesandthrees", ["16 55", "12 13"], stock="04 45 33", lead=0)
    play(g, "55")
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 33: still nothing
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 45 fits
    assert all(m.kind is Kind.PLAY for m in g.legal_moves())


def test_partnership_settlement_with_ties():
    rules = get_rules("partnership")
    assert settled(rules, 3, [5, 0, 7, 2]) == (1, (0, 14))
    assert settled(rules, None, [5, 3, 5, 3]) == (1, (0, 16))
    assert settled(rules, None, [5, 4, 3, 4]) == (None, (0, 0))


def test_partnership_six_six_leads_and_must_play():
    g = position(
        "partnership",
        ["66 01 02 03 04 05 11", "56 12 13 14 15 22 23", "06 24 25 33 34 35 44", "16 26 36 45 46 55 00"],
        lead=None,
    )
    assert line(g) == [[6, 6]] and g.turn == 1
    assert [m.tile for m in g.legal_moves()] == [Tile(5, 6), Tile(5, 6)]
    with pytest.raises(IllegalMoveError, match="must play"):
        g.apply(PASS)


def test_partnership9_blocked_compares_each_teams_lighter_hand():
    rules = get_rules("partnership9")
    # Team 0's lighter hand holds 2, team 1's holds 3: team 0 wins, though its total is larger.
    assert settled(rules, None, [40, 3, 2, 30]) == (0, (1, 0))
    assert settled(rules, None, [3, 3, 9, 9]) == (None, (0, 0))
    assert settled(rules, 1, [3, 0, 9, 9]) == (1, (0, 1))


def test_partnership9_four_passes_block_the_game():
    g = position("partnership9", ["99 88", "00 01", "11 12", "22 23"])
    play(g, "99")
    for _ in range(3):
        g.apply(PASS)
    assert not g.over
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED


def test_illegal_moves_change_nothing():
    g = position("block", ["66 56", "55 11"])
    before = g.to_json()
    for bad in (Move.play(Tile(5, 5), L), Move.play(Tile(0, 0), L), DRAW):
        with pytest.raises(IllegalMoveError):
            g.apply(bad)
    assert g.to_json() == before
    play(g, "66")
    with pytest.raises(IllegalMoveError, match="not open"):
        g.apply(Move.play(Tile(1, 1), U))


def test_moves_after_the_end_are_refused():
    g = position("block", ["66", "56"])
    play(g, "66")
    assert g.over and g.legal_moves() == []
    with pytest.raises(GameOverError):
        g.apply(PASS)


def test_a_blocked_hand_among_three_or_four_sides_scores_nobody_or_the_one_lightest_hand() -> None:
    """Fives and Threes for 3 and 4, each for himself (gambiter.com, after Arthur Taylor): a blocked hand scores
    nobody; going out takes the point whatever the hands hold. With the house rule Blocked.LIGHTER_TEAM the go's
    point goes to the one lightest hand; two hands equally lightest, nobody."""
    from domino_tui.engine import VARIANTS, core

    book = VARIANTS["fivesandthrees"].with_players(3).kernel
    assert core.settle_points(book, core.NOBODY, (9, 4, 12)) == (core.NOBODY, (0, 0, 0))
    house = dataclasses.replace(VARIANTS["fivesandthrees"], blocked=Blocked.LIGHTER_TEAM)
    three = house.with_players(3).kernel
    four = house.with_players(4).kernel
    assert core.settle_points(three, core.NOBODY, (9, 4, 12)) == (1, (0, 1, 0))
    assert core.settle_points(three, core.NOBODY, (4, 9, 4)) == (core.NOBODY, (0, 0, 0))
    assert core.settle_points(four, core.NOBODY, (8, 7, 12, 3)) == (3, (0, 0, 0, 1))
    assert core.settle_points(four, core.NOBODY, (3, 7, 12, 3)) == (core.NOBODY, (0, 0, 0, 0))
    assert core.settle_points(four, 2, (3, 7, 0, 1)) == (2, (0, 0, 1, 0))


def test_the_player_count_is_an_option_of_the_rules() -> None:
    from domino_tui.engine import VARIANTS, ArgumentError

    rules = VARIANTS["fivesandthrees"]
    assert rules.player_counts == (2, 3, 4)
    four = rules.with_players(4)
    assert (four.players, four.hand_size, four.teams, four.partnership) == (4, 5, ((0,), (1,), (2,), (3,)), False)
    assert four.with_players(4) is four and four.with_players(2) is rules and rules.with_players(4) is four
    with pytest.raises(ArgumentError):
        rules.with_players(5)
    with pytest.raises(ArgumentError):
        VARIANTS["block"].with_players(3)


def test_sides_are_placed_by_their_points_the_way_the_rules_count_them() -> None:
    # A line game's points are made, so the most place first; Mexican Train's are the pips left, so the fewest.
    assert not get_rules("fivesandthrees").lowest_wins and get_train_rules("mexicantrain").lowest_wins
    assert places_of((40, 12, 40, 90), lowest_wins=False) == (1, 3, 1, 0)
    assert places_of((40, 12, 40, 90), lowest_wins=True) == (1, 0, 1, 3)  # equal points share a place
    assert places_of((7, 7), lowest_wins=True) == (0, 0)
