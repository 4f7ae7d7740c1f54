"""How ``wakkerdam simulate`` scales over processes: games/s with 1 and 2
jobs (or ``--jobs-list``), the runs taking turns, medians and the ratio.
The wins of every run are checked equal (they must not depend on the jobs).

The ratio needs free cores to mean anything: the load average before the run
is printed with it. Target (issue 15): >= 1.8x with 2 free cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
from narrator.simulation import Batch, wins  # noqa: E402


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
    results = set()
    for r in range(args.repeats):
        for jobs in (jobs_list if r % 2 == 0 else jobs_list[::-1]):
            start = time.perf_counter()
            counts = wins(batch, args.games, jobs)
            rates[jobs].append(args.games / (time.perf_counter() - start))
            results.add(tuple(sorted(counts.items())))
    if len(results) != 1:
        sys.exit(f"bench/simulate_jobs.py: the wins differ between job counts: {results}")
    med = {j: statistics.median(rs) for j, rs in rates.items()}
    base = med[jobs_list[0]]
    out = {"games": args.games, "cores": os.cpu_count(), "load_before": round(load, 2),
           "games_per_s": {str(j): round(v) for j, v in med.items()},
           "ratio": {str(j): round(v / base, 2) for j, v in med.items()}}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.games} games a run, {args.bots} bots, {args.players} players; "
          f"{os.cpu_count()} cores, load average {load:.2f} before the run; wins equal in every run")
    for j in jobs_list:
        print(f"  jobs {j}: {med[j]:8.0f} games/s   x{med[j] / base:.2f}")


if __name__ == "__main__":
    main()
