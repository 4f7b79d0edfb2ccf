"""Your rating against each opponent: openskill's, with its uncertainty, from the record's games in order."""

from __future__ import annotations

import pytest

from domino_tui.records import GameRecord
from domino_tui.records.ratings import ratings, result_of


def game(result: str, opponent: str = "Hard", variant: str = "classic") -> GameRecord:
    return GameRecord(variant, ("You", opponent), opponent, 1, 1, result, 0, 0, {})


def test_wins_raise_you_above_the_opponent_and_every_game_makes_you_surer() -> None:
    [one] = ratings([game("won")])
    [three] = ratings([game("won")] * 3)
    assert 25 < one.mu < three.mu and three.opponent_mu < 25
    assert three.sigma < one.sigma < 25 / 3
    assert three.games == 3 and three.conservative == pytest.approx(three.mu - 3 * three.sigma)
    [lost] = ratings([game("lost")] * 3)
    assert lost.mu < 25 < lost.opponent_mu


def test_a_draw_between_equals_moves_nobody_and_a_game_without_a_result_is_left_out() -> None:
    [drawn] = ratings([game("drawn"), game("abandoned")])
    assert drawn.mu == pytest.approx(25) and drawn.games == 1


def test_each_variant_and_opponent_has_a_rating_of_its_own() -> None:
    found = ratings([game("won", "Easy"), game("lost", "Master"), game("won", "Easy", "block")])
    assert [(r.variant, r.opponent, r.games) for r in found] == [
        ("block", "Easy", 1), ("classic", "Easy", 1), ("classic", "Master", 1),
    ]  # fmt: skip
    assert found[1].mu > 25 > found[2].mu
    assert found[1].shown == f"{found[1].mu:.1f} ± {found[1].sigma:.1f}"


def table_game(places: tuple[int, ...], levels: tuple[str, ...] = ("Hard", "Hard", "Hard")) -> GameRecord:
    """A game among several sides (Mexican Train, Fives and Threes for 3-4): you in seat 0, bots after."""
    opponent = "/".join(sorted(set(levels)))
    return GameRecord("mexicantrain", ("You", *levels), opponent, 1, 1, result_of(places, 0), 0, 0, {}, places=places)


def test_a_table_of_several_sides_rates_every_place_at_once() -> None:
    [first] = ratings([table_game((0, 1, 2, 3))])
    [second] = ratings([table_game((1, 0, 2, 3))])
    [last] = ratings([table_game((3, 0, 1, 2))])
    assert first.mu > second.mu > 25 > last.mu  # beating more of the table moves you further up
    assert first.opponent_mu < 25 < last.opponent_mu and first.games == 1
    # Levels that differ are one opponent (the set), each level measured apart: the one you beat drops.
    [mixed] = ratings([table_game((0, 1, 2), ("Easy", "Master"))] * 3)
    assert mixed.opponent == "Easy/Master" and mixed.mu > 25 and mixed.games == 3


def test_the_statistics_show_a_rating_as_the_rating_says_it() -> None:
    """The statistics' table shows each rating rounded once: rounded to three places and then to one, a mu of
    20.8496 showed as 20.9 where the rating itself says 20.8. The CSV keeps three places."""
    import io

    from domino_tui.records.ratings import Rating
    from domino_tui.records.stats import _rating, cells, table, write_csv

    assert _rating(Rating("mexicantrain", "people", 20.8496, 8.2, 1, 25.0)) == (20.8496, 8.2)
    records = [table_game((3, 0, 1, 2)), table_game((1, 0, 2, 3))] * 3
    [row] = table(records)
    [rating] = ratings(records)
    assert rating.shown in cells(row)
    out = io.StringIO()
    write_csv(records, out)
    assert f"{rating.mu:.3f}".rstrip("0") in out.getvalue()
