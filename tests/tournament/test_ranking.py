"""The ranking rules on hand-made tables, ties included."""

import pytest

from domino_tui.tournament.ranking import MatchResult, Standing, mc102_key, rank, score_key, standings, wilson


def st(name: str, mw: int, ml: int, gw: int, gl: int, pf: int = 0, pa: int = 0) -> Standing:
    return Standing(
        name, matches_won=mw, matches_lost=ml, games_won=gw, games_lost=gl, points_for=pf, points_against=pa
    )


def test_the_mc102_order_applies_each_rule_in_turn_and_ties_share_a_place() -> None:
    table = [
        st("S1", 3, 1, 100, 50),
        st("S2", 3, 0, 10, 90),  # fewer matches lost beats more games won
        st("S3", 3, 1, 120, 80),  # more games won beats S1
        st("S4", 3, 1, 120, 70),  # fewer games lost beats S3
        st("S5", 3, 1, 120, 70),  # equal to S4 on every rule
        st("S6", 4, 3, 0, 500),  # more matches won beats everything else
    ]
    ranked = rank(table, mc102_key)
    assert [(s.rank, s.name) for s in ranked] == [(1, "S6"), (2, "S2"), (3, "S4"), (3, "S5"), (5, "S3"), (6, "S1")]


def test_score_order_points_then_conceded_then_games() -> None:
    table = [
        st("low", 9, 0, 90, 0, pf=100, pa=0),
        st("high", 0, 9, 0, 90, pf=300, pa=250),
        st("high but conceded less", 0, 9, 0, 90, pf=300, pa=200),
        st("same", 0, 9, 0, 90, pf=300, pa=200),
    ]
    ranked = rank(table, score_key)
    assert [(s.rank, s.name) for s in ranked] == [
        (1, "high but conceded less"),
        (1, "same"),
        (3, "high"),
        (4, "low"),
    ]


def match(a: str, b: str, wa: int, wb: int, ties: int = 0) -> MatchResult:
    return MatchResult(a, b, wa + wb + ties, (wa, wb), ties, (wa, wb))


def test_standings_from_matches_and_the_mc102_ranking() -> None:
    matches = [
        match("A", "B", 600, 400),
        match("A", "C", 500, 500),  # a drawn match
        match("A", "D", 300, 700),
        match("B", "C", 550, 450),
        match("B", "D", 480, 480, ties=40),  # drawn, with tied games
        match("C", "D", 450, 550),
    ]
    table = {s.name: s for s in standings("ABCD", matches)}
    a, b = table["A"], table["B"]
    assert (a.matches_won, a.matches_drawn, a.matches_lost) == (1, 1, 1)
    assert (a.games_won, a.games_tied, a.games_lost) == (1400, 0, 1600)
    assert (b.matches_won, b.matches_drawn, b.matches_lost) == (1, 1, 1)
    assert (b.games_won, b.games_tied, b.games_lost) == (1430, 40, 1530)
    ranked = rank(list(table.values()), mc102_key)
    # D won two matches; A and B are level on matches and B won more games.
    assert [(s.rank, s.name) for s in ranked] == [(1, "D"), (2, "B"), (3, "A"), (4, "C")]


def test_a_three_way_table_with_a_shared_first_place() -> None:
    matches = [match("E", "F", 500, 500), match("E", "G", 600, 400), match("F", "G", 600, 400)]
    ranked = rank(standings("EFG", matches), mc102_key)
    assert [(s.rank, s.name) for s in ranked] == [(1, "E"), (1, "F"), (3, "G")]


def test_match_winner_by_games_or_by_points() -> None:
    m = MatchResult("A", "B", 10, (6, 4), 0, (60, 90))
    assert m.winner == 0
    assert MatchResult("A", "B", 10, (6, 4), 0, (60, 90), by_points=True).winner == 1
    assert MatchResult("A", "B", 10, (5, 5), 0, (0, 0)).winner is None


def test_win_rate_leaves_ties_out_and_has_a_wilson_interval() -> None:
    m = MatchResult("A", "B", 110, (55, 45), 10, (55, 45))
    assert m.win_rate == pytest.approx(0.55)
    low, high = m.interval
    assert low == pytest.approx(0.45245, abs=1e-4)
    assert high == pytest.approx(0.64386, abs=1e-4)
    assert wilson(0, 0) is None
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
