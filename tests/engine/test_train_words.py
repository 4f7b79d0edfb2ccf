"""The train kernel on machine words (two C words a hand when compiled, one Python int interpreted) and the expert's
compiled loops (ai/train_loops.py) against the interpreted build and the referee: thousands of seeded rounds at 2,
4 and 8 players, with draws and the double-twelve set's tiles past the first word (64 to 90) in play, replay the
same moves, hands and scores in both builds; rounds of both builds agree with the referee move by move; the
expert's playouts and guesses take the same random numbers in both, so a seed makes the same decisions."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

from domino_tui.engine import MEXICAN_TRAIN, ArgumentError, EngineSearch, TrainRoundState
from domino_tui.engine.train_core import (
    DRAW_MOVE,
    MAX_SEATS,
    MAX_TILES,
    TrainCodes,
    TrainRound,
    code_tile,
    new_round,
    train_tables,
)

PLAYER_COUNTS = (2, 4, 8)
HIGH_TILE = 64  # the first tile of a hand's second C word
OPTIONS = [{}, {"first_turn_chain": True, "double_blank": 50}, {"engine_search": EngineSearch.SET_ASIDE}]


def in_the_interpreted_build(call: str) -> object:
    """What ``call`` (an expression of this module's functions) returns as JSON under DOMINO_TUI_PURE=1."""
    script = f"import json\nfrom tests.engine.test_train_words import *\nprint(json.dumps({call}))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def kernel_rounds(rounds_per_count: int) -> list[object]:
    """Every legal list, move, drawn tile, copy, hand, train and score of seeded random rounds of the kernel at 2, 4
    and 8 players, as one hash, and how often the rounds drew and laid or drew a tile of the second word."""
    rng = random.Random(64)
    digest = hashlib.sha256()
    seen: Counter[str] = Counter()
    for players in PLAYER_COUNTS:
        for i in range(rounds_per_count):
            codes = MEXICAN_TRAIN.with_players(players).with_options(**OPTIONS[i % len(OPTIONS)]).kernel
            game = new_round(codes, i % 13, rng)
            while not game.over:
                legal = game.legal()
                move = legal[rng.randrange(len(legal))]
                if rng.random() < 0.05:  # a copy plays the move alone
                    twin = game.copy()
                    twin.apply(move)
                    digest.update(f"{twin.hands} {twin.ends} {twin.turn};".encode())
                drawn = game.apply(move)
                digest.update(f"{legal} {move} {drawn};".encode())
                if move == DRAW_MOVE:
                    seen["draws"] += 1
                    seen["high tiles drawn"] += drawn >= HIGH_TILE
                elif move >= 0:
                    seen["high tiles laid"] += code_tile(move) >= HIGH_TILE
            hands = game.hands
            digest.update(
                f"{hands} {game.trains} {game.boneyard} {game.ends} {game.marked} {game.points()} {game.reason} "
                f"{game.out_seat}".encode()
            )
            seen["rounds out with high tiles held"] += any(h >> HIGH_TILE for h in hands)
    return [digest.hexdigest(), dict(seen)]


def test_the_compiled_and_interpreted_kernels_play_thousands_of_the_same_rounds() -> None:
    compiled = kernel_rounds(1000)
    assert in_the_interpreted_build("kernel_rounds(1000)") == compiled
    seen = compiled[1]
    assert isinstance(seen, dict)
    assert seen["draws"] > 50_000, seen
    assert seen["high tiles laid"] > 30_000 and seen["high tiles drawn"] > 10_000, seen
    assert seen["rounds out with high tiles held"] > 1_500, seen


def rounds_beside_the_referee(rounds_per_count: int) -> dict[str, int]:
    """Seeded random rounds of the referee's records (the kernel inside) beside the referee at 2, 4 and 8 players,
    every option set in turn; what they played."""
    from tests.engine.test_train_referee import OPTION_SETS, play_round, referee_for

    seen: Counter[str] = Counter()
    for players in PLAYER_COUNTS:
        for i in range(rounds_per_count):
            rules = replace(MEXICAN_TRAIN, players=players, options=OPTION_SETS[i % len(OPTION_SETS)])
            seed = 640_000 + players * 1000 + i
            state = TrainRoundState.new(rules, i % rules.rounds, random.Random(seed))
            play_round(state, referee_for(state), random.Random(seed), f"seed {seed}, {players} players", 0.0)
            seen["draws"] += sum(1 for m in state.moves if m.kind.name == "DRAW")
            seen["high tiles laid"] += sum(
                1 for e in state.history if e.tile is not None and rules.tiles.index[e.tile] >= HIGH_TILE
            )
    return dict(seen)


@pytest.mark.slow
def test_both_builds_agree_with_the_referee_move_by_move() -> None:
    compiled = rounds_beside_the_referee(40)
    assert in_the_interpreted_build("rounds_beside_the_referee(40)") == compiled
    assert compiled["draws"] > 1000 and compiled["high tiles laid"] > 1000, compiled


def expert_decisions(count: int) -> list[object]:
    """The Hard expert's choices, with a fixed number of guesses, over seeded rounds at 2, 4 and 8 players."""
    from domino_tui.ai import make_bot
    from domino_tui.engine import get_train_rules, observe_train

    chosen = []
    for players in PLAYER_COUNTS:
        rules = get_train_rules("mexicantrain", players)
        for r in range(count):
            rng = random.Random(f"words/{players}/{r}")
            state = TrainRoundState.new(rules, r % rules.rounds, rng)
            bot = make_bot("expert", random.Random(r), budget=None, samples=12)
            greedy = make_bot("greedy", random.Random(r))
            while not state.over:
                obs = observe_train(state, state.turn)
                move = (bot if state.turn == 0 else greedy).choose_train(obs)
                if state.turn == 0:
                    chosen.append(str(move))
                state.apply(move)
    return chosen


def test_the_expert_chooses_the_same_moves_in_both_builds() -> None:
    compiled = expert_decisions(3)
    assert len(compiled) > 30
    assert in_the_interpreted_build("expert_decisions(3)") == compiled


def test_the_compiled_placer_places_as_the_sampler_does() -> None:
    """TilePlacer (WideSampler's guesses, compiled) against Sampler._try, on the knowledge of seeded positions:
    from the same random state, the same places and the random state left the same."""
    from domino_tui.ai.sampling import Sampler
    from domino_tui.ai.train_expert import train_knowledge
    from domino_tui.ai.wide_sampling import WideSampler
    from domino_tui.engine import get_train_rules, observe_train

    compared = counted = 0
    for players in PLAYER_COUNTS:
        rules = get_train_rules("mexicantrain", players).with_options(engine_search=EngineSearch.DRAWN)
        rng = random.Random(players)
        for r in range(4):
            state = TrainRoundState.new(rules, r, rng)
            while not state.over:
                obs = observe_train(state, state.turn)
                know = train_knowledge(obs)
                wide, plain = WideSampler(know, obs.boneyard_size), Sampler(know, obs.boneyard_size, stir=0)
                for soft in (True, False):
                    plan = wide._plan(soft)
                    counted += bool(plan.counted)
                    seed = rng.getrandbits(32)
                    a, b = random.Random(seed), random.Random(seed)
                    assert wide._try(plan, a) == plain._try(plan, b)
                    assert a.random() == b.random()
                    compared += 1
                state.apply(rng.choice(state.legal_moves()))
    assert compared > 500 and counted > 100, (compared, counted)


def test_a_guess_is_dealt_in_by_redeal_and_checked() -> None:
    codes = MEXICAN_TRAIN.with_players(4).kernel
    game = new_round(codes, 0, random.Random(3))
    other = game.copy()
    hands, boneyard = game.hands, game.boneyard
    other.redeal([hands[1], hands[0], hands[3], hands[2]], boneyard[::-1])
    assert other.hands == [hands[1], hands[0], hands[3], hands[2]] and other.boneyard == boneyard[::-1]
    assert game.hands == hands and game.boneyard == boneyard  # the copy's words are its own
    size = train_tables(12).size
    with pytest.raises(ValueError, match="outside the set"):
        other.redeal([1 << size, 0, 0, 0], [])
    with pytest.raises(ValueError, match="not a tile"):
        other.redeal(hands, [size])
    with pytest.raises(ValueError, match="hands for 4 seats"):
        other.redeal(hands[:3], boneyard)


def test_the_kernel_refuses_what_its_words_cannot_hold() -> None:
    with pytest.raises(ArgumentError, match=f"at most {MAX_TILES} tiles, not double-15's 136"):
        replace(MEXICAN_TRAIN, max_pip=15)
    with pytest.raises(ValueError, match=f"at most {MAX_TILES} tiles"):
        train_tables(15)  # 136 tiles
    assert train_tables(14).size == 120
    codes = TrainCodes(12, MAX_SEATS + 1, 5, 1, False, 0, True)
    with pytest.raises(ValueError, match=f"seats 1 to {MAX_SEATS} players"):
        TrainRound(codes, 12, [0] * (MAX_SEATS + 1), [], 0, search=False)


def test_a_play_of_no_tile_or_on_no_train_is_refused() -> None:
    game = new_round(MEXICAN_TRAIN.with_players(4).kernel, 0, random.Random(5))
    with pytest.raises(ValueError):
        game.play(91, 0)
    with pytest.raises(ValueError):
        game.play(0, 5)
