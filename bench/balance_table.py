"""Make the balance advisor's shipped table, ``config/balance.yaml``: seed
001's deck for every player count (8-18), its win rates, and the three
swaps nearest to even (a character in place of a villager, one werewolf
more or less), from sensible bot games on every core.

Prints how long it took; ``wakkerdam balance --table`` shows the result.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from narrator.balance.table import generate, planned_games  # noqa: E402
from narrator.parallel import Workers, default_jobs, progress_bar  # noqa: E402

HEADER = """\
# The balance advisor's table for seed 001's decks (werewolves, the seer and
# villagers as the table says), from sensible bot games (narrator/bots.py:
# seed 001's tips for players). Made by bench/balance_table.py; do not edit.
# rate: the share of games a side won; low/high: Wilson's 95 % interval.
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000, help="games of each deck")
    parser.add_argument("--swap-games", type=int, default=300, help="games of each swap")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--out", default=str(ROOT / "config" / "balance.yaml"))
    args = parser.parse_args()
    total = planned_games(args.games, args.swap_games)
    start = time.perf_counter()
    with Workers(args.jobs) as workers, progress_bar(total, "balance table", enabled=sys.stderr.isatty()) as done:
        data = generate(args.games, args.swap_games, jobs=workers, done=done)
    seconds = time.perf_counter() - start
    Path(args.out).write_text(HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    print(f"{total} games in {seconds:.1f} s ({total / seconds:.0f} games/s, {args.jobs} jobs) -> {args.out}")


if __name__ == "__main__":
    main()
