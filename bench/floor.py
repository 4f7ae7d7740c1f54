"""The plain-Python floor: what a bot game costs at the least.

One function plays a whole game of the same deck with the same requests
(who is asked what, the legal choices), the same random choices as the
random bots, the same events and the same win checks as the engine, in
plain Python: tuples for requests and events, lists and dicts for the
state, no answer checks, no generators, no objects. What the engine spends
above this is the price of its shape; ``bench/engine_speed.py`` prints the
ratio (target, issue 15: within 4x).

Run alone it prints µs per game for the demo deck.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

WOLF = "werewolf"


def play(deck: Sequence[str], seed: int) -> str:
    """One game of ``deck`` (role ids; with a thief the last two lie in the
    middle after the shuffle); returns the winner."""
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    rng = random.Random(seed * 1_000_003)
    n = len(cards) - (2 if "thief" in cards else 0)
    seats = list(range(n))
    role = cards[:n]
    middle = cards[n:]
    alive = [True] * n
    live = list(seats)  # the living in seat order, kept up to date by die()
    seat_of = {r: p for p, r in enumerate(role) if r not in (WOLF, "villager")}
    events: list[tuple[str, object]] = []
    emit = events.append
    st: dict[str, Any] = {"mayor": -1, "lovers": (), "village_powerless": False, "idiot": False, "save": True,
          "poison": True, "healer_last": -1, "elder_bites": 0, "night": 0}
    charmed: set[int] = set()

    def living() -> list[int]:
        return live[:]

    def holder(r: str) -> int:
        p = seat_of.get(r, -1)
        return p if p >= 0 and alive[p] else -1

    def ask(kind: str, actors: object, choices: list[int]) -> int:
        emit(("request", (kind, actors, choices)))
        return rng.choice(choices) if choices else -1

    def ballot(kind: str, voters: list[int], choices: list[int], mayor_double: bool) -> list[int]:
        emit(("request", (kind, voters, choices)))
        counts: dict[int, int] = {}
        for v in voters:
            r = rng.random()
            if r >= 0.05:
                t = choices[int((r - 0.05) / 0.95 * len(choices))]
                counts[t] = counts.get(t, 0) + (2 if mayor_double and v == st["mayor"] else 1)
        emit(("votes", counts))
        if not counts:
            return []
        best = max(counts.values())
        return [p for p in seats if counts.get(p) == best]

    def die(p: int, cause: str) -> None:
        alive[p] = False
        live.remove(p)
        emit(("death", (p, cause, role[p])))
        if role[p] == "elder" and cause in ("vote", "poison", "hunter"):
            st["village_powerless"] = True
        if role[p] == "pied_piper":
            charmed.clear()
        if role[p] == "hunter" and not st["village_powerless"] and living():
            t = ask("hunter", p, living())
            die(t, "hunter")
        if st["mayor"] == p:
            st["mayor"] = ask("mayor_successor", p, living()) if living() else -1
        lovers = st["lovers"]
        if p in lovers:
            other = lovers[0] if lovers[1] == p else lovers[1]
            if alive[other]:
                die(other, "heartbreak")

    def winner() -> str | None:
        if not live:
            return "nobody"
        piper = holder("pied_piper")
        if piper >= 0 and all(p in charmed for p in live if p != piper):
            return "pied_piper"
        lovers = st["lovers"]
        mixed = bool(lovers) and (role[lovers[0]] == WOLF) != (role[lovers[1]] == WOLF)
        if mixed and set(live) == set(lovers):
            return "lovers"
        wolves = [p for p in live if role[p] == WOLF]
        if not wolves:
            return "village"
        pack = [p for p in wolves if not (mixed and p in lovers)]
        if pack and len(live) == len(pack):
            return "werewolves"
        return None

    def power(r: str) -> int:
        p = holder(r)
        return p if p >= 0 and (r == WOLF or not st["village_powerless"]) else -1

    while True:
        st["night"] += 1
        first = st["night"] == 1
        emit(("night_falls", st["night"]))
        if first and (p := power("thief")) >= 0:
            take = WOLF if middle == [WOLF, WOLF] else rng.choice([*dict.fromkeys(middle), None])
            if take is not None:
                middle[middle.index(take)] = "thief"
                role[p] = take
                seat_of.pop("thief")
                if take not in (WOLF, "villager"):
                    seat_of[take] = p
        if first and (p := power("cupid")) >= 0:
            st["lovers"] = tuple(rng.sample(living(), 2))
            emit(("in_love", st["lovers"]))
        protected = -1
        if (p := power("healer")) >= 0:
            protected = ask("healer", p, [q for q in live if q != st["healer_last"]])
            st["healer_last"] = protected
        if (p := power("seer")) >= 0:
            seen = ask("seer", p, [q for q in live if q != p])
            emit(("seer_sees", (seen, role[seen])))
        wolves = [q for q in live if role[q] == WOLF]
        emit(("werewolves_know", wolves))
        victim = -1
        if wolves:
            emit(("request", ("werewolves", wolves)))
            if rng.random() >= 0.03:
                victim = rng.choice([q for q in live if role[q] != WOLF])
                if role[victim] == "elder":
                    st["elder_bites"] += 1
        saved, poisoned = False, -1
        if (p := power("witch")) >= 0 and (st["save"] or st["poison"]):
            emit(("request", ("witch", p, victim)))
            saved = victim >= 0 and st["save"] and rng.random() < 0.6
            st["save"] = st["save"] and not saved
            if st["poison"] and rng.random() < 0.25:
                pool = [q for q in live if q != p and not (saved and q == victim)]
                if pool:
                    poisoned = rng.choice(pool)
                    st["poison"] = False
        if (p := power("pied_piper")) >= 0:
            pool = [q for q in live if q != p and q not in charmed]
            if pool:
                charmed.update(rng.sample(pool, min(2, len(pool))))
        dead = []
        if victim >= 0 and not saved and not (protected == victim and role[victim] != "little_girl") \
                and not (role[victim] == "elder" and st["elder_bites"] < 2):
            dead.append((victim, "werewolves"))
        if poisoned >= 0 and poisoned != victim:
            dead.append((poisoned, "poison"))
        emit(("day_breaks", st["night"]))
        for q, cause in dead:
            if alive[q]:
                die(q, cause)
        if (w := winner()) is not None:
            return w
        if first and living():
            tied = ballot("mayor_election", living(), living(), False) or living()
            if len(tied) > 1:
                tied = ballot("mayor_election", living(), tied, False) or tied
            st["mayor"] = tied[0] if len(tied) == 1 else rng.choice(tied)
            emit(("mayor", st["mayor"]))
        voters = [q for q in live if not (st["idiot"] and role[q] == "village_idiot")]
        leaders = ballot("vote", voters, living(), True)
        if len(leaders) > 1:
            goat = power("scapegoat")
            if goat >= 0:
                die(goat, "scapegoat")
                leaders = []
            elif st["mayor"] >= 0 and alive[st["mayor"]]:
                leaders = [ask("mayor_tiebreak", st["mayor"], leaders)]
            else:
                leaders = ballot("revote", voters, living(), True)
        if len(leaders) == 1:
            out = leaders[0]
            if role[out] == "village_idiot" and not st["village_powerless"]:
                st["idiot"] = True
                emit(("idiot_revealed", out))
            else:
                die(out, "vote")
        if (w := winner()) is not None:
            return w


def main() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import config

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    deck = [r.value for r in config.demo_deck(args.players)]
    times = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for seed in range(args.games):
            play(deck, seed)
        times.append((time.perf_counter() - start) / args.games * 1e6)
    print(f"floor_us_per_game  {statistics.median(times):.1f}   ({', '.join(deck)})")


if __name__ == "__main__":
    main()
