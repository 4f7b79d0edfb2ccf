"""Where a cluster run's extra time goes: the fixed round trips every run on a Dask cluster pays, whatever its size,
and the phases of a real run.

    python -m benchmarks.cluster_overhead [--runs 6]

On a LocalCluster of two worker processes of one thread (as benchmarks/tournament_speed.py --only-cluster starts):

1. What run_on_cluster does once per run besides playing: connecting a client to the scheduler, one task's trip
   there and back, telling every worker the run is over (``release``), and closing the client.
2. A real run, the 28-match round robin of 100-game matches of built-in bots (tournament_speed.py's), timed from
   the scheduler's task stream: from the call to the first task starting on a worker (entries, connecting,
   submitting), the gap between the threads' last task ends (one thread still playing while the other has nothing
   left), and from the last task's end to the return (the last results, release, close); beside them the wall time
   of the run and of the same round robin with --jobs 2, one after the other.

Medians over the runs after the first (the first is printed apart: it finds the workers cold). Compare the fixed
costs with the difference between the cluster's time and --jobs' in tournament_speed.py: a short round robin pays
them as much as a long one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

BUILT_IN = ["greedy", "dummy", "random", "doubles", "hyperskill", "fivescorer", "greedy+dummy", "doubles+greedy"]


def noop(x: int) -> int:
    return x


def report(title: str, steps: dict[str, list[float]]) -> None:
    print(title)
    for step, seconds in steps.items():
        print(f"  {step:<40} {1000 * statistics.median(seconds[1:]):6.0f} ms   (first {1000 * seconds[0]:.0f} ms)")


def round_trips(address: str, runs: int) -> None:
    from distributed import Client

    from domino_tui.tournament.cluster_task import release

    steps: dict[str, list[float]] = {"connect": [], "one task's trip": [], "release on every worker": [], "close": []}
    for _ in range(runs):
        started = time.perf_counter()
        client = Client(address, set_as_default=False)
        steps["connect"].append(time.perf_counter() - started)
        started = time.perf_counter()
        client.submit(noop, 1, pure=False).result()
        steps["one task's trip"].append(time.perf_counter() - started)
        started = time.perf_counter()
        client.run(release, "no run")
        steps["release on every worker"].append(time.perf_counter() - started)
        started = time.perf_counter()
        client.close()
        steps["close"].append(time.perf_counter() - started)
    report("the round trips of a run", steps)
    total = sum(statistics.median(seconds[1:]) for seconds in steps.values())
    print(f"  {'a run pays':<40} {1000 * total:6.0f} ms")


def phases(address: str, runs: int) -> None:
    from distributed import Client, get_task_stream

    from domino_tui.tournament import run_tournament

    steps: dict[str, list[float]] = {
        "to the first task's start": [],
        "between the threads' last ends": [],
        "from the last task's end to the return": [],
        "the tasks' time, all threads": [],
        "the run (wall)": [],
        "the same with --jobs 2 (wall)": [],
    }
    with Client(address, set_as_default=False) as watcher:
        for r in range(runs):
            with get_task_stream(client=watcher) as stream:
                started = time.time()
                run_tournament("partnership9", BUILT_IN, games=100, seed=r, jobs=2, scheduler=address)
                ended = time.time()
            spans = [
                (task["worker"], s["start"], s["stop"])
                for task in stream.data
                for s in task["startstops"]
                if s["action"] == "compute"
            ]
            last: dict[str, float] = {}
            for worker, _, stop in spans:
                last[worker] = max(last.get(worker, 0.0), stop)
            steps["to the first task's start"].append(min(start for _, start, _ in spans) - started)
            steps["between the threads' last ends"].append(max(last.values()) - min(last.values()))
            steps["from the last task's end to the return"].append(ended - max(last.values()))
            steps["the tasks' time, all threads"].append(sum(stop - start for _, start, stop in spans))
            steps["the run (wall)"].append(ended - started)
            started = time.perf_counter()
            run_tournament("partnership9", BUILT_IN, games=100, seed=r, jobs=2)
            steps["the same with --jobs 2 (wall)"].append(time.perf_counter() - started)
    report(f"a round robin of {len(BUILT_IN)} built-in entries, 100 games a match", steps)


def main(argv: list[str] | None = None) -> int:
    from distributed import LocalCluster

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args(argv)
    if args.runs < 2:
        parser.error("at least 2 runs")
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address="127.0.0.1:0", host="127.0.0.1") as cluster:
        print(f"load average {os.getloadavg()[0]:.1f} at the start; medians of {args.runs - 1} runs (the first apart)")
        round_trips(cluster.scheduler_address, args.runs)
        phases(cluster.scheduler_address, args.runs)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
