"""Dorpen, verenigt U under faults (issue 29): evenings of three villages on
a real mosquitto, each against the same seed's evening without faults.

    python bench/villages_faults.py [--evenings 200] [--faults broker,box,network] [--jobs 1]

For each seed the evening is played once without faults, then once with
each fault (tests/villages_faults.py, the same harness the test suite runs
a few evenings of):

    broker    SIGKILLed 1-3 times at random moments, back after 0.05-0.5 s
    box       one box SIGKILLed at a random moment, started again on its journal
    network   8% of PUBLISH packets dropped, 8% doubled, both ways

Printed for each fault: evenings, faults dealt, players lost, players
doubled, moments read with a player not in exactly one place, divergences
from the evening without faults, boxes that failed, transfers, journal
snapshots checked, packets dropped and doubled, villages gone on without,
and the median evening's seconds. A seed whose evening goes wrong is named,
its folders kept (``--keep`` keeps every one).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.villages_faults import FAULTS, Harness  # noqa: E402

COLUMNS = ("evenings", "faults", "players_lost", "players_doubled", "moments_with_a_problem", "divergences",
           "boxes_failed", "transfers", "snapshots_checked", "dropped", "doubled_on_the_way",
           "went_on_without", "seconds_median")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--evenings", type=int, default=200, help="evenings of each fault (default 200)")
    parser.add_argument("--faults", default=",".join(FAULTS))
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1, help="evenings at once (each is 3 boxes and a broker)")
    parser.add_argument("--keep", action="store_true", help="keep every evening's folder")
    args = parser.parse_args()
    faults = [f for f in args.faults.split(",") if f]
    root = Path(tempfile.mkdtemp(prefix="wakkerdam-faults-"))
    harness = Harness(root, keep=args.keep)
    began = time.monotonic()
    done = 0

    def one_seed(seed: int) -> list[str]:
        bad = []
        for fault in faults:
            result = harness.run(seed, fault)
            if harness.bad(result):
                bad.append(f"seed {seed} {fault}: exit {result.exit_codes}, lost {result.lost}, doubled "
                           f"{result.doubled}, diverged {result.diverged}, {result.problems[:3]}")
        return bad

    problems: list[str] = []
    seeds = range(args.first_seed, args.first_seed + args.evenings)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for bad in pool.map(one_seed, seeds):
            done += 1
            problems += bad
            for line in bad:
                print(line, flush=True)
            if done % 20 == 0:
                print(f"... {done} seeds, {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    print(f"{args.evenings} seeds, each played without faults and with each of: {', '.join(faults)} "
          f"({time.monotonic() - began:.0f} s in all; folders of evenings that went wrong under {root})")
    width = max(len(c) for c in COLUMNS)
    print(f"{'':{width}} " + " ".join(f"{f:>10}" for f in faults))
    summaries = {f: harness.summary(f) for f in faults}
    for column in COLUMNS:
        cells = []
        for f in faults:
            value = summaries[f][column]
            cells.append(f"{value:>10.1f}" if isinstance(value, float) else f"{value:>10}")
        print(f"{column:{width}} " + " ".join(cells))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
