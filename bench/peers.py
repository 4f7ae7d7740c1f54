"""This engine against the fastest peer, side by side in one process.

The peer is werewolf-engine 0.1.0 from PyPI (``pip install -e '.[bench]'``).
Both play the issue's three decks with random bots; the sides take turns
(which one goes first alternates each round) so that a busy machine slows
both alike. Each side deals its own games (shuffle included) and plays them
to the end. Ours runs the default path of ``wakkerdam simulate``: a mayor is
elected and every answer is checked; the second ratio is the same games on
the trusted path (the bots' answers skip the checks: tests/test_fast_path.py
shows it plays the same games); the third is without the mayor and the
checks and with parity wins, which is the peer's rule set. The compiled
engine that ``wakkerdam simulate`` runs in this Python (the one ``pip
install .`` built with the package, or a checkout's ``wakkerdam compile``:
narrator/compiled.py) is one more side of the same run (a child process:
one process imports one engine), on the default and on the trusted path.

Prints games/s medians and the ratios to the peer (each the median of the
rounds' ratios: both sides of one played in the same round); ``--json`` for
one JSON object; ``--cpu`` times each side by the CPU time of the process
that plays it (on a busy shared machine the wall clock mostly measures the
waiting).
Target (issue 15): ours >= 2x the peer on every deck, mayor and checks on.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
sys.path.insert(1, str(Path(__file__).resolve().parent))  # bench/compiled_side.py

from engine import Options, Role  # noqa: E402
from narrator.simulation import Batch, play_games  # noqa: E402

#: the issue's decks: name -> {role: count}
DECKS: dict[str, dict[Role, int]] = {
    "8: 2 wolves, 6 villagers": {Role.WEREWOLF: 2, Role.VILLAGER: 6},
    "9: 2 wolves, 3 villagers, seer, healer, witch, hunter": {
        Role.WEREWOLF: 2, Role.VILLAGER: 3, Role.SEER: 1, Role.HEALER: 1, Role.WITCH: 1, Role.HUNTER: 1,
    },
    "12: 3 wolves, 5 villagers, seer, healer, witch, hunter": {
        Role.WEREWOLF: 3, Role.VILLAGER: 5, Role.SEER: 1, Role.HEALER: 1, Role.WITCH: 1, Role.HUNTER: 1,
    },
}
#: our role ids in the peer's words (its healer is the doctor)
PEER_ROLE = {Role.WEREWOLF: "werewolf", Role.VILLAGER: "villager", Role.SEER: "seer",
             Role.HEALER: "doctor", Role.WITCH: "witch", Role.HUNTER: "hunter"}
NO_MAYOR = Options(mayor_election_day=None, wolves_win_at_parity=True)
MAX_ROUNDS = 500  # a guard: random bots always end a peer game long before


def cards_of(deck: dict[Role, int]) -> list[Role]:
    return [role for role, n in deck.items() for _ in range(n)]


def ours(deck: dict[Role, int], games: int, options: Options, *,
         trusted: bool = False) -> Callable[[], None]:
    """Our games exactly as ``wakkerdam simulate`` plays them (random bots,
    one process): each dealt from its seed, played out, its winner counted."""
    cards = tuple(cards_of(deck))
    batch = Batch(len(cards), cards, 1, "random", options, trusted=trusted)

    def run() -> None:
        assert sum(play_games(batch, 0, games).values()) == games
    return run


def ours_named(deck: str, games: int, trusted: bool) -> Callable[[], None]:
    """``ours`` by the deck's name, with the default options (what the
    compiled side's child process is asked for: bench/compiled_side.py)."""
    return ours(DECKS[deck], games, Options(), trusted=trusted)


def peer(deck: dict[Role, int], games: int) -> Callable[[], None]:
    """The peer's games: every night actor and every voter a random bot,
    through its public calls (start, night_action/night_skip, day_vote)."""
    from werewolf_engine import Game as PeerGame
    from werewolf_engine import GameConfig, Phase

    counts = {PEER_ROLE[role]: n for role, n in deck.items()}
    names = [f"p{i}" for i in range(sum(counts.values()))]

    def play_one(seed: int) -> str:
        random.seed(seed)  # the peer deals and aims the hunter with the global RNG
        rng = random.Random(seed)
        game = PeerGame(names, GameConfig(role_counts=dict(counts)))
        game.start()
        while game.phase is not Phase.END:
            if game.round_number > MAX_ROUNDS:
                raise RuntimeError("peer game did not end")
            if game.phase is Phase.NIGHT:
                night = game.night_manager
                actor = night.current_actor
                targets = night.get_available_targets(actor)
                # Like our random bots: now and then no choice at all.
                if targets and rng.random() >= 0.05:
                    game.night_action(actor.id, rng.choice(targets).id)
                else:
                    game.night_skip(actor.id)
            else:
                alive = [p for p in game.players if p.alive]
                for voter in list(game.day_manager._voters):
                    others = [p for p in alive if p is not voter]
                    game.day_vote(voter.id, rng.choice(others).id)
                    if game.phase is not Phase.DAY:
                        break
        return str(game._winner)

    def run() -> None:
        for seed in range(games):
            play_one(seed)
    return run


