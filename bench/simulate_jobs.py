"""How ``wakkerdam simulate`` scales over processes: games/s with 1 and 2
jobs (or ``--jobs-list``), the runs taking turns, medians and the ratio.
The wins of every run are checked equal (they must not depend on the jobs).

The ratio needs free cores to mean anything: the load average before the run
is printed with it, and the CPU time a game costs (this process and its
workers), which does not depend on the load: equal CPU per game for every
job count means the processes add no work of their own. As a control, the
same is done for plain independent work (a loop, no games): what the
machine itself gives for two processes right now.
Target (issue 15): >= 1.8x with 2 free cores.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
from narrator.simulation import Batch, wins  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def machine_ratio(n: int = 3_000_000) -> float:
    """Two units of plain work: one process after the other, against two
    processes at once (the pool started beforehand)."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_burn, [1, 1]))  # both workers up
        start = time.perf_counter()
        _burn(n)
        _burn(n)
        one = time.perf_counter() - start
        start = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        two = time.perf_counter() - start
    return one / two


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs-list", default="1,2")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    jobs_list = [int(j) for j in args.jobs_list.split(",")]
    batch = Batch(args.players, tuple(config.demo_deck(args.players)), 1, args.bots)
    load = os.getloadavg()[0]
    rates: dict[int, list[float]] = {j: [] for j in jobs_list}
    cpu_us: dict[int, list[float]] = {j: [] for j in jobs_list}
    results = set()
    for r in range(args.repeats):
        for jobs in (jobs_list if r % 2 == 0 else jobs_list[::-1]):
            cpu, start = cpu_seconds(), time.perf_counter()
            counts = wins(batch, args.games, jobs)  # the workers are gone when it returns
            rates[jobs].append(args.games / (time.perf_counter() - start))
            cpu_us[jobs].append((cpu_seconds() - cpu) / args.games * 1e6)
            results.add(tuple(sorted(counts.items())))
    control = machine_ratio()
    if len(results) != 1:
        sys.exit(f"bench/simulate_jobs.py: the wins differ between job counts: {results}")
    med = {j: statistics.median(rs) for j, rs in rates.items()}
    cpu_med = {j: statistics.median(cs) for j, cs in cpu_us.items()}
    base = med[jobs_list[0]]
    out = {"games": args.games, "cores": os.cpu_count(), "load_before": round(load, 2),
           "games_per_s": {str(j): round(v) for j, v in med.items()},
           "ratio": {str(j): round(v / base, 2) for j, v in med.items()},
           "cpu_us_per_game": {str(j): round(v, 1) for j, v in cpu_med.items()},
           "machine_ratio_2_processes": round(control, 2)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.games} games a run, {args.bots} bots, {args.players} players; "
          f"{os.cpu_count()} cores, load average {load:.2f} before the run; wins equal in every run")
    for j in jobs_list:
        print(f"  jobs {j}: {med[j]:8.0f} games/s   x{med[j] / base:.2f}   "
              f"{cpu_med[j]:7.1f} µs CPU a game")
    print(f"  control: plain independent work in 2 processes at once: x{control:.2f} on this machine now")


if __name__ == "__main__":
    main()
