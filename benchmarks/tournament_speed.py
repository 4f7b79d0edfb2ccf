"""Games per second of a dummy vs greedy partnership9 match: our tournament with 1 and 2 jobs beside a
straightforward single-loop judge written the way the MC102 judge is described (lists of tuples, a loop over the
seats, players with ``tiles`` and ``play(board_extremes, play_hist)``, no engine), all in the same run.

    python benchmarks/tournament_speed.py [--games 20000] [--rounds 5] [--user-games 400] [--starts 20]

Rounds alternate between them so that a busy machine slows them alike; the median and the best round are
shown. Requirement: ours with 2 jobs at least 2x the judge's rate. The MC102 judge itself plays about 4,400 to
5,300 such games per CPU-second on these machines.

It also plays a match with a user bot (examples/tournament_bot.py:Blocker, a pair of it against greedy, 1 job),
every move of which crosses a pipe to a bot host, twice in each round: sandboxed (bubblewrap, cgroups where the
machine has them) and unsandboxed (--unsandboxed), and it times starting a host and loading the bot both ways.
Goal: the sandboxed match at least 0.8x the unsandboxed one's rate.

Then the cost of a Dask scheduler: the same round robins of matches of 100 games with --jobs 2 and on a
distributed.LocalCluster of 2 worker processes of 1 thread (started once, before the timing, as a standing
cluster is), one beside the other in each round: built-in bots only (the fast path, where a match takes
milliseconds and the scheduler's cost shows most) and with a user bot (Blocker, sandboxed). Goal: the cluster
within 10% of --jobs. Only that part: ``--only-cluster`` (one of the two round robins: ``--cluster-set built-in``
or ``--cluster-set with``).

Last, a Mexican Train table (greedy, random, greedy, random; ``--train-rounds`` rounds): rounds per second of the
tournament with 1 and 2 jobs beside the bare loop that plays the same rounds with the same bots through the engine
(TrainRoundState, observe_train, choose_train) in one process, the reference for what the tournament adds. Only
that part: ``--only-train``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

from domino_tui.engine import get_rules
from domino_tui.tournament import run_match, run_tournament
from domino_tui.tournament.api import sandbox_statement
from domino_tui.tournament.entries import parse_bot, parse_entries
from domino_tui.tournament.host import BotHost, host_command
from domino_tui.tournament.sandbox import Confinement, bubblewrap

# ----- the reference: an MC102-style judge and its two basic players -----


class Player:
    def __init__(self) -> None:
        self.tiles: list[tuple[int, int]] = []

    def fitting(self, board_extremes: tuple) -> list[tuple[int, tuple[int, int]]]:
        if not board_extremes:
            return [(0, t) for t in self.tiles]
        left, right = board_extremes
        out = []
        for t in self.tiles:
            if left in t:
                out.append((0, t))
            elif right in t:
                out.append((1, t))
        return out


class DummyPlayer(Player):
    def play(self, board_extremes: tuple, play_hist: list) -> tuple[int, tuple[int, int] | None]:
        options = self.fitting(board_extremes)
        return options[0] if options else (0, None)


class GreedyPlayer(Player):
    def play(self, board_extremes: tuple, play_hist: list) -> tuple[int, tuple[int, int] | None]:
        options = self.fitting(board_extremes)
        if not options:
            return 0, None
        return max(options, key=lambda o: o[1][0] + o[1][1])


class Judge:
    """One game at a time, as the MC102 judge works: shuffle, deal ten tiles each, ask each seat in
    turn for (side, tile), check it, lay it on the board (a list of tuples, turned so the numbers touch), keep
    the history, stop when a hand is empty or four turns in a row were lost, else compare the lighter hands."""

    def __init__(self, players: list[Player], rng: random.Random) -> None:
        self.players = players
        self.rng = rng
        self.all_tiles = [(a, b) for a in range(10) for b in range(a, 10)]

    def deal(self) -> None:
        tiles = self.all_tiles[:]
        self.rng.shuffle(tiles)
        for i, p in enumerate(self.players):
            p.tiles = tiles[i * 10 : (i + 1) * 10]
        self.board: list[tuple[int, int]] = []
        self.play_hist: list[tuple] = []

    def extremes(self) -> tuple:
        return (self.board[0][0], self.board[-1][1]) if self.board else ()

    def place(self, side: int, tile: tuple[int, int]) -> int | None:
        """Lay ``tile``; the side it went to, or None when it fits nowhere (a wrong side is put right)."""
        if not self.board:
            self.board.append(tile)
            return 0
        left, right = self.board[0][0], self.board[-1][1]
        if left in tile and (side == 0 or right not in tile):
            self.board.insert(0, tile if tile[1] == left else (tile[1], tile[0]))
            return 0
        if right in tile:
            self.board.append(tile if tile[0] == right else (tile[1], tile[0]))
            return 1
        return None

    def play_game(self, first: int) -> int | None:
        """One game; the winning team (0 for seats 0 and 2, 1 for seats 1 and 3) or None for a tie."""
        self.deal()
        turn = first
        passes = 0
        while passes < 4:
            player = self.players[turn]
            extremes = self.extremes()
            side, tile = player.play(extremes, self.play_hist)
            placed = self.place(side, tile) if tile is not None and tile in player.tiles else None
            if placed is None:
                self.play_hist.append((turn, extremes, side, None))
                passes += 1
            else:
                player.tiles.remove(tile)
                self.play_hist.append((turn, extremes, placed, tile))
                passes = 0
                if not player.tiles:
                    return turn % 2
            turn = (turn + 1) % 4
        lightest = [min(sum(a + b for a, b in self.players[s].tiles) for s in (t, t + 2)) for t in (0, 1)]
        if lightest[0] == lightest[1]:
            return None
        return 0 if lightest[0] < lightest[1] else 1


def judge_match(games: int, seed: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, greedy's share of decided games); greedy sits at 1 and 3."""
    rng = random.Random(seed)
    judge = Judge([DummyPlayer(), GreedyPlayer(), DummyPlayer(), GreedyPlayer()], rng)
    first = rng.randrange(4)
    wins = [0, 0]
    wall, cpu = time.perf_counter(), time.process_time()
    for game in range(games):
        winner = judge.play_game((first + game) % 4)
        if winner is not None:
            wins[winner] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, wins[1] / (wins[0] + wins[1])


