"""The longest-suit model: checked on whole guesses, never wrong about a player that follows it."""

from __future__ import annotations

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.suits import MAX_DRAWS, LongSuits, presumed
from domino_tui.engine import VARIANTS, Board, GameState, Kind, Rules, observe
from domino_tui.engine.core import Sim


def _true_hands_fit(opponent: str, games: int) -> tuple[int, int, int]:
    """Seat 1 plays as ``opponent`` in classic; at each of seat 0's turns the real hands are checked against
    the model. Returns (decisions with a play to check, plays checked, decisions whose real hands fit)."""
    decisions = plays = fit = 0
    for g in range(games):
        state = GameState.new("classic", random.Random(g))
        bots = [make_bot("random", random.Random(g)), make_bot(opponent, random.Random(g + 1))]
        while not state.over:
            obs = observe(state, state.turn)
            if state.turn == 0:
                model = LongSuits(obs)
                if model.plays:
                    decisions += 1
                    plays += len(model.plays)
                    fit += model.fits(state.masks)
            state.apply(bots[state.turn].choose(obs))
    return decisions, plays, fit


def test_the_real_hands_of_a_longest_suit_player_always_fit() -> None:
    # Seed 000's computer plays its most common numbers first: exactly the model.
    decisions, plays, fit = _true_hands_fit("hyperskill", 60)
    assert decisions > 300 and plays > decisions
    assert fit == decisions


def test_the_real_hands_of_a_random_player_often_do_not() -> None:
    decisions, _, fit = _true_hands_fit("random", 60)
    assert fit < decisions * 0.8


def test_a_play_is_checked_through_at_most_two_draws_since() -> None:
    # Each draw leaves one more way the hand of that moment may have been; past two, the play is not checked.
    seen = {0: 0, 1: 0, 2: 0}
    for g in range(40):
        state = GameState.new("classic", random.Random(g))
        bots = [make_bot("random", random.Random(g)), make_bot("hyperskill", random.Random(g + 1))]
        while not state.over:
            obs = observe(state, state.turn)
            if state.turn == 0:
                for play in LongSuits(obs).plays:
                    k = next(
                        i
                        for i, e in enumerate(obs.history)
                        if e.seat == play.seat and e.tile is not None and state.ts.index[e.tile] == play.tile
                    )
                    draws = sum(e.kind is Kind.DRAW for e in obs.history[k:] if e.seat == play.seat)
                    assert draws == play.draws <= MAX_DRAWS == 2
                    seen[draws] += 1
            state.apply(bots[state.turn].choose(obs))
    assert min(seen.values()) > 50, seen


def _fitting_share(suits: int, monkeypatch: pytest.MonkeyPatch) -> float:
    """The share of the expert's guesses that fit the model, over the decisions of classic games against
    seed 000's computer where some play can be checked."""
    searched: list[list[int]] = []
    from_board = Sim.from_board

    def spy(rules: Rules, board: Board, masks: list[int], stock: list[int], turn: int) -> Sim:
        searched.append(list(masks))
        return from_board(rules, board, masks, stock, turn)

    monkeypatch.setattr(Sim, "from_board", staticmethod(spy))
    fit = total = 0
    for g in range(6):
        state = GameState.new("classic", random.Random(g))
        expert = ExpertBot(random.Random(g), budget=None, samples=20, suits=suits)
        computer = make_bot("hyperskill")
        while not state.over:
            obs = observe(state, state.turn)
            if state.turn == 0:
                searched.clear()
                move = expert.choose(obs)
                model = LongSuits(obs)
                if model.plays:
                    fit += sum(model.fits(m) for m in searched)
                    total += len(searched)
            else:
                move = computer.choose(obs)
            state.apply(move)
    assert total > 200
    return fit / total


def test_the_expert_searches_guesses_in_which_the_others_played_their_longest_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _fitting_share(20, monkeypatch) > 0.95
    assert _fitting_share(0, monkeypatch) < 0.8


def test_the_model_applies_where_a_player_must_draw_and_plays_score_nothing() -> None:
    assert [name for name in VARIANTS if presumed(VARIANTS[name])] == ["classic"]
    # Elsewhere the option changes nothing: the same seed gives the same ranking move for move.
    state = GameState.new("allfives", random.Random(4))
    for _ in range(3):
        state.apply(make_bot("fivescorer", random.Random(1)).choose(observe(state, state.turn)))
    obs = observe(state, state.turn)
    ranked = [ExpertBot(random.Random(7), budget=None, samples=30, suits=s).rank(obs) for s in (0, 20)]
    assert ranked[0] == ranked[1]


def test_the_model_is_off_by_default_so_the_levels_play_as_measured() -> None:
    # The README's levels were measured without it: the default expert must rank exactly as with suits=0, and
    # differently from suits=20 where there is a play to check (else this test could not fail).
    state = GameState.new("classic", random.Random(4))
    bots = [make_bot("greedy"), make_bot("hyperskill")]
    obs = observe(state, state.turn)
    while state.turn != 0 or len(obs.legal) < 3 or not LongSuits(obs).plays:
        state.apply(bots[state.turn].choose(obs))
        assert not state.over, "the game ended before a play could be checked"
        obs = observe(state, state.turn)

    default = ExpertBot(random.Random(7), budget=None, samples=40).rank(obs)
    assert default == ExpertBot(random.Random(7), budget=None, samples=40, suits=0).rank(obs)
    assert default != ExpertBot(random.Random(7), budget=None, samples=40, suits=20).rank(obs)
