"""Whole matches of every variant through a real server on 127.0.0.1: people and bots at one table."""

from __future__ import annotations

import pytest

from domino_tui.engine import VARIANTS
from domino_tui.net.client import NetError, SeatView

from .tables import MIXED, play_table


@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_people_and_bots_play_a_whole_match(running, variant: str) -> None:
    clients, welcomes, results = await play_table(running.client, variant)
    assert [w.seat for w in welcomes] == [i for i, s in enumerate(MIXED[variant]) if s is None]
    assert all(r is not None and r.match_over for r in results)
    assert len({(r.scores, r.winner, r.game) for r in results}) == 1  # every seat heard the same end
    room = running.room()
    assert room.match is not None and room.match.over
    assert tuple(room.match.scores) == results[0].scores
    for c, w in zip(clients, welcomes, strict=True):
        assert isinstance(c.observation, SeatView) and c.observation.observation.seat == w.seat
    # People and bots both moved.
    movers = {ev.seat for g in room.match.match.games for ev in g.history}
    assert movers == set(range(VARIANTS[variant].players))


async def test_two_people_play_each_other_with_no_bot(running) -> None:
    _, _, results = await play_table(running.client, "block", seats=[None, None])
    assert results[0] == results[1] and results[0].match_over


async def test_a_room_refuses_a_number_of_players_its_rules_do_not_take(running) -> None:
    rules = next(r for r in VARIANTS.values() if len(r.player_counts) > 1)
    with pytest.raises(NetError) as refused:
        await running.client().create("Ana", rules.name, players=max(rules.player_counts) + 1)
    assert refused.value.code == "bad_message"
