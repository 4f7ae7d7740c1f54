"""How fast the engine plays: complete games per second on one core.

Two figures: the engine alone (replaying recorded bot games: no bot thinking)
and whole bot games (what ``wakkerdam simulate`` does), for 10 players with
the demo deck. Prints numbers; ``--json`` for one JSON object.
Target (DESIGN.md): engine alone >= 5,000 games/s; simulate >= 2,000 (issue 3).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
from engine import Game, Setup, deal  # noqa: E402
from narrator.bots import Bots, play_out  # noqa: E402
from narrator.demo import NAMES  # noqa: E402


def recorded_games(n: int, players: int) -> list[tuple[Setup, list[object]]]:
    cards = config.demo_deck(players)
    names = NAMES[:players]
    out = []
    for i in range(n):
        setup = deal(names, cards, i)
        out.append((setup, list(play_out(Game(setup), Bots(i, "random")).decisions)))
    return out


def rate(fn, n: int, repeats: int) -> list[float]:
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        rates.append(n / (time.perf_counter() - t))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = recorded_games(args.games, args.players)
    decisions = statistics.mean(len(d) for _, d in games)

    def replay_all() -> None:
        for setup, decs in games:
            game = Game(setup, cues=False)
            for answer in decs:
                game.apply(answer)

    def bots(style: str):
        def run() -> None:
            for setup, _ in games:
                play_out(Game(setup, validate=False, cues=False), Bots(setup.seed, style))
        return run

    result = {
        "players": args.players,
        "games": args.games,
        "decisions_per_game": round(decisions, 1),
        "engine_alone_games_per_s": round(statistics.median(rate(replay_all, args.games, args.repeats))),
        "random_bots_games_per_s": round(statistics.median(rate(bots("random"), args.games, args.repeats))),
        "sensible_bots_games_per_s": round(statistics.median(rate(bots("sensible"), args.games, args.repeats))),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
