"""The guess-quality benchmark: what the expert's guesses know of the hidden hands, against counts alone."""

from __future__ import annotations

from benchmarks.guess_quality import main, measure


def test_guesses_about_greedy_know_more_than_the_hand_sizes() -> None:
    # Every play of `greedy` is a fact the expert's inference reads (no heavier fitting tile), so past the first
    # plays its guesses must place more of the real tiles than guesses that know only how many each seat holds.
    rows = measure("block", "greedy", games=6, guesses=50, seed=3)
    later = [row for (lo, _), row in rows.items() if lo >= 4]
    decisions = sum(row[0] for row in later)
    assert decisions > 0
    known = sum(row[1] for row in later) / decisions
    counts = sum(row[2] for row in later) / decisions
    assert 0.0 < counts < known <= 1.0
    assert all(row[3] == 0.0 for row in rows.values())  # the longest-suit model is not presumed in block


def test_in_classic_it_reports_how_many_guesses_fit_the_longest_suit_model(capsys) -> None:
    assert main(["classic", "hyperskill", "--games", "3", "--guesses", "20"]) == 0
    out = capsys.readouterr().out
    assert "fit longest suit" in out
    rows = measure("classic", "hyperskill", games=3, guesses=20, seed=500)
    assert all(0.0 < row[3] / row[0] <= 1.0 for row in rows.values())
