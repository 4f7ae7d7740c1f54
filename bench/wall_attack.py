"""The talking wall's codes under attack (narrator/wall.py), before and after
issue 29, side by side in one run.

An attacker on the box's network holds A addresses and guesses codes with
the best strategy there is against each limit: every address sends a guess
every second of every dusk (a refused guess costs him nothing). Twelve
players write their lines at random moments of each dusk's 120 s; one in
five mistypes first and types the right code 5 s later; a phone told "too
many" tries again every 10 s until the wall closes. Ten dusks a game.

Printed for each limit and each A: the attacker's codes that were checked
per game (median), the odds that a game's guessing finds any seat's code,
the players' right codes refused ("too many"), the player-dusks that never
got on the wall, and the longest wait of a right code.

    python bench/wall_attack.py [--games 20] [--addresses 1,4,16,64,254]

"before" is the limit as it was (5 wrong codes an address and 20 in all a
minute, then nobody is heard), kept here for the comparison only.
"""

from __future__ import annotations

import argparse
import heapq
import random
import statistics
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator.wall import (  # noqa: E402
    ALPHABET,
    CODE_LENGTH,
    FAIL_WINDOW_S,
    FAILS_IN_ALL,
    FAILS_PER_ADDRESS,
    WALL_SECONDS,
    Guesses,
    wall_codes,
)

SEATS = 12
DUSKS = 10
TYPO = 0.2
RETRY_S = 10.0
SPACE = len(ALPHABET) ** CODE_LENGTH


class Before:
    """The limit before issue 29: past 20 wrong codes in a minute, from
    anywhere, nobody's code is checked."""

    def __init__(self) -> None:
        self._fails: deque[tuple[float, str]] = deque()

    def allowed(self, address: str, now: float) -> bool:
        while self._fails and self._fails[0][0] <= now - FAIL_WINDOW_S:
            self._fails.popleft()
        mine = sum(1 for _, a in self._fails if a == address)
        return mine < FAILS_PER_ADDRESS and len(self._fails) < FAILS_IN_ALL

    def failed(self, address: str, now: float) -> None:
        self._fails.append((now, address))


def one_game(limit: object, addresses: int, rng: random.Random) -> dict[str, float]:
    codes = wall_codes(rng.getrandbits(63), [f"P{i}" for i in range(SEATS)])
    right = set(codes.values())
    attackers = [f"10.66.{i // 250}.{i % 250 + 1}" for i in range(addresses)]
    checked = refused = right_tries = never = 0
    waits: list[float] = []
    for dusk in range(DUSKS):
        start = dusk * (WALL_SECONDS + 600.0)  # ten minutes of day and night between walls
        end = start + WALL_SECONDS
        # (time, order, who, kind): the attacker's guesses and the players' tries
        events: list[tuple[float, int, str, str]] = []
        for second in range(int(WALL_SECONDS)):
            for a in attackers:
                events.append((start + second + 0.5, len(events), a, "guess"))
        for seat in range(SEATS):
            at = start + rng.uniform(0, WALL_SECONDS - 30)
            phone = f"192.168.4.{seat + 10}"
            if rng.random() < TYPO:
                events.append((at, len(events), phone, "typo"))
                at += 5.0
            events.append((at, len(events), phone, f"code:{at}"))
        heapq.heapify(events)
        while events:
            now, _, who, kind = heapq.heappop(events)
            if now >= end:
                if kind.startswith("code:"):
                    never += 1
                continue
            heard = limit.allowed(who, now)  # type: ignore[attr-defined]
            if kind == "guess":
                if heard:
                    checked += 1
                    limit.failed(who, now)  # type: ignore[attr-defined]  # a guess is wrong (or the game is lost)
            elif kind == "typo":
                if heard:
                    limit.failed(who, now)  # type: ignore[attr-defined]
            else:
                right_tries += 1
                if heard:
                    waits.append(now - float(kind[5:]))
                else:
                    refused += 1
                    heapq.heappush(events, (now + RETRY_S, len(events) + 10_000_000, who, kind))
    assert len(right) == SEATS
    return {"checked": checked, "refused": refused, "right_tries": right_tries, "never": never,
            "wait": max(waits, default=0.0)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--addresses", default="1,4,16,64,254")
    args = parser.parse_args()
    counts = [int(a) for a in args.addresses.split(",")]
    print(f"{SEATS} seats, {DUSKS} dusks of {WALL_SECONDS:g} s a game, codes of {CODE_LENGTH} signs of "
          f"{len(ALPHABET)} ({SPACE:.3g}); {args.games} games a line; the attacker guesses every second "
          "from each address")
    head = (f"{'limit':7} {'A':>4} {'checked/game':>13} {'P(find a code)/game':>20} "
            f"{'right refused':>14} {'never on':>9} {'longest wait':>13}")
    print(head)
    print("-" * len(head))
    for a in counts:
        for name, make in (("before", Before), ("after", Guesses)):
            rng = random.Random(f"wall-{a}")
            runs = [one_game(make(), a, rng) for _ in range(args.games)]
            checked = statistics.median(r["checked"] for r in runs)
            odds = 1 - (1 - SEATS / SPACE) ** checked
            refused = sum(r["refused"] for r in runs) / max(1, sum(r["right_tries"] for r in runs))
            never = sum(r["never"] for r in runs) / (args.games * DUSKS * SEATS)
            wait = max(r["wait"] for r in runs)
            waited = f"{wait:.0f}s" if any(r["right_tries"] > r["refused"] for r in runs) else "-"
            print(f"{name:7} {a:>4} {checked:>13.0f} {odds:>20.2e} {refused:>13.1%} {never:>8.1%} "
                  f"{waited:>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
