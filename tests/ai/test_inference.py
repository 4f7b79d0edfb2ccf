"""Inference from a hand-built public history."""

from __future__ import annotations

import random

from domino_tui.ai.inference import infer
from domino_tui.ai.sampling import sample
from domino_tui.engine import DRAW, PASS, End, observe, tile_set

from .helpers import T, game, mask, play

TS = tile_set(6)


def partnership_after_a_pass():
    state = game(
        "partnership",
        ["34 35 36 13 14 15 16", "00 01 02 05 06 11 12", "03 04 22 23 24 25 26", "33 44 45 46 55 56 66"],
        lead=0,
    )
    play(state, "34")  # ends 3 and 4
    state.apply(PASS)  # seat 1 holds no 3 and no 4
    play(state, "03", End.LEFT)  # ends 0 and 4
    play(state, "44", End.RIGHT)
    return state


def test_a_pass_rules_out_both_numbers_showing_for_good() -> None:
    know = infer(observe(partnership_after_a_pass(), 0))
    threes_and_fours = TS.match[3] | TS.match[4]
    assert know.seats[1].never() == threes_and_fours
    assert know.seats[2].never() == 0 and know.seats[3].never() == 0
    assert not know.fits(1, mask("13 00 01 02 05 06"))
    assert know.fits(1, mask("00 01 02 05 06 11"))
    # Unknown: everything but seat 0's six tiles and the three on the table.
    assert know.unknown.bit_count() == 28 - 6 - 3


def test_guesses_respect_the_pass_and_the_counts() -> None:
    obs = observe(partnership_after_a_pass(), 0)
    know = infer(obs)
    rng = random.Random(1)
    seen_in_1 = 0
    for _ in range(300):
        g = sample(know, obs.stock_size, rng)
        assert [m.bit_count() for m in g.masks] == [6, 7, 6, 6]
        assert g.masks[0] == know.own
        assert g.masks[1] | g.masks[2] | g.masks[3] == know.unknown
        assert not g.masks[1] & (TS.match[3] | TS.match[4])
        seen_in_1 |= g.masks[1]
    # Seat 1 is left exactly the seven tiles without a 3 or 4 that are unknown, so every guess gives it those.
    assert seen_in_1 == know.unknown & ~(TS.match[3] | TS.match[4])


def allfives_drawing():
    # Seat 0 leads [5|5]; seat 1 has no 5 and draws [0|1] (drawn first, so last in the stock), then [0|5].
    state = game("allfives", ["55 12 13 14 23 24 26", "00 02 03 04 11 22 33"], stock="05 01", lead=0)
    play(state, "55")
    state.apply(DRAW)
    return state


def test_a_draw_rules_out_the_ends_but_not_the_tiles_drawn_since() -> None:
    state = allfives_drawing()
    know = infer(observe(state, 0))
    sk = know.seats[1]
    assert len(sk.voids) == 1 and sk.draw_index == [1]
    assert sk.never() == 0  # it drew after the fact, so one tile showing 5 may be the new one
    assert know.fits(1, mask("00 02 03 04 11 22 33 45"))
    assert not know.fits(1, mask("00 02 03 04 11 22 45 56"))


def test_a_play_after_drawing_uses_up_the_drawn_tile() -> None:
    state = allfives_drawing()
    state.apply(DRAW)
    play(state, "05", End.LEFT)
    know = infer(observe(state, 0))
    # Both draws were made holding no 5, and the one 5 drawn was played: seat 1 holds no 5 now.
    assert not know.fits(1, mask("00 02 03 04 11 22 01 45"))
    assert know.fits(1, mask("00 02 03 04 11 22 01 33"))
    rng = random.Random(3)
    for _ in range(200):
        g = sample(know, state.stock_size, rng)
        assert not g.masks[1] & TS.match[5]
        assert len(g.stock) == state.stock_size


def test_classic_highest_double_lead_means_nobody_was_dealt_a_higher_one() -> None:
    state = game("classic", ["55 12 13 14 23 24 26", "00 02 03 04 11 22 33"], stock="66", lead=None)
    assert state.history[0].tile == T("55")[0]
    know = infer(observe(state, 1))
    sixes = mask("66")
    assert not know.fits(0, mask("12 13 14 23 24 66"))
    assert know.seats[0].never() & sixes
    assert all(not v.soft for v in know.seats[0].voids)


def test_classic_draws_are_only_likely_voids() -> None:
    state = game("classic", ["55 12 13 14 23 24 26", "00 02 03 04 11 22 33"], stock="66", lead=None)
    state.apply(DRAW)  # seat 1 draws though [0|5] or anything with a 5 would have been its choice
    know = infer(observe(state, 0))
    assert [v.soft for v in know.seats[1].voids] == [False, True]  # the opening double, then the draw
    # A hand with a 5 breaks the likely fact but not the certain ones.
    five = mask("00 02 03 04 11 22 35 45")
    assert not know.fits(1, five)
    assert know.fits(1, five, soft=False)
