"""How long the talking wall takes to answer a phone (narrator/wall.py),
in the cases an attacker could compare: a wrong code; a right code when
nobody else has written, when everyone else has, and for a seat written
before; a dead player's code. Medians side by side in one run, in
microseconds, with the journal off (the code's own work) and on (a real
0600 journal, fsync per line: what a phone waits for).

What a timing may depend on is only what the sender sent (a wrong code, a
right one); never another seat's line or whether it was written.

    python bench/wall_timing.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator.journal import Journal  # noqa: E402
from narrator.wall import Guesses, WallBoard, wall_codes  # noqa: E402

PLAYERS = tuple(f"P{i}" for i in range(1, 13))
LIVING = PLAYERS[:-1]  # P12 is dead


def board_for(journal: Journal | None, others_written: bool) -> tuple[WallBoard, dict[str, str]]:
    codes = wall_codes(42, PLAYERS)
    board = WallBoard()
    board.begin(codes, journal)
    with board._cond:  # open for the living without a game's thread waiting on it
        board._dusk, board._writers, board._open = "day 1", LIVING, True
    if others_written:
        for p in LIVING[1:]:
            board.submit(codes[p], f"regel van {p}", "10.0.0.2")
    return board, codes


def median_us(rounds: int, journal: Journal | None, case: str) -> float:
    board, codes = board_for(journal, others_written=case == "right, all others written")
    sends = {
        "wrong code": ("QQQQQQ", "x"),
        "right, nobody else written": (codes["P1"], "mijn regel"),
        "right, all others written": (codes["P1"], "mijn regel"),
        "right, seat written before": (codes["P1"], "mijn regel"),
        "dead player's code": (codes["P12"], "x"),
    }
    code, line = sends[case]
    if case == "right, seat written before":
        board.submit(code, "eerder", "10.0.0.1")
    times = []
    for _ in range(rounds):
        board.guesses = Guesses()  # outside the timing: every wrong code is really checked
        t0 = time.perf_counter()
        board.submit(code, line, "10.0.0.1")
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rounds", type=int, default=2000)
    args = p.parse_args()
    cases = ("wrong code", "right, nobody else written", "right, all others written",
             "right, seat written before", "dead player's code")
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal.create(Path(folder) / "bench.journal", {"bench": True})
        print(f"{'case':32} {'no journal':>12} {'journal':>12}   (median us, {args.rounds} tries)")
        for case in cases:
            bare = median_us(args.rounds, None, case)
            kept = median_us(max(50, args.rounds // 20), journal, case)
            print(f"{case:32} {bare:12.1f} {kept:12.1f}")
        journal.close()


if __name__ == "__main__":
    main()
