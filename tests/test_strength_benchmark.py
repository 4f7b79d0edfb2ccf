"""The strength benchmark's report: matches as a unit, guesses per decision and the think-time ratio, and two runs
compared game by game."""

from __future__ import annotations

import json
import random

import pytest

from benchmarks import paired_nets
from benchmarks.strength import Oracle, main, parse_options, ratios
from domino_tui.engine import GameState, observe


def test_matches_to_the_target_with_guesses_and_budget_ratio(capsys) -> None:
    argv = ["block", "expert", "ismcts", "--games", "2", "--unit", "match", "--budget-ratio"]
    argv += ["--option", "budget=None", "--option", "samples=3", "--b-option", "iterations=20"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "A=expert vs B=ismcts, 2 matches" in out
    assert "A wins" in out and "share of decided matches" in out
    assert "guesses per decision A: mean 3.0, median 3 (" in out
    assert "guesses per decision B: mean 20.0, median 20 (" in out
    assert "budget ratio A/B: wall mean" in out and "; CPU mean" in out


def test_ratio_summary() -> None:
    assert ratios({"A": [1.0, 1.0, 3.0], "B": [2.0, 2.0, 2.0]}) == "mean 0.83, p95 1.50"
    assert ratios({"A": [1.0], "B": [0.0]}) == "B took no measurable time"


def test_options_parse_numbers_none_and_booleans() -> None:
    got = parse_options(["samples=30", "budget=None", "explore=0.1", "presume=False", "skip=True", "rollout=greedy"])
    assert got == {"samples": 30, "budget": None, "explore": 0.1, "presume": False, "skip": True, "rollout": "greedy"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch", "expert", "greedy"], "invalid choice: 'nosuch'"),
        (["block", "nosuch", "greedy"], "unknown bot 'nosuch'"),
        (["block", "expert", "greedy", "--option", "foo=1"], "unexpected keyword argument 'foo'"),
        (["block", "expert", "greedy", "--option", "budget"], "option 'budget' is not key=value"),
        (["block", "expert", "greedy", "--b-option", "budget=1"], "unexpected keyword argument 'budget'"),
        (["classic", "expert", "greedy", "--oracle-of", "opponents", "--oracle-hands"], "adds nothing"),
    ],
)
def test_a_misspelt_or_contradictory_command_stops_with_a_message(capsys, argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--games", "2"])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert message in err and "Traceback" not in err
    assert out == ""  # stopped before the first game (a run prints its command line first)


def test_matches_against_the_package_are_refused_with_a_message(capsys) -> None:
    assert main(["partnership", "expert", "dominoes:random", "--games", "2", "--unit", "match"]) == 2
    assert "unit is a game" in capsys.readouterr().err


def test_the_oracle_guesses_the_real_deal_every_time() -> None:
    for variant in ("block", "classic", "allfives"):
        state = GameState.new(variant, random.Random(4))
        oracle = _oracle(state)
        guess = oracle.sampler(observe(state, state.turn)).sample(random.Random(2))
        assert list(guess.masks) == state.kernel.masks and list(guess.stock) == state.kernel.stock
        assert oracle.choose(observe(state, state.turn)) in state.legal_moves()


def test_the_oracle_is_only_the_expert_and_only_in_the_engine(capsys) -> None:
    assert main(["block", "greedy", "random", "--oracle"]) == 2
    assert main(["partnership", "expert", "dominoes:random", "--oracle"]) == 2
    assert main(["block", "expert", "random", "--oracle", "--games", "2", "--option", "samples=3"]) == 0
    assert "A sees every hand" in capsys.readouterr().out


def test_the_oracle_from_an_event_guesses_before_it_and_knows_after_it(capsys) -> None:
    oracle = _oracle(GameState.new("block", random.Random(4)), moves=3)
    state = oracle.state
    obs = observe(state, state.turn)
    oracle.since = len(obs.history) + 1  # not yet: it guesses, and some guesses are not the real deal
    rng = random.Random(2)
    guesses = [oracle.sampler(obs).sample(rng).masks for _ in range(20)]
    assert any(list(g) != state.kernel.masks for g in guesses)
    oracle.since = len(obs.history)  # from now on it knows
    assert list(oracle.sampler(obs).sample(rng).masks) == state.kernel.masks
    argv = ["block", "expert", "random", "--oracle-from", "4", "--games", "2", "--option", "samples=3"]
    assert main(argv) == 0
    assert "A sees every hand from event 4" in capsys.readouterr().out


def test_the_oracle_of_hands_knows_the_hands_and_not_the_order_of_the_stock(capsys) -> None:
    oracle = _oracle(GameState.new("classic", random.Random(4)))
    state = oracle.state
    oracle.order = False
    sampler = oracle.sampler(observe(state, state.turn))
    rng = random.Random(2)
    guesses = [sampler.sample(rng) for _ in range(10)]
    assert all(list(g.masks) == state.kernel.masks for g in guesses)
    assert all(sorted(g.stock) == sorted(state.kernel.stock) for g in guesses)
    assert any(list(g.stock) != state.kernel.stock for g in guesses)
    argv = ["classic", "expert", "random", "--oracle-hands", "--games", "2", "--option", "samples=3"]
    assert main(argv) == 0
    assert "A sees every hand but not the order of the stock" in capsys.readouterr().out


def test_the_oracle_of_some_seats_knows_those_hands_and_guesses_the_others(capsys) -> None:
    state = _oracle(GameState.new("partnership9", random.Random(4)), moves=6).state
    obs = observe(state, state.turn)
    partner = obs.partner
    opponents = [s for s in range(4) if s not in (obs.seat, partner)]
    for told, known, guessed in (("partner", [partner], opponents), ("opponents", opponents, [partner])):
        oracle = _oracle(state)
        oracle.told = told
        sampler = oracle.sampler(obs)
        rng = random.Random(2)
        guesses = [sampler.sample(rng).masks for _ in range(10)]
        assert all(g[s] == state.kernel.masks[s] for g in guesses for s in known)
        assert any(g[s] != state.kernel.masks[s] for g in guesses for s in guessed)
    argv = ["partnership9", "expert", "greedy", "--oracle-of", "opponents", "--games", "2", "--option", "samples=3"]
    assert main(argv) == 0
    assert "A sees the opponents' hands" in capsys.readouterr().out
    assert main(["block", "expert", "greedy", "--oracle-of", "partner"]) == 2
    assert "block is played without partners" in capsys.readouterr().err


def _oracle(state: GameState, moves: int = 0) -> Oracle:
    """An oracle on ``state`` after its first legal move is played ``moves`` times."""
    for _ in range(moves):
        state.apply(state.legal_moves()[0])
    oracle = Oracle(random.Random(1), budget=None, samples=5)
    oracle.state = state
    return oracle


def test_the_nets_saved_game_by_game_compare_two_runs_of_one_seed(tmp_path, capsys) -> None:
    argv = [
        "fivesandthrees",
        "expert",
        "fivesdenier",
        "--games",
        "4",
        "--option",
        "budget=None",
        "--option",
        "samples=3",
    ]
    first, second, other = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "other.json"
    assert main([*argv, "--seed", "7", "--save-nets", str(first)]) == 0
    assert main([*argv, "--seed", "7", "--save-nets", str(second)]) == 0
    out = capsys.readouterr().out
    # Only the decisions with a choice are timed on the CPU line, and the expert made some.
    assert "CPU think time A, decisions with a choice: mean" in out
    saved = json.loads(first.read_text())
    assert saved["seed"] == 7 and len(saved["nets"]) == 4
    # The same options on the same seed replay every game: the difference is nothing, game by game.
    assert paired_nets.main([str(first), str(second)]) == 0
    assert "seed 7, 4 games: A's net points a game +0.00 (95% CI +0.00 .. +0.00)" in capsys.readouterr().out
    assert paired_nets.main([str(first), str(second), str(second), str(first)]) == 0
    assert "all 8 games: A's net points a game +0.00" in capsys.readouterr().out  # pairs pooled
    assert main([*argv, "--seed", "8", "--save-nets", str(other)]) == 0
    with pytest.raises(SystemExit):
        paired_nets.main([str(first), str(other)])  # other deals: nothing to pair
    assert "same seed" in capsys.readouterr().err
