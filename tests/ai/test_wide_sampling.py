"""Guesses over a 91-tile set (Mexican Train): every unseen tile placed once, counts kept, facts obeyed."""

import random

from domino_tui.ai.inference import Knowledge, SeatKnowledge, Void
from domino_tui.ai.wide_sampling import WideSampler

TILES = 91


def test_guesses_of_ninety_one_tiles_keep_counts_and_the_facts_of_passes_and_draws() -> None:
    rng = random.Random(7)
    order = list(range(TILES))
    rng.shuffle(order)
    own = sum(1 << t for t in order[:12])
    unknown = sum(1 << t for t in order[12:80])  # 11 tiles are on the table
    hidden = order[12:80]
    barred = sum(1 << t for t in hidden[:30])  # tiles showing the numbers seat 1 passed on
    seats = {
        1: SeatKnowledge(1, 12, voids=[Void(3, barred)]),
        2: SeatKnowledge(2, 10, voids=[Void(5, barred)], draw_index=[6]),  # drew once since: one may be held
        3: SeatKnowledge(3, 11),
    }
    know = Knowledge(players=4, me=0, own=own, unknown=unknown, rest_size=68 - 33, seats=seats)
    sampler = WideSampler(know, stock_size=68 - 33)
    held_by_two = 0
    for _ in range(200):
        guess = sampler.sample(rng)
        masks = guess.masks
        assert masks[0] == own
        assert [m.bit_count() for m in masks[1:]] == [12, 10, 11]
        assert len(guess.stock) == 35
        placed = masks[1] | masks[2] | masks[3] | sum(1 << t for t in guess.stock)
        assert placed == unknown and sum(m.bit_count() for m in masks[1:]) + 35 == 68
        assert masks[1] & barred == 0
        assert (masks[2] & barred).bit_count() <= 1
        held_by_two += (masks[2] & barred).bit_count()
    assert held_by_two  # the draw since the pass does let seat 2 hold one
