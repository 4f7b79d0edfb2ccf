"""The MC102 judge's player interface: the judge's rules on answers, the exact inputs, and a pair module end to end."""

import os
import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.engine import CLOSED, End, GameState, Kind, Move, Opening, Tile, full_set, get_rules, observe
from domino_tui.tournament import EntryError, run_tournament
from domino_tui.tournament.faults import Fault, Forfeit
from domino_tui.tournament.fullplay import play_state
from domino_tui.tournament.mc102 import Mc102Player, judge, play_history
from domino_tui.tournament.mc102_players import DummyPlayer, Player


def position() -> GameState:
    """partnership9, seat k dealt tiles 10k..10k+9 of the set; seat 0 has led [0|5]: ends 0 and 5."""
    rules = get_rules("partnership9")
    tiles = full_set(9)
    game = GameState(rules, [tiles[10 * k : 10 * k + 10] for k in range(4)], tiles[40:], Opening(0))
    game.apply(Move.play(Tile(0, 5), End.LEFT))
    return game


def test_the_judge_puts_a_tile_on_the_end_it_fits() -> None:
    obs = observe(position(), 1)  # seat 1 holds [1|1]..[1|9], [2|2]
    assert judge((0, (1, 5)), obs) == Move.play(Tile(1, 5), End.RIGHT)
    assert judge((1, (5, 1)), obs) == Move.play(Tile(1, 5), End.RIGHT)


@pytest.mark.parametrize(
    ("answer", "fault"),
    [
        ((0, (2, 2)), Fault.ILLEGAL),  # in the hand, fits neither end
        ((0, (0, 3)), Fault.ILLEGAL),  # not in the hand
        ((0, (12, 3)), Fault.ILLEGAL),  # not a tile of the set
        ((0, "1-5"), Fault.ILLEGAL),
        ("pass", Fault.ILLEGAL),
        ((0, None), Fault.DECLINED),  # a pass while able to play: allowed there, a lost turn here
    ],
)
def test_the_judge_turns_bad_answers_into_lost_turns(answer: object, fault: Fault) -> None:
    with pytest.raises(Forfeit) as caught:
        judge(answer, observe(position(), 1))
    assert caught.value.fault is fault


def test_a_player_who_cannot_play_passes() -> None:
    game = position()
    game.apply(Move.play(Tile(1, 5), End.RIGHT))  # ends 0 and 1
    obs = observe(game, 2)  # seat 2 holds [2|3]..[2|9], [3|3], [3|4], [3|5]: nothing with 0 or 1
    assert judge((1, None), obs).kind is Kind.PASS


class Recorder(Player):
    """Records what it is given, then plays as the MC102 judge's dummy."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[list, tuple, list]] = []

    def play(self, board_extremes, play_hist):
        self.calls.append((list(self.tiles), board_extremes, list(play_hist)))
        return DummyPlayer.play(self, board_extremes, play_hist)


def test_an_mc102_player_gets_exactly_the_judges_inputs() -> None:
    rules = get_rules("partnership9")
    game = GameState.new(rules, random.Random(21), Opening(1))
    dealt = [list(game.hand(s)) for s in range(4)]
    recorders = {0: Recorder(), 2: Recorder()}
    players = [Mc102Player(recorders[0]), make_bot("dummy"), Mc102Player(recorders[2]), make_bot("dummy")]
    outcome = play_state(game, players)
    assert outcome.faults == ()
    history = play_history(tuple(game.history))
    for seat, rec in recorders.items():
        assert rec.calls
        for tiles, extremes, hist in rec.calls:
            turn = len(hist)
            assert hist == history[:turn]
            # The hand as the judge keeps it: dealt order, the tiles this seat played removed.
            played = {h[3] for h in hist if h[0] == seat and h[3] is not None}
            assert tiles == [(t.low, t.high) for t in dealt[seat] if (t.low, t.high) not in played]
            ends = game.history[turn].ends_before
            assert extremes == (() if ends[0] == CLOSED else (ends[0], ends[1]))
            assert game.history[turn].seat == seat
    first = history[0]
    assert first[1] == () and first[2] == 0 and isinstance(first[3], tuple)
    for p, ext, side, tile in history:
        assert p in range(4) and side in (0, 1)
        assert tile is None or (isinstance(tile, tuple) and len(tile) == 2)
        assert ext == () or len(ext) == 2


def test_a_pair_module_plays_a_tournament_end_to_end(examples_dir: str) -> None:
    pair = os.path.join(examples_dir, "mc102_pair.py")
    result = run_tournament("partnership9", [pair, "greedy", "dummy"], games=40, seed=5, jobs=2)
    names = [e.name for e in result.entries]
    assert names == ["Havana doubles (mc102_pair.py)", "greedy+greedy", "dummy+dummy"]
    havana = [m for m in result.matches if names[0] in (m.first, m.second)]
    assert len(havana) == 2 and all(m.games == 40 for m in havana)
    assert all(m.faults == ({}, {}) for m in havana)
    assert sum(m.wins[0] for m in havana) > 0


def test_a_module_without_create_pair_is_refused(bots_dir: str) -> None:
    with pytest.raises(EntryError, match="create_pair"):
        run_tournament("partnership9", [os.path.join(bots_dir, "no_pair.py"), "greedy"], games=2)


def test_the_readme_examples_play(examples_dir: str) -> None:
    pair = os.path.join(examples_dir, "mc102_pair.py")
    blocker = os.path.join(examples_dir, "tournament_bot.py") + ":Blocker"
    result = run_tournament("partnership9", [pair, blocker], games=6, seed=1, jobs=1)
    assert [e.name for e in result.entries] == ["Havana doubles (mc102_pair.py)", "Blocker+Blocker (tournament_bot.py)"]
    assert result.matches[0].faults == ({}, {})
    block = run_tournament("block", [blocker, "greedy"], games=6, seed=1, jobs=1)
    assert block.matches[0].faults == ({}, {})


def test_partners_play_in_separate_processes_and_cannot_share_their_hands(bots_dir: str) -> None:
    pair = os.path.join(bots_dir, "peeking_pair.py")
    result = run_tournament("partnership9", [pair, "greedy"], games=4, seed=3, jobs=1)
    assert result.matches[0].faults == ({}, {})  # a Peeker that found its partner's hand would have raised
