"""The Mexican Train expert: its replay of the public history matches the kernel, its facts hold for the real
hands, its guesses keep them, it plays whole rounds legally and reproducibly from the observation alone, and Hard
plays a round for the lowest score alone."""

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.train_expert import train_knowledge, worth, worth_against_best
from domino_tui.ai.train_view import kernel_round, replay
from domino_tui.ai.wide_sampling import WideSampler
from domino_tui.bot_registry import make_level
from domino_tui.engine import EngineSearch, TrainRoundState, get_train_rules, observe_train

RULES = [
    get_train_rules("mexicantrain", 4),
    get_train_rules("mexicantrain", 2).with_options(engine_search=EngineSearch.DRAWN),
    get_train_rules("mexicantrain", 8).with_options(first_turn_chain=True, engine_search=EngineSearch.DRAWN),
    get_train_rules("mexicantrain", 3).with_options(engine_search=EngineSearch.DRAWN_UNTIL_FOUND, out_on_double=False),
    get_train_rules("mexicantrain", 5).with_options(engine_search=EngineSearch.DRAWN_UNTIL_FOUND),
]
KERNEL_FIELDS = ("ends", "trains", "marked", "open_double", "turn", "drew", "chaining", "first_done")


def rounds(rules, count: int, seed: int):
    """Every position of ``count`` rounds played by random and greedy bots, with its state."""
    rng = random.Random(seed)
    for r in range(count):
        state = TrainRoundState.new(rules, (seed + r) % rules.rounds, rng)
        bots = [make_bot("random" if s % 2 else "greedy", random.Random(s)) for s in range(rules.players)]
        while not state.over:
            yield state
            state.apply(bots[state.turn].choose_train(observe_train(state, state.turn)))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.options.engine_search.name.lower()}")
def test_the_replayed_history_is_the_kernel_position_and_the_facts_hold_for_the_real_hands(rules) -> None:
    checked = 0
    for state in rounds(rules, 6, rules.players):
        obs = observe_train(state, state.turn)
        replayed = replay(obs)
        real = kernel_round(replayed, state.kernel.hands, state.kernel.boneyard)
        for name in KERNEL_FIELDS:
            assert getattr(real, name) == getattr(state.kernel, name), name
        assert real.legal() == state.kernel.legal()
        know = train_knowledge(obs, replayed)
        for seat in know.seats:
            assert know.fits(seat, state.kernel.hands[seat]), (seat, len(obs.history))
        checked += 1
    assert checked > 100


def test_guesses_keep_every_fact_and_count() -> None:
    rules = RULES[0]
    rng = random.Random(3)
    voids = 0
    for i, state in enumerate(rounds(rules, 6, 11)):
        if i % 7:
            continue
        obs = observe_train(state, state.turn)
        know = train_knowledge(obs)
        voids += sum(len(sk.voids) for sk in know.seats.values())
        sampler = WideSampler(know, obs.boneyard_size)
        for _ in range(5):
            guess = sampler.sample(rng)
            assert len(guess.stock) == obs.boneyard_size
            for seat in know.seats:
                assert guess.masks[seat].bit_count() == obs.hand_sizes[seat]
                assert know.fits(seat, guess.masks[seat])
    assert voids  # draws and passes did show what seats could not hold


def test_the_expert_plays_whole_rounds_legally_and_a_seed_replays_its_choices() -> None:
    rules = RULES[0]

    def play(seed: int) -> list:
        state = TrainRoundState.new(rules, 3, random.Random(seed))
        bots = [ExpertBot(random.Random(seed), budget=None, samples=4)] + [
            make_bot("greedy", random.Random(s)) for s in range(1, 4)
        ]
        while not state.over:
            obs = observe_train(state, state.turn)
            move = bots[state.turn].choose_train(obs)
            assert move in obs.legal
            state.apply(move)
        return list(state.moves)

    assert play(5) == play(5)


def test_the_expert_rates_every_legal_move_from_the_observation() -> None:
    rules = RULES[0]
    bot = ExpertBot(random.Random(1), budget=None, samples=6)
    for state in rounds(rules, 3, 4):
        obs = observe_train(state, state.turn)
        if len(obs.legal) > 2:
            ranked = bot.rank(obs, obs.legal)
            assert {m for m, _ in ranked} == set(obs.legal)
            assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
            return
    pytest.fail("no position with three moves")


@pytest.mark.parametrize("rules", [r for r in RULES if r.options.engine_search is not EngineSearch.SET_ASIDE])
def test_an_observation_without_its_engine_draws_reads_them_from_the_history(rules) -> None:
    """An earlier version's observation does not say how many draws the engine's search took: they are read from
    the history, rightly but where the layer held the engine from the deal and drew on its first turn, which the
    public history cannot tell from a search of one draw."""
    from dataclasses import replace

    from domino_tui.ai.train_view import search_draws

    searched = 0
    for state in rounds(rules, 40, 7):
        if state.history and len(state.history) <= state.engine_draws + 1:
            obs = replace(observe_train(state, state.turn), engine_draws=None)
            guessed = search_draws(obs)
            searched += state.engine_draws > 0
            if guessed != state.engine_draws:
                assert (state.engine_draws, guessed) == (0, 1) and state.history[0].seat == state.engine_seat
    assert searched


def test_against_the_best_other_seat_a_round_is_worth_more_than_nothing_exactly_when_lowest_alone() -> None:
    assert worth_against_best([10, 4, 7, 12], 1) == 3
    assert worth_against_best([10, 4, 4, 12], 1) == 0  # the lowest shared: no round won
    assert worth_against_best([10, 6, 2, 30], 1) == -4
    # The others' mean would call that round a good one for seat 1: one seat's big hand hides another's low one.
    assert worth([10, 6, 2, 30], 1) > 0


def test_hard_weighs_300_guesses_a_train_decision_for_the_lowest_score_alone_and_60_in_a_line_game() -> None:
    hard = make_level("Hard", random.Random(1))
    assert isinstance(hard, ExpertBot)
    assert hard.options.samples == 60
    search = hard.train_search()
    assert (search.samples, search.worth) == (300, worth_against_best)
    master = make_level("Master", random.Random(1))
    assert isinstance(master, ExpertBot)
    assert (master.train_search().samples, master.train_search().worth) == (5000, worth)


def test_a_train_decision_takes_the_train_guesses_when_the_options_give_them() -> None:
    bot = ExpertBot(random.Random(2), budget=None, samples=3, train_samples=7, train_against_best=True)
    for state in rounds(RULES[0], 3, 4):
        obs = observe_train(state, state.turn)
        if len(obs.legal) > 2:
            bot.rank(obs)
            assert bot.guesses[-1] == 7
            return
    pytest.fail("no position with three moves")


def test_a_train_search_draws_its_guesses_from_the_bots_train_guesses() -> None:
    # benchmarks/train_strength.py's oracle overrides the method to deal the truth: the search must ask it.
    asked = []

    class Counting(ExpertBot):
        def train_guesses(self, obs, replayed):
            asked.append(obs.seat)
            return super().train_guesses(obs, replayed)

    bot = Counting(random.Random(2), budget=None, train_samples=5)
    for state in rounds(RULES[0], 3, 4):
        obs = observe_train(state, state.turn)
        if len(obs.legal) > 2:
            bot.rank(obs)
            assert asked == [obs.seat]
            return
    pytest.fail("no position with three moves")
