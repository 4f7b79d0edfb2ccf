"""Ratings with uncertainty (openskill's Weng-Lin model): which way they move, partners, free-for-all tables, and
the conservative leaderboard."""

import pytest

from domino_tui.tournament.outcome import MatchOutcome
from domino_tui.tournament.ratings import RatingModel, Ratings, interleave


def rated(*names: str, model: RatingModel | None = None) -> Ratings:
    ratings = Ratings(model)
    for name in names:
        ratings.add(name)
    return ratings


def test_the_winner_goes_up_the_loser_down_and_both_grow_surer() -> None:
    r = rated("a", "b")
    start = r["a"]
    r.rate([["a"], ["b"]], [0, 1])
    assert r["a"].mu > start.mu > r["b"].mu
    assert r["a"].sigma < start.sigma and r["b"].sigma < start.sigma
    assert r["a"].mu - start.mu == pytest.approx(start.mu - r["b"].mu)  # equals at the start: a mirror image


def test_a_tie_between_equals_moves_nobody_but_makes_both_surer() -> None:
    r = rated("a", "b")
    r.rate([["a"], ["b"]], [0, 0])
    assert r["a"].mu == r["b"].mu == RatingModel().mu
    assert r["a"].sigma < RatingModel().sigma


def test_beating_a_stronger_entry_is_worth_more_than_beating_a_weaker_one() -> None:
    r = rated("strong", "weak", "x", "y")
    for _ in range(20):
        r.rate([["strong"], ["weak"]], [0, 1])
    r.rate([["x"], ["strong"]], [0, 1])
    r.rate([["y"], ["weak"]], [0, 1])
    assert r["x"].mu > r["y"].mu


def test_partners_share_their_sides_result_the_less_certain_one_moving_more() -> None:
    r = rated("steady", "new", "c", "d", "solo")
    for _ in range(30):  # "steady" plays until its rating is sure; "solo" is its sparring partner
        r.rate([["steady"], ["solo"]], [0, 0])
    before = {name: r[name] for name in ("steady", "new", "c", "d")}
    r.rate([["steady", "new"], ["c", "d"]], [0, 1])
    gains = {name: r[name].mu - before[name].mu for name in before}
    assert gains["new"] > gains["steady"] > 0
    assert gains["c"] == gains["d"] < 0  # equal beliefs share a loss equally
    assert r["steady"].sigma <= before["steady"].sigma and r["new"].sigma < before["new"].sigma


def test_a_pair_entry_is_one_rating_and_a_side_of_two_entries_rates_both() -> None:
    # A pair module of the MC102 judge is one entry, so a side of one; the same game between single bots as
    # partners moves four ratings instead of two.
    pairs = rated("pair A", "pair B")
    pairs.rate([["pair A"], ["pair B"]], [0, 1])
    singles = rated("a1", "a2", "b1", "b2")
    singles.rate([["a1", "a2"], ["b1", "b2"]], [0, 1])
    assert pairs["pair A"].mu > 25 > pairs["pair B"].mu
    assert singles["a1"].mu == singles["a2"].mu > 25 > singles["b1"].mu == singles["b2"].mu
    assert len(pairs) == 2 and len(singles) == 4


def test_a_free_for_all_table_moves_each_seat_by_its_place() -> None:
    r = rated("first", "second", "third", "last")
    r.rate([["first"], ["second"], ["third"], ["last"]], [0, 1, 2, 3])
    mus = [r[name].mu for name in ("first", "second", "third", "last")]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > 25 > mus[3]


def test_the_leaderboard_ranks_by_mu_minus_three_sigma_so_a_lucky_start_does_not_lead() -> None:
    r = rated("lucky", "beaten", "steady", "sparring")
    r.rate([["lucky"], ["beaten"]], [0, 1])  # one game won
    for game in range(300):  # wins 55% of 300 games
        r.rate([["steady"], ["sparring"]], [0, 1] if game % 20 < 11 else [1, 0])
    assert r["lucky"].mu > r["steady"].mu  # the better guess, but a far less certain one
    board = r.leaderboard()
    assert [p.name for p in board][:2] == ["steady", "sparring"]
    assert [p.rank for p in board] == [1, 2, 3, 4]
    assert board[0].rating.conservative == pytest.approx(r["steady"].mu - 3 * r["steady"].sigma)


