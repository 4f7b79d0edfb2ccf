"""The kernel's shuffle and deal take exactly ``random.Random.shuffle``'s numbers: compiled, drawn in C from the
generator's own Mersenne Twister state, the order and the generator's state after must be Python's, for any length
and wherever in its 624 words the generator stands; a generator that draws otherwise shuffles itself. Interpreted
(DOMINO_TUI_PURE=1) and compiled builds deal the same hands."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from domino_tui.ai.lines import RandomLines
from domino_tui.engine import VARIANTS, core

LENGTHS = [*range(92), 28, 55, 91, 624, 625, 1000]


def python_shuffled(size: int, rng: random.Random) -> list[int]:
    items = list(range(size))
    rng.shuffle(items)
    return items


def kernel_shuffled(size: int, rng: Any) -> list[int]:
    items = list(range(size))
    core.shuffle(items, rng)
    return items


def generators(seed: int, kind: type[random.Random] = random.Random) -> tuple[random.Random, random.Random]:
    """Two generators in the same state: seeded, then a few hundred words on, so that the 624 words are
    regenerated at any step of a shuffle."""
    ours, theirs = kind(seed), kind(seed)
    skipped = seed * 7919 % 700
    if skipped:
        ours.getrandbits(32 * skipped)
        theirs.getrandbits(32 * skipped)
    return ours, theirs


def test_the_compiled_kernel_reads_the_generator_in_place() -> None:
    # A silent fallback to the generator's own shuffle would pass every equality below and be slow: the compiled
    # build must read this interpreter's random.Random.
    assert core.TWISTER_READABLE == core.COMPILED
    assert core.twister_readable()


def test_the_shuffle_is_random_shuffle_for_every_length_and_many_seeds() -> None:
    for size in LENGTHS:
        for seed in range(size * 31, size * 31 + 40):
            ours, theirs = generators(seed)
            assert kernel_shuffled(size, ours) == python_shuffled(size, theirs), (size, seed)
            assert ours.getstate() == theirs.getstate(), (size, seed)
            assert ours.random() == theirs.random()


def test_the_shuffle_is_random_shuffle_for_thousands_of_seeds() -> None:
    for seed in range(4000):
        size = LENGTHS[seed % len(LENGTHS)]
        ours, theirs = generators(seed)
        assert kernel_shuffled(size, ours) == python_shuffled(size, theirs), (size, seed)
        assert ours.random() == theirs.random(), (size, seed)


def reference_deal(size: int, dealt: int, need_double: bool, doubles: int, rng: random.Random) -> list[int]:
    while True:
        order = python_shuffled(size, rng)
        if not need_double or any(doubles >> tile & 1 for tile in order[:dealt]):
            return order


@pytest.mark.parametrize(("max_pip", "players", "hand_size"), [(6, 4, 7), (6, 2, 7), (6, 4, 5), (9, 4, 10), (9, 2, 4)])
def test_the_deal_is_random_shuffle_of_the_set(max_pip: int, players: int, hand_size: int) -> None:
    t = core.tables(max_pip)
    for seed in range(1500):
        need_double = seed % 3 != 0
        ours, theirs = generators(seed)
        order = core.deal(t, players, hand_size, need_double, ours)
        assert order == reference_deal(t.size, players * hand_size, need_double, t.doubles, theirs), seed
        assert ours.random() == theirs.random(), seed


class DrawsByRandom(random.Random):
    """Redefines random(): its shuffle then draws with random() (``_randbelow_without_getrandbits``), other
    numbers than random.Random's."""

    calls = 0

    def random(self) -> float:
        DrawsByRandom.calls += 1
        return super().random()


class Renamed(random.Random):
    """Adds a method and redefines none that a shuffle calls: it shuffles as random.Random does."""

    def name(self) -> str:
        return "renamed"


def test_a_generator_that_draws_otherwise_shuffles_itself() -> None:
    assert not core.draws_as_random(DrawsByRandom)
    for size in (2, 28, 55, 91):
        for seed in range(30):
            ours, theirs = generators(seed, DrawsByRandom)
            before = DrawsByRandom.calls
            assert kernel_shuffled(size, ours) == python_shuffled(size, theirs), (size, seed)
            assert ours.getstate() == theirs.getstate()
            assert DrawsByRandom.calls > before
            ours, theirs = generators(seed, DrawsByRandom)
            dealt = core.deal(core.tables(6), 4, 7, True, ours)
            assert dealt == reference_deal(28, 28, True, core.tables(6).doubles, theirs)
            assert ours.getstate() == theirs.getstate()


def test_a_subclass_that_draws_the_same_way_takes_the_same_numbers() -> None:
    assert core.draws_as_random(Renamed) and not core.draws_as_random(random.SystemRandom)
    for seed in range(200):
        ours, theirs = generators(seed, Renamed)
        assert kernel_shuffled(28, ours) == python_shuffled(28, theirs)
        assert ours.getstate() == theirs.getstate()


def test_any_object_with_a_shuffle_shuffles_itself() -> None:
    class Reverser:
        def shuffle(self, items: list[int]) -> None:
            items.reverse()

    assert kernel_shuffled(5, Reverser()) == [4, 3, 2, 1, 0]
    assert core.deal(core.tables(6), 2, 7, False, Reverser()) == list(range(27, -1, -1))


def deal_digest(games: int) -> str:
    """The hands of ``games`` deals of every size of set and table, and ``games`` random line games of every line
    variant (their hands and results), from one seed, as one hash."""
    seen = hashlib.sha256()
    rng = random.Random(29)
    shapes = [(6, 4, 7), (6, 2, 7), (9, 4, 10), (9, 3, 8), (9, 8, 6)]
    for i in range(games):
        max_pip, players, hand_size = shapes[i % len(shapes)]
        seen.update(repr(core.deal(core.tables(max_pip), players, hand_size, i % 2 == 0, rng)).encode())
        items = list(range(i % 1000))
        core.shuffle(items, rng)
        seen.update(repr(items).encode())
    for name, rules in VARIANTS.items():
        if not rules.is_line:
            continue
        lines = RandomLines(rules, random.Random(name))
        deals: list[tuple[list[int], Any]] = []
        for _ in range(games):
            seen.update(repr(lines.play(deals=deals)).encode())
        seen.update(repr([(masks, opening.seat) for masks, opening in deals]).encode())
    seen.update(repr(rng.getstate()).encode())
    return seen.hexdigest()


def test_the_compiled_and_interpreted_kernels_deal_the_same_hands() -> None:
    script = "from tests.engine.test_twister_deal import deal_digest; print(deal_digest(2000))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == deal_digest(2000)