def ours(games: int, seed: int, jobs: int) -> tuple[float, float]:
    """(games per wall second including the worker start-up, greedy's share of decided games)."""
    started = time.perf_counter()
    m = run_match("partnership9", "dummy", "greedy", games=games, seed=seed, jobs=jobs)
    wall = time.perf_counter() - started
    return games / wall, 1 - m.win_rate  # type: ignore[operator]


BLOCKER = os.path.join(os.path.dirname(__file__), "..", "examples", "tournament_bot.py") + ":Blocker"


def user_bot_match(games: int, seed: int, sandboxed: bool) -> float:
    """Games per wall second of a match of a user bot (its hosts' start-up and loading included)."""
    started = time.perf_counter()
    run_match("partnership9", BLOCKER, "greedy", games=games, seed=seed, jobs=1, unsandboxed=not sandboxed)
    return games / (time.perf_counter() - started)


def host_start(starts: int, sandboxed: bool) -> float:
    """Seconds to start a host and load its bot (its hello), then stop it, on average over ``starts``."""
    program = host_command(parse_bot(BLOCKER))
    confinement = Confinement(sandboxed, scratch=tempfile.gettempdir() if not sandboxed else "")
    started = time.perf_counter()
    for _ in range(starts):
        host = BotHost(program, confinement=confinement)
        host.describe()
        host.stop()
    return (time.perf_counter() - started) / starts


CLUSTER_BUILTIN = ["greedy", "dummy", "random", "doubles", "hyperskill", "fivescorer", "greedy+dummy", "doubles+greedy"]
CLUSTER_USER = [BLOCKER, "greedy", "dummy", "doubles"]


def timed_round_robin(bots: list[str], games: int, seed: int, scheduler: str | None) -> float:
    started = time.perf_counter()
    run_tournament("partnership9", bots, games=games, seed=seed, jobs=2, scheduler=scheduler)
    return time.perf_counter() - started


CLUSTER_SETS = {"built-in bots (fast path)": CLUSTER_BUILTIN, "with a user bot (sandboxed)": CLUSTER_USER}