def test_entries_not_yet_played_share_a_place() -> None:
    r = rated("a", "b", "c")
    assert [p.rank for p in r.leaderboard()] == [1, 1, 1]
    assert r["a"].conservative == pytest.approx(25 - 3 * 25 / 3)


def test_many_games_are_rated_with_each_result_spread_through_them() -> None:
    assert interleave([("w", 3), ("l", 1)]) == ["w", "w", "l", "w"]
    assert interleave([("w", 2), ("t", 0), ("l", 2)]) == ["w", "l", "w", "l"]
    outcome = MatchOutcome.of({(0, 1): 6, (1, 0): 2}, [60, 20])
    by_outcome = rated("a", "b")
    by_outcome.rate_games([["a"], ["b"]], outcome.results)
    one_by_one = rated("a", "b")
    for ranks in [(0, 1), (0, 1), (1, 0), (0, 1), (0, 1), (0, 1), (1, 0), (0, 1)]:
        one_by_one.rate([["a"], ["b"]], ranks)
    assert by_outcome["a"] == one_by_one["a"] and by_outcome["b"] == one_by_one["b"]


def test_the_chance_to_win_follows_the_ratings() -> None:
    r = rated("strong", "weak")
    for _ in range(10):
        r.rate([["strong"], ["weak"]], [0, 1])
    strong, weak = r.win_chances([["strong"], ["weak"]])
    assert strong > 0.5 > weak and strong + weak == pytest.approx(1)


@pytest.mark.parametrize(
    ("sides", "ranks", "message"),
    [
        ([["a"], ["a"]], [0, 1], "two sides"),
        ([["a"]], [0], "two sides"),
        ([["a"], []], [0, 1], "needs an entry"),
        ([["a"], ["b"]], [0], "places for 2 sides"),
    ],
)
def test_a_game_that_cannot_be_rated_is_refused(sides, ranks, message) -> None:
    r = rated("a", "b")
    with pytest.raises(ValueError, match=message):
        r.rate(sides, ranks)
    assert r["a"] == r["b"]  # nothing moved


def test_an_entry_is_added_once() -> None:
    r = rated("a")
    with pytest.raises(ValueError, match="rated already"):
        r.add("a")


def test_the_model_keeps_its_constants_through_json() -> None:
    model = RatingModel(mu=30.0, sigma=5.0, beta=3.0, tau=0.1)
    assert RatingModel.from_json(model.to_json()) == model
    assert RatingModel().tau == 0.0  # a bot's skill does not drift


def test_outcomes_of_parts_of_a_match_add_up() -> None:
    first = MatchOutcome.of({(0, 1): 3, (0, 0): 1}, [30, 10])
    second = MatchOutcome.of({(1, 0): 2, (0, 1): 1}, [5, 25])
    total = first + second
    assert total.games == 7 and total.points == (35, 35)
    assert total.record(0) == (4, 1, 2) and total.record(1) == (2, 1, 4)
    assert MatchOutcome.from_json(total.to_json()) == total


@pytest.mark.parametrize(
    "data",
    [
        {"results": [[[0, 2], 1]], "points": [0, 0]},  # a place no side of two can have
        {"results": [[[0, 1], -1]], "points": [0, 0]},
        {"results": [[[0, 1], 1.5]], "points": [0, 0]},
        {"results": [[[0, 1, 1], 1]], "points": [0, 0]},
        {"results": [], "points": [0]},
        {"points": [0, 0]},
    ],
)
def test_an_outcome_that_makes_no_sense_is_refused(data) -> None:
    with pytest.raises((ValueError, KeyError, TypeError)):
        MatchOutcome.from_json(data)
