"""Plays of one tile that come to the same thing: a lone double, or two ends showing the same number where the
layout is the mirror image either way. The table does not ask which of them; the hint and the review list
them as one row.

Two plays are the same when the kernel's whole view of the ends afterwards (what each end shows, which are
doubles, which spinner arms have tiles) is the same up to swapping left with right and up with down: every rule
reads the ends through that view alone, and treats the two sides alike. Once a spinner has tiles on both sides
its arms are open, and an end with a tile on it, side or arm, is an end like any other (only an arm still
waiting for its first tile counts for nothing): there, plays that leave the same ends in other places are the
same too, as a double laid on a side or on an arm showing the same number.

Which ends are doubles matters only where the ends' count scores (a double at an end counts both its halves):
elsewhere (``counted`` false) a double at an end shows its number as any tile does, and plays that differ only
in where the doubles lie are the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import Board, End, Tile

# The line's ends (or a cross's sides) up to mirror images: what each end shows, which are doubles, which arms
# have tiles, which sides of the spinner have.
MirrorView = tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...], tuple[bool, ...]]
# A spinner with both sides taken: its ends with tiles, then its arms still empty, each as (number, double).
CrossView = tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, bool], ...]]
View = MirrorView | CrossView


def outcome(board: Board, tile: Tile, end: End, counted: bool = True) -> View:
    """The ends after ``tile`` is laid at ``end``, in a form that plays coming to the same thing share (``counted``:
    the rules score the ends' count, where a double at an end counts twice)."""
    after = board.copy()
    after.place(tile, end)
    layout = after.layout
    if all(layout.side_taken):
        shows = [(layout.ends[e], layout.double_at[e] and counted) for e in End]
        arms = zip((End.UP, End.DOWN), layout.arm_started, strict=True)
        laid = [shows[End.LEFT], shows[End.RIGHT]] + [shows[e] for e, started in arms if started]
        waiting = [shows[e] for e, started in zip((End.UP, End.DOWN), layout.arm_started, strict=True) if not started]
        return tuple(sorted(laid)), tuple(sorted(waiting))
    views: list[MirrorView] = []
    for mirror_sides in (False, True):
        for mirror_arms in (False, True):
            layout = after.layout
            ends, dbl = list(layout.ends), [double and counted for double in layout.double_at]
            arm, side = list(layout.arm_started), list(layout.side_taken)
            if mirror_sides:
                ends[0], ends[1] = ends[1], ends[0]
                dbl[0], dbl[1] = dbl[1], dbl[0]
                side.reverse()
            if mirror_arms:
                ends[2], ends[3] = ends[3], ends[2]
                dbl[2], dbl[3] = dbl[3], dbl[2]
                arm.reverse()
            views.append((tuple(ends), tuple(dbl), tuple(arm), tuple(side)))
    return min(views)


def groups(board: Board, tile: Tile, ends: Iterable[End], counted: bool = True) -> list[tuple[End, ...]]:
    """``ends`` (where ``tile`` fits) in groups that come to the same thing, in their first order."""
    found: dict[View, list[End]] = {}
    for end in ends:
        found.setdefault(outcome(board, tile, end, counted), []).append(end)
    return [tuple(group) for group in found.values()]


def distinct(board: Board, tile: Tile, ends: Sequence[End], counted: bool = True) -> tuple[End, ...]:
    """One end of each group: the choices worth asking about."""
    return tuple(group[0] for group in groups(board, tile, ends, counted))
