"""The playout policy learned from the expert's own choices, for drawing games in which plays score nothing
(classic).

Shedding heavy tiles, the policy of the other games' playouts, means nothing where only going out counts, and a
player that plays so wins 39% of classic games against seed 000's computer. This policy rates each play by a
weighted sum of what the play does, as the player sees it (`features`), and plays the best. The weights are a
conditional logit fitted to the expert's choices (600 guesses a decision, the heavy-tile playouts) in 1,500 games
against `hyperskill` by ``scripts/fit_policy.py``, which writes ``policy.json``; it picks the expert's play 65% of
the time on held-out decisions, where shedding heavy tiles picks it 45%.

Measured against `hyperskill` (README, "Learned playouts for classic"), as the expert's playouts it gains at a
fixed number of guesses (600: 71.0% of 1,000 games against 65.5%) and nothing at the default budget (69.7%
against 69.6%, about 870 decided games each), so the expert plays it only when asked (``learned=True``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources

from ..engine import Rules

# What a play of a tile does, in the order of the weights. "new" is the number the play leaves open, "other" the
# other end's; "unseen" counts tiles the player cannot see (another hand or the stock), "follow" tiles the hand
# keeps that fit, "table" tiles on the table (the one played included).
FEATURES = (
    "pips",  # the tile's pips
    "double",  # 1 for a double
    "follow_new",  # tiles left in hand that fit the new end
    "follow_other",  # tiles left in hand that fit the other end
    "unseen_new",  # unseen tiles that fit the new end: how likely the next player can follow it
    "unseen_other",  # unseen tiles that fit the other end
    "same_ends",  # 1 if both ends then show one number
    "stuck",  # 1 if no tile left in hand fits either end
    "keep",  # tiles in hand (this one included) showing the tile's numbers, each number counted
    "table_new",  # tiles on the table that show the new end's number
)


def applies(rules: Rules) -> bool:
    """Whether the learned policy plays the playouts of ``rules``: a drawing game in which plays score nothing and
    the line has two ends, as in the games it was fitted to."""
    return rules.has_stock and not rules.fives and not rules.spinner


def features(
    match: Sequence[int],
    low: Sequence[int],
    high: Sequence[int],
    pips: Sequence[int],
    hand: int,
    held: int,
    ends: Sequence[int],
    tile: int,
    end: int,
) -> tuple[int, ...]:
    """`FEATURES` of playing ``tile`` (an index) on ``end`` (0 or 1, which shows one of its numbers) from ``hand``
    (before the play), where ``held`` is every tile not on the table (the hands and the stock)."""
    lo = low[tile]
    hi = high[tile]
    new = hi if ends[end] == lo else lo
    other = ends[1 - end]
    bit = 1 << tile
    left = hand ^ bit
    unseen = held & ~hand
    follow_new = (left & match[new]).bit_count()
    follow_other = (left & match[other]).bit_count()
    return (
        pips[tile],
        int(lo == hi),
        follow_new,
        follow_other,
        (unseen & match[new]).bit_count(),
        (unseen & match[other]).bit_count(),
        int(new == other),
        int(follow_new + follow_other == 0),
        (hand & match[lo]).bit_count() + (hand & match[hi]).bit_count(),
        (match[new] & ~(held ^ bit)).bit_count(),
    )


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, in the order of `FEATURES` (from the package's ``policy.json``)."""
    data = json.loads(resources.files(__package__).joinpath("policy.json").read_text(encoding="utf-8"))
    return tuple(float(data["weights"][name]) for name in FEATURES)
