"""Where a cluster run's extra time goes: the fixed round trips every run on a Dask cluster pays, whatever its size.

    python benchmarks/cluster_overhead.py [--runs 6]

On a LocalCluster of two worker processes of one thread (as benchmarks/tournament_speed.py --only-cluster starts),
times what run_on_cluster does once per run besides playing: connecting a client to the scheduler, one task's trip
there and back, telling every worker the run is over (``release``), and closing the client. Medians over the runs
after the first (the first is printed apart: it finds the workers cold). Compare their sum with the difference
between the cluster's time and --jobs' in tournament_speed.py: a short round robin pays them as much as a long one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def noop(x: int) -> int:
    return x


def main(argv: list[str] | None = None) -> int:
    from distributed import Client, LocalCluster

    from domino_tui.tournament.cluster_task import release

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args(argv)
    if args.runs < 2:
        parser.error("at least 2 runs")
    steps: dict[str, list[float]] = {"connect": [], "one task's trip": [], "release on every worker": [], "close": []}
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address="127.0.0.1:0", host="127.0.0.1") as cluster:
        for _ in range(args.runs):
            started = time.perf_counter()
            client = Client(cluster.scheduler_address, set_as_default=False)
            steps["connect"].append(time.perf_counter() - started)
            started = time.perf_counter()
            client.submit(noop, 1, pure=False).result()
            steps["one task's trip"].append(time.perf_counter() - started)
            started = time.perf_counter()
            client.run(release, "0" * 64)
            steps["release on every worker"].append(time.perf_counter() - started)
            started = time.perf_counter()
            client.close()
            steps["close"].append(time.perf_counter() - started)
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {args.runs - 1} runs (the first run apart)")
    for step, seconds in steps.items():
        print(f"  {step:<24} {1000 * statistics.median(seconds[1:]):5.0f} ms   (first {1000 * seconds[0]:.0f} ms)")
    total = sum(statistics.median(seconds[1:]) for seconds in steps.values())
    print(f"  {'a run pays':<24} {1000 * total:5.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
