"""The league-routes benchmark: its league with repeats allowed, and its Bradley-Terry fit."""

from __future__ import annotations

from benchmarks.league_routes import MeetingsLeague, NearestLeague, bradley_terry
from domino_tui.tournament.league import League

ENTRIES = ["greedy", "dummy", "random", "doubles"]


def plans(league: League, rounds: int) -> list[tuple]:
    out = []
    for _ in range(rounds):
        out.append(league.next_round().fixtures)
        league.play_round()
    return out


def test_one_meeting_a_pair_plans_the_rounds_the_league_plans() -> None:
    ours = MeetingsLeague.create("block", ENTRIES, games=2, seed=5)
    theirs = League.create("block", ENTRIES, games=2, seed=5)
    assert plans(ours, 5) == plans(theirs, 5)  # past the 3 rounds without a repeat too


def test_two_meetings_a_pair_let_a_pair_meet_again_before_everyone_has_met() -> None:
    capped = type("Twice", (MeetingsLeague,), {"meetings": 2})
    league = capped.create("block", ENTRIES, games=2, seed=5)
    pairs = [frozenset(f.sides[0] + f.sides[1]) for fixtures in plans(league, 3) for f in fixtures]
    assert len(set(pairs)) < len(pairs)
    assert max(pairs.count(p) for p in pairs) <= 2


def test_the_fit_orders_entries_by_their_wins() -> None:
    games = [("a", "b", 8.0, 2.0), ("b", "c", 7.0, 3.0), ("a", "c", 9.0, 1.0)]
    strength = bradley_terry(["c", "b", "a"], games)
    assert strength["a"] > strength["b"] > strength["c"]


def test_pairing_by_the_fit_seats_everyone_and_without_jitter_pairs_neighbours_in_the_fit() -> None:
    league = NearestLeague.create("block", ENTRIES, games=2, seed=5)
    rounds = plans(league, 4)
    for fixtures in rounds:
        assert sorted(n for f in fixtures for side in f.sides for n in side) == sorted(ENTRIES)
    again = NearestLeague.create("block", ENTRIES, games=2, seed=5)
    assert plans(again, 4) == rounds  # drawn from the seed
    exact = type("Exact", (NearestLeague,), {"jitter": 0.0}).create("block", ENTRIES, games=2, seed=5)
    exact.play(2)
    order = [s.name for s in sorted(exact.standings(), key=lambda s: -s.rating.mu)]
    paired = [set(f.sides[0] + f.sides[1]) for f in exact.next_round().fixtures]
    assert paired == [set(order[:2]), set(order[2:])]
