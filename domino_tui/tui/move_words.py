"""A line game's moves in words, from the public history alone: where a tile went, a seat's latest turn, one move
for the log. The table at this keyboard (session.py) and the table online (online.py) say them alike."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import End, Event, Kind


def where(end: End) -> str:
    """Where a tile went, in words: "on the left", "on the up arm"."""
    return f"on the {end.label}" + (" arm" if end in (End.UP, End.DOWN) else "")


def last_action(history: Sequence[Event], seat: int) -> str:
    """``seat``'s latest turn in words: "passed", "drew 2", "[6|3] on the right +15", "led [6|6]"."""
    i = len(history) - 1
    while i >= 0 and history[i].seat != seat:
        i -= 1
    if i < 0:
        return ""
    j = i
    while j > 0 and history[j - 1].seat == seat:
        j -= 1
    turn = history[j : i + 1]
    draws = sum(ev.kind is Kind.DRAW for ev in turn)
    parts = [f"drew {draws}"] if draws else []
    last = turn[-1]
    if last.kind is Kind.PLAY and last.end is not None:  # a play always has an end
        parts.append(f"led {last.tile}" if led(last) else f"{last.tile} {where(End(last.end))}")
        if last.scored:
            parts[-1] += f" +{last.scored}"
    elif last.kind is Kind.PASS:
        parts.append("passed")
    return ", ".join(parts)


def describe(ev: Event, names: Sequence[str]) -> str:
    """One move for the log: "Ana: [6|3] on the right  +15", "Ana: passes (forced)"."""
    who = names[ev.seat]
    if ev.kind is Kind.PLAY and ev.end is not None:  # a play always has an end
        at = "" if led(ev) else f" on the {End(ev.end).label}"
        return f"{who}: {ev.tile}{at}" + (f"  +{ev.scored}" if ev.scored else "")
    if ev.kind is Kind.DRAW:
        return f"{who}: draws"
    return f"{who}: passes" + (" (forced)" if ev.forced else "")


def led(ev: Event) -> bool:
    """The play was the first tile on the table."""
    return not ev.ends_before or ev.ends_before[0] == -1