def cluster_cost(rounds: int, games: int, which: str = "both") -> None:
    """The scheduler's cost per match: round robins on --jobs 2 and on a LocalCluster, alternating."""
    from distributed import LocalCluster

    sets = [(label, bots) for label, bots in CLUSTER_SETS.items() if which in ("both", label.split()[0])]
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address="127.0.0.1:0", host="127.0.0.1") as cluster:
        for label, bots in sets:
            matches = len(bots) * (len(bots) - 1) // 2
            times: dict[str, list[float]] = {"jobs": [], "cluster": []}
            for r in range(rounds):
                order = ("jobs", "cluster") if r % 2 == 0 else ("cluster", "jobs")
                for where in order:
                    address = cluster.scheduler_address if where == "cluster" else None
                    times[where].append(timed_round_robin(bots, games, r, address))
            jobs, there = statistics.median(times["jobs"]), statistics.median(times["cluster"])
            ratio = there / jobs
            verdict = "met" if ratio <= 1.1 else "NOT met"
            print(
                f"{label}: {matches} matches of {games} games; --jobs 2 {jobs:.2f} s, LocalCluster (2 workers) "
                f"{there:.2f} s (medians of {rounds}); the scheduler's cost {1000 * (there - jobs) / matches:+.1f} ms "
                f"a match, cluster / jobs {ratio:.2f}x; goal at most 1.10x: {verdict}"
            )


TRAIN_TABLE = ["greedy", "random", "greedy", "random"]


def bare_train_rounds(rounds: int, seed: int) -> float:
    """Rounds per wall second of the same table's rounds played in a plain loop over the engine."""
    from domino_tui.ai import make_bot
    from domino_tui.engine import TrainRoundState, get_train_rules, observe_train
    from domino_tui.tournament.free_for_all import deal_seed, engine_round, seating, table_bot_seed

    rules = get_train_rules("mexicantrain", len(TRAIN_TABLE))
    n = len(TRAIN_TABLE)
    started = time.perf_counter()
    for game in range(rounds):
        seats = seating(n, game)
        state = TrainRoundState.new(rules, engine_round(n, game), random.Random(deal_seed(seed, n, game)))
        bots = [make_bot(TRAIN_TABLE[e], random.Random(table_bot_seed(seed, game, s))) for s, e in enumerate(seats)]
        while not state.over:
            state.apply(bots[state.turn].choose_train(observe_train(state, state.turn)))
    return rounds / (time.perf_counter() - started)


