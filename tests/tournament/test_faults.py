"""A user bot that raises, answers nonsense, is too slow or crashes loses the turn; the tournament goes on."""

import os

import pytest

from domino_tui.ai import Bot, make_bot
from domino_tui.engine import DRAW, Kind, Move, Observation, Opening, get_rules
from domino_tui.tournament import run_tournament
from domino_tui.tournament.faults import Fault
from domino_tui.tournament.fullplay import IDLE_TURNS, play_full


def faulty(bots_dir: str, name: str) -> str:
    return os.path.join(bots_dir, f"faulty.py:{name}")


@pytest.mark.parametrize(("name", "fault"), [("Raiser", "raised"), ("Illegal", "illegal"), ("Garbage", "illegal")])
def test_every_turn_of_a_broken_bot_is_a_lost_turn(bots_dir: str, name: str, fault: str) -> None:
    result = run_tournament("partnership9", [faulty(bots_dir, name), "dummy"], games=6, seed=1, jobs=1)
    m = result.matches[0]
    assert m.games == 6
    assert m.faults[1] == {}
    assert set(m.faults[0]) == {fault}
    # It never lays a tile, so it never goes out; it can only win a blocked count.
    assert m.wins[1] > m.wins[0]
    broken = next(s for s in result.ranking if s.name == f"{name}+{name} (faulty.py)")
    assert broken.failures == m.faults[0][fault] >= 6 * 2
    assert result.ranking[0].name == "dummy+dummy"


def test_a_slow_move_is_cut_off_at_the_limit_and_the_bot_plays_on(bots_dir: str) -> None:
    # Slow sleeps 30 s on its first move of each game: one lost turn per game, then normal play. Its other moves
    # and its host, started twice a game, must be in time, so the limit is one a loaded machine keeps (at 0.3 s,
    # the game's budget for both starts was 2.2 s); a run that waited for a single one of its sleeps would take
    # 30 s, however quick the machine.
    bots = [f"{faulty(bots_dir, 'Slow')}+dummy", "greedy"]
    result = run_tournament("partnership9", bots, games=2, seed=3, jobs=1, move_limit=1.0)
    m = result.matches[0]
    assert m.games == 2
    assert m.faults == ({"slow": 2}, {})
    assert result.seconds < 30


def test_a_bot_that_kills_its_process_is_isolated_and_restarted(bots_dir: str) -> None:
    result = run_tournament("block", [faulty(bots_dir, "Crasher"), "greedy"], games=4, seed=2, jobs=2)
    m = result.matches[0]
    assert m.games == 4
    assert m.faults == ({"crashed": 4}, {})
    assert m.wins[0] + m.wins[1] + m.ties == 4


class AlwaysRaises(Bot):
    def choose(self, obs: Observation) -> Move:
        raise ValueError("no")


def test_a_lost_turn_is_recorded_as_a_forced_pass() -> None:
    import random

    rules = get_rules("partnership9")
    players = [AlwaysRaises(), make_bot("dummy"), make_bot("dummy"), make_bot("dummy")]
    outcome = play_full(rules, random.Random(4), Opening(0), players)
    assert outcome.result is not None
    lost = [seat for seat, fault in outcome.faults if fault is Fault.RAISED]
    assert lost and set(lost) == {0}
    assert outcome.result.pips[0] > 0  # seat 0 never played a tile


def test_forced_passes_are_in_the_public_history() -> None:
    import random

    from domino_tui.engine import GameState
    from domino_tui.tournament.fullplay import play_state

    game = GameState.new("block", random.Random(9), Opening(0))
    outcome = play_state(game, [AlwaysRaises(), make_bot("greedy")])
    forced = [ev for ev in game.history if ev.forced]
    assert len(forced) == len(outcome.faults) > 0
    assert all(ev.kind is Kind.PASS and ev.seat == 0 for ev in forced)


def test_a_game_two_broken_bots_cannot_end_is_abandoned_as_a_tie() -> None:
    import random

    # Classic never blocks while the stock lasts, and nobody draws: the position never changes, and the game is
    # abandoned after IDLE_TURNS turns of it.
    outcome = play_full(get_rules("classic"), random.Random(2), Opening(None), [AlwaysRaises(), AlwaysRaises()])
    assert outcome.result is None
    assert outcome.points == (0, 0)
    assert len(outcome.faults) == IDLE_TURNS


def test_the_count_of_idle_turns_starts_again_at_every_draw() -> None:
    import random

    # A bot that draws whenever it may and otherwise raises, against one that always raises: the position changes
    # with each of the 14 draws, so the count of idle turns starts again at each, and only then runs out.
    class DrawsOrRaises:
        def choose(self, obs):
            if DRAW in obs.legal:
                return DRAW
            raise ValueError("no move")

    outcome = play_full(get_rules("classic"), random.Random(2), Opening(None), [DrawsOrRaises(), AlwaysRaises()])
    assert outcome.result is None
    assert IDLE_TURNS < len(outcome.faults) < IDLE_TURNS + 2 * 14
