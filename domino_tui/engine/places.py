"""Sides placed by their points: a rule on integers that the record of games and the tournaments' tables share.

Which way points count is the rules' to say (`Rules.lowest_wins`, `TrainRules.lowest_wins`): the points a side
makes win a line game; the pips left in a hand lose Mexican Train.
"""

from __future__ import annotations

from collections.abc import Sequence


def places_of(points: Sequence[int], lowest_wins: bool) -> tuple[int, ...]:
    """Each side's place by its points (0 first): the number of sides that did strictly better; ties share."""
    signed = [p if lowest_wins else -p for p in points]
    return tuple(sum(other < mine for other in signed) for mine in signed)