def train_table_speed(rounds: int, repeats: int) -> None:
    runs: dict[str, list[float]] = {"bare": [], "ours1": [], "ours2": []}
    for r in range(repeats):
        runs["bare"].append(bare_train_rounds(rounds, r))
        for jobs in (1, 2):
            started = time.perf_counter()
            run_tournament("mexicantrain", TRAIN_TABLE, games=rounds, seed=r, jobs=jobs)
            runs[f"ours{jobs}"].append(rounds / (time.perf_counter() - started))
    med = {k: statistics.median(v) for k, v in runs.items()}
    print(f"Mexican Train table ({', '.join(TRAIN_TABLE)}), {rounds} rounds per run, {repeats} runs:")
    print(f"  bare engine loop, 1 process  {med['bare']:8,.1f} rounds/s median")
    print(f"  tournament, 1 job            {med['ours1']:8,.1f} rounds/s median ({med['ours1'] / med['bare']:.2f}x)")
    print(f"  tournament, 2 jobs           {med['ours2']:8,.1f} rounds/s median ({med['ours2'] / med['bare']:.2f}x)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="games per run (default 20000)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--user-games", type=int, default=400, help="games of the user bot match (default 400)")
    parser.add_argument("--starts", type=int, default=20, help="host starts timed each way per round (default 20)")
    parser.add_argument("--cluster-rounds", type=int, default=3, help="alternating cluster rounds (default 3)")
    parser.add_argument("--cluster-games", type=int, default=100, help="games per match on the cluster (default 100)")
    parser.add_argument("--only-cluster", action="store_true", help="measure only the scheduler's cost")
    parser.add_argument(
        "--cluster-set",
        choices=("both", "built-in", "with"),
        default="both",
        help="the cluster's round robins: both (default), built-in bots only, or with a user bot only",
    )
    parser.add_argument("--train-rounds", type=int, default=400, help="rounds of the Mexican Train table (400)")
    parser.add_argument("--only-train", action="store_true", help="measure only the Mexican Train table")
    args = parser.parse_args(argv)
    if args.only_train:
        train_table_speed(args.train_rounds, args.rounds)
        return 0
    found, why = bubblewrap()
    if not found:
        print(f"no sandbox to measure: {why}", file=sys.stderr)
        return 1
    if args.only_cluster:
        cluster_cost(args.cluster_rounds, args.cluster_games, args.cluster_set)
        return 0
    runs: dict[str, list[float]] = {
        key: [] for key in ("judge", "judge_cpu", "ours1", "ours2", "sandboxed", "unsandboxed", "start_s", "start_u")
    }
    share: dict[str, float] = {}
    for r in range(args.rounds):
        rate, cpu_rate, share["judge"] = judge_match(args.games, seed=r)
        runs["judge"].append(rate)
        runs["judge_cpu"].append(cpu_rate)
        rate, share["ours"] = ours(args.games, seed=r, jobs=1)
        runs["ours1"].append(rate)
        rate, _ = ours(args.games, seed=r, jobs=2)
        runs["ours2"].append(rate)
        # The two ways in turn, first one then the other, so that neither always runs on a warmer machine.
        for sandboxed in (r % 2 == 0, r % 2 == 1):
            key = "sandboxed" if sandboxed else "unsandboxed"
            runs[key].append(user_bot_match(args.user_games, r, sandboxed))
            runs["start_s" if sandboxed else "start_u"].append(host_start(args.starts, sandboxed))
        print(
            f"round {r + 1}: judge {runs['judge'][-1]:,.0f}  ours 1 job {runs['ours1'][-1]:,.0f}  "
            f"ours 2 jobs {runs['ours2'][-1]:,.0f}  user bot sandboxed {runs['sandboxed'][-1]:,.0f}, "
            f"unsandboxed {runs['unsandboxed'][-1]:,.0f} games/s",
            file=sys.stderr,
        )
    med = {k: statistics.median(v) for k, v in runs.items()}
    best = {k: max(v) for k, v in runs.items()}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"partnership9, dummy+dummy vs greedy+greedy, {args.games:,} games per run, {args.rounds} rounds, "
        f"{os.cpu_count()} CPUs, load average {load:.2f} at the end"
    )
    print(f"{'':28}{'games/s median':>16}{'best':>10}   greedy's share of decided games (last round)")
    rows = [
        ("MC102-style judge", "judge", f"{100 * share['judge']:.1f}%"),
        ("  (per CPU-second)", "judge_cpu", ""),
        ("ours, 1 job", "ours1", f"{100 * share['ours']:.1f}%"),
        ("ours, 2 jobs", "ours2", "(same games)"),
    ]
    for label, key, extra in rows:
        print(f"{label:28}{med[key]:>16,.0f}{best[key]:>10,.0f}   {extra}")
    ratio = med["ours2"] / med["judge"]
    verdict = "met" if ratio >= 2 else "NOT met"
    print(f"ours with 2 jobs / judge (medians): {ratio:.2f}x; requirement at least 2x: {verdict}")
    print(
        f"a user bot's match (Blocker+Blocker vs greedy+greedy, {args.user_games} games, 1 job, the hosts' starts "
        "included):"
    )
    for key in ("sandboxed", "unsandboxed"):
        start = statistics.median(runs["start_s" if key == "sandboxed" else "start_u"])
        print(
            f"  {key:12}{med[key]:>8,.0f} games/s median, best {best[key]:,.0f}; "
            f"starting a host and loading the bot: {1000 * start:.0f} ms (median of {args.rounds} means of "
            f"{args.starts})"
        )
    ratio = med["sandboxed"] / med["unsandboxed"]
    verdict = "met" if ratio >= 0.8 else "NOT met"
    print(f"sandboxed / unsandboxed (medians): {ratio:.2f}x; goal at least 0.8x: {verdict}")
    limits = sandbox_statement(parse_entries([BLOCKER, "greedy"], get_rules("partnership9")), Confinement(True))
    for name, text in (limits or {}).items():
        print(f"  {name.replace('_', ' ')}: {text}")
    print("for scale, the MC102 judge itself plays about 4,400 to 5,300 such games per CPU-second")
    print("the judge's dummy plays the first fitting tile in hand order; ours the first legal move in tile order")
    cluster_cost(args.cluster_rounds, args.cluster_games, args.cluster_set)
    train_table_speed(args.train_rounds, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
