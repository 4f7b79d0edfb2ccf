"""The Python API: entries as strings, Bot classes or pairs; results as data."""

import pytest

from domino_tui.ai import Bot
from domino_tui.engine import Kind, Move, Observation
from domino_tui.tournament import EntryError, run_match, run_tournament


class Heaviest(Bot):
    """Written in the caller's own code: the heaviest play, else the draw or pass."""

    def choose(self, obs: Observation) -> Move:
        plays = [m for m in obs.legal if m.kind is Kind.PLAY]
        return max(plays, key=lambda m: m.tile.pips) if plays else obs.legal[0]


def test_a_bot_class_from_code_plays_like_the_bot_it_copies() -> None:
    # Heaviest decides as greedy does, so a match against greedy in duplicate pairs must be exactly level.
    m = run_match("block", Heaviest, "greedy", games=20, seed=4, jobs=1)
    assert (m.first, m.second) == ("Heaviest (test_api)", "greedy")
    assert m.wins[0] == m.wins[1] and m.points[0] == m.points[1]
    assert m.faults == ({}, {})


def test_pairs_from_code_and_the_settings_they_leave() -> None:
    result = run_tournament("partnership9", [(Heaviest, "dummy"), "greedy"], games=30, seed=2, jobs=2)
    assert [e.name for e in result.entries] == ["Heaviest+dummy (test_api)", "greedy+greedy"]
    assert result.settings.bots[0].endswith("Heaviest+dummy")
    assert result.matches[0].games == 30
    assert {s.name for s in result.ranking} == {"Heaviest+dummy (test_api)", "greedy+greedy"}


def test_entries_that_cannot_play_are_refused() -> None:
    with pytest.raises(EntryError, match="no choose"):
        run_match("block", int, "greedy", games=2)
    with pytest.raises(EntryError, match="needs 2"):
        run_match("partnership9", (Heaviest,), "greedy", games=2)
    with pytest.raises(ValueError, match="unknown variant"):
        run_match("snooker", "greedy", "dummy", games=2)
