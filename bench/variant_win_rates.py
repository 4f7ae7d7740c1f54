"""Bot win rates per variant: 2,000 games each (sensible bots, 10 players,
the box's deck fitted to the variant, seeds 0..n-1), beside the base game
in one run. Prints one table; ``--json`` for one JSON object.

The numbers are the note's "how does the variant change the balance"; they
are the bots' balance, not a real table's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from engine import Game, Options  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402
from narrator.bots import Bots, play_out  # noqa: E402
from narrator.demo import deal  # noqa: E402

#: options a variant is benched with besides its defaults
WITH = {"moonlight (risky_candles)": ("moonlight", {"risky_candles": True})}
#: variants played at another table size ("Voor 7 tot 9 spelers")
PLAYERS = {"double_me_small": 8, "double_me_big": 8}


def rates(variant: str | None, extra: dict[str, object], games: int, players: int) -> dict[str, object]:
    wins: Counter[str] = Counter()
    nights = 0
    began = time.perf_counter()
    for seed in range(games):
        setup = deal(players, seed, None, Options(extra=extra), (variant,) if variant else ())
        game = play_out(Game(setup, cues=False), Bots(seed, "sensible"))
        assert game.winner is not None
        wins[game.winner.value] += 1
        nights += game.state.night
    took = time.perf_counter() - began
    return {"games": games, "wins": {k: round(v / games, 3) for k, v in sorted(wins.items())},
            "nights": round(nights / games, 2), "games_per_s": round(games / took)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--variants", help="only these (comma-separated), beside the base game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    only = set(args.variants.split(",")) if args.variants else None
    runs: dict[str, tuple[str | None, dict[str, object]]] = {"(base game)": (None, {})}
    runs.update({v: (v, {}) for v in sorted(VARIANTS)})
    runs.update(WITH)
    if only is not None:
        runs = {name: run for name, run in runs.items() if run[0] is None or run[0] in only}
    table = {name: rates(v, extra, args.games, PLAYERS.get(v or "", args.players))
             for name, (v, extra) in runs.items()}
    if args.json:
        print(json.dumps(table, indent=2))
        return 0
    kinds = sorted({k for row in table.values() for k in row["wins"]})  # type: ignore[attr-defined]
    print(f"{'variant':28}" + "".join(f"{k:>12}" for k in kinds) + f"{'nights':>8}{'games/s':>9}")
    for name, row in table.items():
        w = row["wins"]
        print(f"{name:28}" + "".join(f"{w.get(k, 0):>12.1%}" for k in kinds)  # type: ignore[attr-defined]
              + f"{row['nights']:>8}{row['games_per_s']:>9}")
    print(f"({args.games} games each, {args.players} players (double_me_small and double_me_big 8), sensible bots)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
