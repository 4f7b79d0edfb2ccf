"""The heavy-tiles-first prior: what the others' plays suggest about their hands."""

from __future__ import annotations

import random

from domino_tui.ai import make_bot
from domino_tui.ai.inference import infer
from domino_tui.ai.model import held_back, outscored, presume, presume_scoring
from domino_tui.ai.sampling import sample
from domino_tui.engine import End, GameState, observe

from .helpers import game, mask, play


def light_plays():
    state = game(
        "partnership9",
        [
            "99 96 95 94 93 92 91 90 33 54",
            "89 85 84 83 82 81 80 11 22 44",
            "78 68 77 76 75 74 73 72 71 70",
            "88 66 65 64 63 62 61 60 55 97",
        ],
        lead=0,
    )
    play(state, "90")  # ends 0 and 9
    play(state, "80", End.LEFT)  # seat 1 plays 8 pips while [8|9] (17) fitted: ends 8 and 9
    play(state, "68", End.LEFT)  # seat 2 plays 14 pips while [7|8] (15) fitted: ends 6 and 9
    return state


def test_guesses_presume_heavy_tiles_first_of_the_opponents_only() -> None:
    obs = observe(light_plays(), 0)
    know = infer(obs)
    assert presume(know, obs) == 1  # seat 1's play; the partner's is left to the search
    rng = random.Random(3)
    for _ in range(200):
        g = sample(know, obs.stock_size, rng)
        assert not g.masks[1] & mask("89 79", 9)
        assert [m.bit_count() for m in g.masks] == [9, 9, 9, 10]


def test_a_seat_seen_holding_back_heavy_tiles_is_presumed_nothing() -> None:
    state = light_plays()
    play(state, "66", End.LEFT)
    play(state, "99", End.RIGHT)
    play(state, "89", End.RIGHT)
    obs = observe(state, 0)
    know = infer(obs)
    presume(know, obs)
    assert not any(v.soft for v in know.seats[1].voids)


def _presumed_facts_against(variant: str, opponent: str, games: int) -> tuple[int, int]:
    """Seat 1 plays as ``opponent``; at each of seat 0's turns, every presumed fact is checked against the hand
    seat 1 really held at that point of the history. Returns (facts, wrong ones)."""
    facts = wrong = 0
    for g in range(games):
        state = GameState.new(variant, random.Random(g))
        bots = [make_bot("random", random.Random(g)), make_bot(opponent, random.Random(g + 1))]
        held = {}  # history index -> seat 1's hand just before that event
        while not state.over:
            held[len(state.history)] = state.kernel.masks[1]
            obs = observe(state, state.turn)
            if state.turn == 0:
                for seat, at, tiles in held_back(obs)[0]:
                    assert seat == 1
                    facts += 1
                    wrong += bool(held[at] & tiles)
            state.apply(bots[state.turn].choose(obs))
    return facts, wrong


def test_the_presumption_is_never_wrong_about_a_greedy_player() -> None:
    # Greedy sheds its heaviest tile, exactly what is presumed: every fact must hold of the hand it had then.
    facts, wrong = _presumed_facts_against("block", "greedy", 60)
    assert facts > 200
    assert wrong == 0


def test_the_presumption_about_a_random_player_is_often_wrong() -> None:
    # The check above can fail: about a player that does not shed heavy tiles first, the same facts are wrong.
    facts, wrong = _presumed_facts_against("block", "random", 60)
    assert wrong > facts // 10


def test_the_tree_search_presumes_heavy_tiles_first_only_when_asked() -> None:
    # ismcts's presume option: its guesses keep seat 1's light play's fact (no [8|9] or [7|9]) or drop it.
    from domino_tui.ai.determinize import Determinizer

    obs = observe(light_plays(), 0)
    heavier = mask("89 79", 9)
    for presumed in (True, False):
        determinizer = Determinizer(obs, presumed)
        rng = random.Random(3)
        held = sum(bool(determinizer.sim(rng).masks[1] & heavier) for _ in range(200))
        assert (held == 0) if presumed else (held > 20)


def scoring_plays():
    """Fives and Threes: seat 0 leads [2|3] (count 5, a point); seat 1 answers [1|2] on the left (count 4, nothing)
    while [3|4] on the right would have made 6 (2 points) and [0|2] on the left 3 (a point)."""
    state = game(
        "fivesandthrees",
        ["23 00 11 66 55 44 05", "12 13 16 26 36 46 56"],
        lead=0,
    )
    play(state, "23")
    play(state, "12", End.LEFT)
    return state


def test_guesses_presume_a_scorer_takes_the_most_it_can() -> None:
    obs = observe(scoring_plays(), 0)
    facts, deviated = outscored(obs)
    assert not deviated
    [(seat, _, better)] = facts
    assert seat == 1 and better & mask("34 02") == mask("34 02")
    know = infer(obs)
    assert presume_scoring(know, obs) == 1
    rng = random.Random(5)
    for _ in range(200):
        assert not sample(know, obs.stock_size, rng).masks[1] & mask("34 02")


def test_a_seat_seen_passing_up_a_score_is_presumed_nothing() -> None:
    state = scoring_plays()
    play(state, "11", End.LEFT)  # seat 0: ends 1 and 3, a double at the left (count 5)
    play(state, "13", End.LEFT)  # seat 1 plays [1|3], with which it could have scored a point on its first turn
    obs = observe(state, 0)
    assert outscored(obs)[1] == {1}
    know = infer(obs)
    assert presume_scoring(know, obs) == 0
    assert not any(v.soft for v in know.seats[1].voids)
