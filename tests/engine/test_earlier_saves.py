"""Saves of Mexican Train rounds and matches that an earlier version wrote (tests/earlier_saves/README.md): it
ended a round blocked after every seat passed in a row, and drew for the engine double by default."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from domino_tui.engine import EngineSearch, SaveFormatError, Tile, TrainMatch, TrainPlay, TrainRoundState

FOLDER = Path(__file__).parents[1] / "earlier_saves"
EXPECTED = json.loads((FOLDER / "expected.json").read_text())


def saved(name: str) -> dict[str, object]:
    return json.loads((FOLDER / f"{name}.json").read_text())


def test_a_round_the_earlier_rule_blocked_rightly_reads_with_its_score_and_deal():
    data = saved("round_blocked")
    state = TrainRoundState.from_json(data)
    said = EXPECTED["round_blocked"]
    assert state.over and state.out_seat is None
    assert list(state.points()) == said["points"]
    # The passes the earlier rule waited for, once nobody could play, change nothing and are dropped.
    assert len(state.moves) < said["moves"] == len(data["moves"])
    assert all(m == ["pass"] for m in data["moves"][len(state.moves) :])
    # Dealt as it was, whatever today's default: its "drawn" drew for the engine until the first seat found it.
    assert state.rules.options.engine_search is EngineSearch.DRAWN_UNTIL_FOUND
    again = state.to_json()
    assert again["version"] == 2 and TrainRoundState.from_json(again) == state


def test_a_round_the_earlier_rule_ended_too_soon_reads_as_the_round_in_progress_it_is():
    state = TrainRoundState.from_json(saved("round_ended_too_soon"))
    assert not state.over
    for seat, (low, high) in EXPECTED["round_ended_too_soon"]["could_play"]:
        assert Tile(low, high) in state.hand(seat)
    # It goes on to an end by the rules: someone plays the tile the earlier version never let them play.
    rng = random.Random(1)
    plays = 0
    while not state.over:
        move = rng.choice(state.legal_moves())
        plays += isinstance(move, TrainPlay)
        state.apply(move)
    assert plays >= 1


def test_a_match_played_on_after_a_round_ended_too_soon_is_refused_in_words():
    with pytest.raises(SaveFormatError, match="earlier version of domino-tui") as refused:
        TrainMatch.from_json(saved("match_ended_too_soon"))
    assert "round 1" in str(refused.value)


def test_a_save_of_this_edition_keeps_every_move_after_the_end_an_error():
    state = TrainRoundState.from_json(saved("round_blocked"))
    data = state.to_json()
    with pytest.raises(SaveFormatError, match="comes after the end"):
        TrainRoundState.from_json({**data, "moves": [*data["moves"], ["pass"]]})
    old = saved("round_blocked")
    with pytest.raises(SaveFormatError, match="comes after the end"):  # an earlier save's idle tail is passes only
        TrainRoundState.from_json({**old, "moves": [*old["moves"], ["draw"]]})
