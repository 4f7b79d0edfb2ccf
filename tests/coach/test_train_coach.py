"""The coach at Mexican Train: the hint ranks every legal move as the expert does, the tracker's voids are true of
the real hands, and the review rates a finished round's decisions in pips."""

import random

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.coach.hint import rate, units_of
from domino_tui.coach.review import review
from domino_tui.coach.tracker import track
from domino_tui.engine import TrainRoundState, get_train_rules, observe_train

RULES = get_train_rules("mexicantrain", 4)


def played_round(seed: int) -> TrainRoundState:
    state = TrainRoundState.new(RULES, seed % RULES.rounds, random.Random(seed))
    bots = [make_bot("random" if s % 2 else "greedy", random.Random(s)) for s in range(RULES.players)]
    while not state.over:
        state.apply(bots[state.turn].choose_train(observe_train(state, state.turn)))
    return state


def test_the_trackers_voids_are_true_of_the_real_hands_and_its_counts_add_up() -> None:
    voids = 0
    for seed in range(6):
        final = played_round(seed)
        state = TrainRoundState.from_json({**final.to_json(), "moves": []})
        for move in final.moves:
            tracker = track(observe_train(state, 0))
            for seat, numbers in tracker.voids.items():
                held = {n for t in state.hand(seat) for n in (t.low, t.high)}
                assert not held & set(numbers), (seat, numbers)
                voids += len(numbers)
            # every tile showing n that seat 0 cannot see is in another hand or the boneyard
            hidden = [t for s in range(1, RULES.players) for t in state.hand(s)] + list(state.boneyard)
            for n in range(RULES.max_pip + 1):
                assert tracker.unseen[n] == sum(1 for t in hidden if n in (t.low, t.high))
            state.apply(move)
    assert voids


def test_the_hint_rates_every_legal_move_in_pips_and_its_best_is_the_experts_choice() -> None:
    final = played_round(3)
    state = TrainRoundState.from_json({**final.to_json(), "moves": []})
    for move in final.moves:
        obs = observe_train(state, state.turn)
        if len(obs.legal) >= 3:
            break
        state.apply(move)
    ranked = rate(obs, ExpertBot(random.Random(2), budget=None, samples=8))
    assert {r.move for r in ranked} == set(obs.legal)
    assert units_of(obs).pips
    chosen = ExpertBot(random.Random(2), budget=None, samples=8).choose_train(obs)
    assert ranked[0].move == chosen


def test_the_review_rates_each_decision_of_a_seat_with_a_choice() -> None:
    final = played_round(5)
    result = review(final, 0, ExpertBot(random.Random(1), budget=None, samples=3))
    state = TrainRoundState.from_json({**final.to_json(), "moves": []})
    choices = 0
    for move in final.moves:
        if state.turn == 0 and len(state.legal_moves()) > 1:
            choices += 1
        state.apply(move)
    assert len(result.decisions) == choices > 0
    assert result.units.pips and all(d.loss >= 0 for d in result.decisions)
    assert [d.made for d in result.decisions] == [final.moves[d.ply] for d in result.decisions]
