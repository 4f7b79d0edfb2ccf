"""The regret benchmark: how far the expert's choices at a few guesses are from those many guesses rate best."""

from __future__ import annotations

import random
import time

import pytest

from benchmarks import regret
from benchmarks.regret import main, measure, rate
from domino_tui.ai.base import candidates
from domino_tui.engine import GameState, observe


def test_few_guesses_give_away_more_than_many() -> None:
    # One guess a decision plays much of the time what a thousand guesses rate worse; two hundred seldom do. A
    # rating that compared the wrong moves, or read the choice from the wrong side, would not order them so.
    tally = measure("block", "greedy", games=8, levels=(1, 200), reference=1000, guesses=20, every=1, seed=5)
    assert tally.games == 8 and tally.rated == tally.choices > 10
    one, many = tally.regret[1] / tally.rated, tally.regret[200] / tally.rated
    assert one > 3 * many
    assert tally.differ[1] > tally.differ[200]


def test_a_regret_is_never_negative() -> None:
    state = GameState.new("classic", random.Random(3))
    obs = observe(state, state.turn)
    assert len(candidates(obs)) > 1
    regret = rate(obs, (1, 5), reference=50, seed="t")
    assert set(regret) == {1, 5} and all(r >= 0.0 for r in regret.values())


def test_partners_decisions_are_rated_and_counted_too(monkeypatch) -> None:
    # Partners share a game's result, so a choice given away by either costs the team: a tally of seat 0's
    # decisions alone would put the team's regret a game at half what it is.
    seats: list[int] = []

    def record(obs, levels, reference, seed):
        seats.append(obs.seat)
        return dict.fromkeys(levels, 0.0)

    monkeypatch.setattr(regret, "rate", record)
    tally = regret.measure("partnership", "greedy", games=3, levels=(1,), reference=1, guesses=2, every=1, seed=7)
    assert set(seats) == {0, 2}
    assert tally.rated == tally.choices == len(seats)


def test_games_split_over_processes_add_up_to_the_same_tally() -> None:
    one = measure("block", "greedy", games=4, levels=(2,), reference=40, guesses=5, every=2, seed=6)
    two = measure("block", "greedy", games=4, levels=(2,), reference=40, guesses=5, every=2, seed=6, jobs=2)
    assert (one.games, one.choices, one.rated, one.differ) == (two.games, two.choices, two.rated, two.differ)
    assert one.regret[2] == pytest.approx(two.regret[2])
    # Every other decision with a choice is rated: each game rates the floor of half of its own.
    assert one.choices - one.games <= 2 * one.rated <= one.choices


def test_the_tally_does_not_depend_on_the_clock(monkeypatch) -> None:
    # The README promises numbers the machine's load cannot change: every bot plays a fixed number of guesses or
    # iterations. With a clock on which every reading is a minute after the last, any bot with a time budget
    # (the expert's default, or ismcts given one) would stop early and choose otherwise.
    def run() -> tuple:
        tally = measure("block", "ismcts", games=2, levels=(3,), reference=30, guesses=8, every=1, seed=8)
        return tally.choices, tally.rated, tally.regret, tally.differ

    steady = run()
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    assert run() == steady


def test_the_report_prints_a_row_for_each_number_of_guesses(capsys) -> None:
    argv = ["partnership", "greedy", "--games", "2", "--guesses", "3,30", "--reference", "100", "--play", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "partnership, expert against greedy (seed 900, playing at 5 guesses):" in out
    assert "2 games," in out and "rated against 100 guesses" in out
    rows = [line.split() for line in out.splitlines()[3:]]
    assert [row[0] for row in rows] == ["3", "30"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch", "greedy"], "unknown variant 'nosuch'"),
        (["block", "nosuch"], "unknown bot 'nosuch'"),
        (["block", "greedy", "--guesses", "60,lots"], "invalid literal"),
        (["block", "greedy", "--every", "0"], "must be positive"),
    ],
)
def test_a_misspelt_command_stops_with_a_message(capsys, argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--games", "2"])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert message in err and "Traceback" not in err
    assert out == ""