def games_per_s(fn: Callable[[], object], games: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """A side's games/s; a side that plays in another process answers the
    seconds it took there itself (bench/compiled_side.py)."""
    start = clock()
    took = fn()
    return games / (took if isinstance(took, float) else clock() - start)


def side_by_side(sides: dict[str, Callable[[], object]], games: int, rounds: int,
                 clock: Callable[[], float] = time.perf_counter) -> dict[str, list[float]]:
    """Each side's games/s in every round; each round runs every side once,
    the order turned round every round."""
    rates: dict[str, list[float]] = {name: [] for name in sides}
    order = list(sides)
    for r in range(rounds):
        for name in (order if r % 2 == 0 else order[::-1]):
            rates[name].append(games_per_s(sides[name], games, clock))
    return rates


def pair_ratio(side: list[float], peer: list[float]) -> float:
    """The median of a side's ratios to the peer, round by round: both
    played in the same round, so a load that comes and goes on a shared
    machine slows both alike (each side's own median may come from another
    moment than the peer's)."""
    return statistics.median(a / b for a, b in zip(side, peer, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games a side a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-compiled", action="store_true", help="leave out the compiled engine")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time of the playing process, not the wall clock (a busy shared machine)")
    args = parser.parse_args()
    try:
        import werewolf_engine  # noqa: F401
    except ImportError:
        sys.exit("bench/peers.py: the peer is missing; install it with: pip install -e '.[bench]'")
    from compiled_side import CompiledSide

    fast = None if args.no_compiled else CompiledSide.start("bench/peers.py", "peers")
    rows = []
    for name, deck in DECKS.items():
        sides = {
            "ours": ours(deck, args.games, Options()),
            "ours_trusted": ours(deck, args.games, Options(), trusted=True),
            "ours_no_mayor": ours(deck, args.games, NO_MAYOR, trusted=True),
            "peer": peer(deck, args.games),
        }
        if fast is not None:
            sides["compiled"] = partial(fast.seconds, "ours_named", name, args.games, False, cpu=args.cpu)
            sides["compiled_trusted"] = partial(fast.seconds, "ours_named", name, args.games, True,
                                                cpu=args.cpu)
        rates = side_by_side(sides, args.games, args.rounds, time.process_time if args.cpu else time.perf_counter)
        med = {side: statistics.median(rs) for side, rs in rates.items()}
        row: dict[str, object] = {
            "deck": name,
            "this_engine": round(med["ours"]),
            "werewolf_engine": round(med["peer"]),
            "ratio": round(pair_ratio(rates["ours"], rates["peer"]), 2),
            "this_engine_trusted": round(med["ours_trusted"]),
            "ratio_trusted": round(pair_ratio(rates["ours_trusted"], rates["peer"]), 2),
            "this_engine_no_mayor_parity": round(med["ours_no_mayor"]),
            "ratio_no_mayor_parity": round(pair_ratio(rates["ours_no_mayor"], rates["peer"]), 2),
        }
        if fast is not None:
            for side in ("compiled", "compiled_trusted"):
                row[f"this_engine_{side}"] = round(med[side])
                row[f"ratio_{side}"] = round(pair_ratio(rates[side], rates["peer"]), 2)
        rows.append(row)
    if fast is not None:
        fast.close()
    if args.json:
        print(json.dumps({"games": args.games, "rounds": args.rounds, "cpu": args.cpu, "rows": rows}))
        return
    print(f"games/s ({'CPU' if args.cpu else 'wall'} time), median of {args.rounds} alternated rounds "
          f"of {args.games} games a side; ratio: the median of the round-by-round ratios to the peer")
    columns = [("this engine", "this_engine"), ("trusted", "this_engine_trusted"),
               ("no mayor, parity, trusted", "this_engine_no_mayor_parity")]
    if fast is not None:
        columns += [("compiled", "this_engine_compiled"), ("compiled, trusted", "this_engine_compiled_trusted")]
    print("| deck | werewolf-engine | " + " | ".join(f"{title} | ratio" for title, _ in columns) + " |")
    print("|---|---|" + "---|---|" * len(columns))
    for row in rows:
        cells = [f"{row[key]:,} | {row[key.replace('this_engine', 'ratio')]:.2f}" for _, key in columns]
        print(f"| {row['deck']} | {row['werewolf_engine']:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
