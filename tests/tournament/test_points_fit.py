"""The fit of all of a league's games' points: strengths recovered from exact margins, partners and tables of more
sides, the prior's pull, sigma narrowing with games, and no dependence on the order the matches were played in."""

import random

import pytest

from domino_tui.tournament.outcome import MatchOutcome
from domino_tui.tournament.points_fit import PRIOR_GAMES, fit_points


def match(points: list[int], games: int = 10) -> MatchOutcome:
    best = max(points)
    return MatchOutcome.of({tuple(0 if p == best else 1 for p in points): games}, points)


def test_exact_margins_give_the_strengths_back_up_to_the_prior() -> None:
    truth = {"a": 6.0, "b": 0.0, "c": -6.0}
    played = []
    for x, y in (("a", "b"), ("b", "c"), ("a", "c")) * 50:
        games = 10
        played.append((((x,), (y,)), match([int((truth[x] - truth[y]) * games), 0], games)))
    rated = fit_points(list(truth), played)
    for name, mu in truth.items():
        assert rated[name].mu == pytest.approx(mu, abs=0.1)  # 1,000 games each against a prior of 2
        assert rated[name].sigma < 0.01  # the margins fit exactly but for the prior's pull: next to no spread


def test_an_entry_that_has_not_played_is_average_and_the_least_sure() -> None:
    rng = random.Random(1)
    played = [((("a",), ("b",)), match([rng.randrange(60), rng.randrange(60)], 2)) for _ in range(40)]
    rated = fit_points(["a", "b", "new"], played)
    assert rated["new"].mu == 0.0
    assert rated["new"].sigma > rated["a"].sigma
    assert rated["a"].mu == pytest.approx(-rated["b"].mu)
    assert all(r.sigma == 0.0 and r.mu == 0.0 for r in fit_points(["a", "b"], []).values())


def test_sigma_narrows_as_games_are_played() -> None:
    rng = random.Random(2)
    played = [((("a",), ("b",)), match([rng.randrange(60), rng.randrange(60)], 2)) for _ in range(200)]
    few, many = fit_points(["a", "b"], played[:20]), fit_points(["a", "b"], played)
    assert many["a"].sigma < few["a"].sigma / 2


def test_the_prior_pulls_a_short_record_towards_the_average() -> None:
    one = fit_points(["a", "b"], [((("a",), ("b",)), match([30, 0], 2))])
    # One match of 2 games, 15 points a game: each entry starts with PRIOR_GAMES games at the average.
    assert 0 < one["a"].mu < 7.5
    assert one["a"].mu == pytest.approx(15 * 2 / (2 * 2 + PRIOR_GAMES))


def test_partners_share_their_side_and_a_table_of_more_sides_ranks_each() -> None:
    pairs = [((("a", "b"), ("c", "d")), match([40, 0], 4)) for _ in range(20)]
    rated = fit_points(list("abcd"), pairs)
    assert rated["a"].mu == pytest.approx(rated["b"].mu) and rated["a"].mu > 0 > rated["c"].mu
    table = [((("x",), ("y",), ("z",)), match([30, 10, 0], 1)) for _ in range(30)]
    three = fit_points(list("xyz"), table)
    assert three["x"].mu > three["y"].mu > three["z"].mu


def test_the_order_the_matches_were_played_in_does_not_matter() -> None:
    rng = random.Random(3)
    names = list("abcdef")
    played = []
    for _ in range(60):
        x, y = rng.sample(names, 2)
        played.append((((x,), (y,)), match([rng.randrange(50), rng.randrange(50)], 2)))
    shuffled = played[:]
    rng.shuffle(shuffled)
    one, other = fit_points(names, played), fit_points(names, shuffled)
    for name in names:
        assert one[name].mu == pytest.approx(other[name].mu)
        assert one[name].sigma == pytest.approx(other[name].sigma)


def test_sigma_is_the_standard_error_of_games_whose_points_spread_by_a_known_amount() -> None:
    rng = random.Random(4)
    played = []
    for _ in range(100):  # matches of 10 games between equals, each game won by 10 points by either side
        won = sum(rng.random() < 0.5 for _ in range(10))
        played.append(((("a",), ("b",)), MatchOutcome.of({(0, 1): won, (1, 0): 10 - won}, [10 * won, 10 * (10 - won)])))
    rated = fit_points(["a", "b"], played)
    # mu_a is half the difference of the two: its error, 10 points a game over 1,000 games, halved
    assert rated["a"].sigma == pytest.approx(10 / 2 / 1000**0.5, rel=0.2)


def test_the_fit_through_cholesky_equals_the_fit_through_the_dense_inverse() -> None:
    # The fit solves its normal equations through their Cholesky factor; the reference inverts them whole
    # (benchmarks/league_fit_speed.py times the two). A field with partners and tables of three sides, and an
    # entry that never played.
    from benchmarks.league_fit_speed import reference_fit

    rng = random.Random(5)
    names = [f"e{i}" for i in range(23)]
    played = []
    for _ in range(60):
        a, b, c, d, e = rng.sample(names[:-1], 5)
        played.append((((a, b), (c, d)), match([rng.randrange(80), rng.randrange(80)], rng.randrange(1, 5))))
        played.append((((a,), (c,), (e,)), match([rng.randrange(40) for _ in range(3)], 2)))
    ours, reference = fit_points(names, played), reference_fit(names, played)
    for name in names:
        assert ours[name].mu == pytest.approx(reference[name].mu, abs=1e-9)
        assert ours[name].sigma == pytest.approx(reference[name].sigma, abs=1e-9)
    assert ours["e22"].mu == 0.0 and ours["e22"].sigma > max(ours[n].sigma for n in names[:-1])
