"""How fast the engine plays: complete games per second on one core.

Two figures: the engine alone (replaying recorded bot games: no bot thinking)
and whole bot games (what ``wakkerdam simulate`` does), for 10 players with
the demo deck; each also in µs per game, beside the plain-Python floor of
``bench/floor.py`` (the same requests, choices, events and win checks, in the
same run) and the ratio to it. Prints numbers; ``--json`` for one JSON object.
Targets: engine alone >= 5,000 games/s; simulate >= 2,000 (issue 3); a random
bot game within 4x of the floor (issue 15).

Before and after in one run (issue 9): ``--baseline PATH`` (another checkout,
e.g. the engine before a rebuild) or ``--baseline-ref REV`` (exported with
``git archive``) measures both trees the same way — each turn a fresh
process per tree, the trees taking turns so load hits both alike — and prints
the medians side by side with the ratio (CPU time of each process: waiting
for a busy machine's core is left out). Only call forms both engines know
are used: ``deal``, ``Game(setup, validate=, cues=)``, ``Bots``, ``play_out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and "--child" in sys.argv:  # measure another tree: its code first
    sys.path.insert(0, sys.argv[sys.argv.index("--child") + 1])
else:
    sys.path.insert(0, str(HERE))  # run from a checkout

import config  # noqa: E402
from engine import Game, Setup, deal  # noqa: E402
from narrator.bots import Bots, play_out  # noqa: E402
from narrator.demo import NAMES  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import floor  # noqa: E402
from compiled_side import CompiledSide  # noqa: E402


def recorded_games(n: int, players: int) -> list[tuple[Setup, list[object]]]:
    cards = config.demo_deck(players)
    names = NAMES[:players]
    out = []
    for i in range(n):
        setup = deal(names, cards, i)
        out.append((setup, list(play_out(Game(setup), Bots(i, "random")).decisions)))
    return out


def rate(fn, n: int, repeats: int, clock=time.perf_counter) -> list[float]:
    """Games/s of ``repeats`` runs; a run in another process answers its own
    seconds (bench/compiled_side.py)."""
    rates = []
    for _ in range(repeats):
        t = clock()
        took = fn()
        rates.append(n / (took if isinstance(took, float) else clock() - t))
    return rates


#: what both trees measure: the default checked path (set-up checked, every
#: answer checked), with and without the set-up's check, and a replay
TREE_RUNS = ("checked_bots", "unvalidated_bots", "replay")


def child(root: str, games: int, players: int) -> None:
    """One turn in one tree (``root`` is first on the path): µs per game of
    each of TREE_RUNS, as one JSON line."""
    import engine
    import narrator.bots

    assert Path(engine.__file__).resolve().is_relative_to(Path(root).resolve()), engine.__file__
    recorded = recorded_games(games, players)
    setups = [s for s, _ in recorded]

    def bots(validate: bool):
        def run() -> None:
            for s in setups:
                narrator.bots.play_out(Game(s, validate=validate, cues=False),
                                       narrator.bots.Bots(s.seed, "random"))
        return run

    def replay() -> None:
        for s, decs in recorded:
            game = Game(s, cues=False)
            for answer in decs:
                game.apply(answer)

    runs = {"checked_bots": bots(True), "unvalidated_bots": bots(False), "replay": replay}
    bots(True)()  # warm up
    # the process's CPU time: on a shared machine, time spent waiting for a
    # core is not the engine's
    print(json.dumps({name: 1e6 / rate(fn, games, 1, time.process_time)[0]
                      for name, fn in runs.items()}))


def export(ref: str) -> str:
    """The tree of ``ref`` in a temporary directory (``git archive``)."""
    out = tempfile.mkdtemp(prefix="wakkerdam-baseline-")
    archive = subprocess.run(["git", "-C", str(HERE), "archive", ref], check=True,
                             capture_output=True).stdout
    tar = Path(out) / "tree.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as f:
        f.extractall(out, filter="data")
    tar.unlink()
    return out


def compare(baseline: str, games: int, players: int, repeats: int, as_json: bool) -> None:
    """Both trees, taking turns in fresh processes; medians side by side."""
    trees = {"before": baseline, "after": str(HERE)}
    us: dict[str, dict[str, list[float]]] = {t: {r: [] for r in TREE_RUNS} for t in trees}
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    for turn in range(repeats):
        for side in (trees if turn % 2 == 0 else reversed(trees)):
            out = subprocess.run(
                [sys.executable, __file__, "--child", trees[side], "--games", str(games),
                 "--players", str(players)], check=True, capture_output=True, text=True,
                env=env, cwd=trees[side]).stdout
            for name, value in json.loads(out.splitlines()[-1]).items():
                us[side][name].append(value)
    result: dict[str, object] = {"before": baseline, "games": games, "players": players,
                                 "repeats": repeats}
    for name in TREE_RUNS:
        before, after = (statistics.median(us[t][name]) for t in trees)
        result[name] = {"before_us": round(before, 1), "after_us": round(after, 1),
                        "speedup": round(before / after, 3)}
    if as_json:
        print(json.dumps(result))
        return
    print(f"before: {baseline}\nafter:  {HERE}\n{games} games of {players} players, "
          f"median of {repeats} turns each (CPU µs per game)")
    print(f"{'':18} {'before':>10} {'after':>10} {'before/after':>13}")
    for name in TREE_RUNS:
        row = result[name]
        assert isinstance(row, dict)
        print(f"{name:18} {row['before_us']:>10} {row['after_us']:>10} {row['speedup']:>13}")


#: what the compiled engine plays too (in its own process: bench/compiled_side.py)
COMPILED_RUNS = ("engine_alone", "random_bots", "sensible_bots")


def one_tree_runs(games: list[tuple[Setup, list[object]]], players: int) -> dict[str, Callable[[], None]]:
    """The runs of one process: the engine alone (a replay), both bot styles
    and the floor, on the same games."""
    def replay_all() -> None:
        for setup, decs in games:
            game = Game(setup, cues=False)
            for answer in decs:
                game.apply(answer)

    def bots(style: str) -> Callable[[], None]:
        def run() -> None:
            for setup, _ in games:
                play_out(Game(setup, validate=False, cues=False), Bots(setup.seed, style))
        return run

    deck = [r.value for r in config.demo_deck(players)]

    def floor_all() -> None:
        for seed in range(len(games)):
            floor.play(deck, seed)

    return {"engine_alone": replay_all, "random_bots": bots("random"),
            "sensible_bots": bots("sensible"), "floor": floor_all}


def compiled_run(name: str, games: int, players: int) -> Callable[[], None]:
    """One of the runs, as the compiled side's process makes it."""
    return one_tree_runs(recorded_games(games, players), players)[name]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", metavar="PATH",
                        help="another checkout: measure it and this tree side by side")
    parser.add_argument("--baseline-ref", metavar="REV",
                        help="like --baseline, with the tree of a git revision")
    parser.add_argument("--no-compiled", action="store_true", help="leave out the compiled engine")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time of the playing process, not the wall clock (a busy shared machine)")
    parser.add_argument("--child", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games, args.players)
        return
    if args.baseline or args.baseline_ref:
        baseline = args.baseline or export(args.baseline_ref)
        compare(baseline, args.games, args.players, args.repeats, args.json)
        return
    games = recorded_games(args.games, args.players)
    decisions = statistics.mean(len(d) for _, d in games)
    runs: dict[str, Callable[[], object]] = dict(one_tree_runs(games, args.players))
    fast = None if args.no_compiled else CompiledSide.start("bench/engine_speed.py", "engine_speed")
    if fast is not None:
        for name in COMPILED_RUNS:
            runs[f"compiled_{name}"] = partial(fast.seconds, "compiled_run", name, args.games, args.players,
                                               cpu=args.cpu)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeats):  # the runs take turns, so load hits all alike
        for name, fn in runs.items():
            rates[name] += rate(fn, args.games, 1, time.process_time if args.cpu else time.perf_counter)
    per_s = {name: statistics.median(r) for name, r in rates.items()}
    us = {name: 1e6 / r for name, r in per_s.items()}
    result: dict[str, object] = {
        "players": args.players,
        "games": args.games,
        "decisions_per_game": round(decisions, 1),
        "clock": "cpu" if args.cpu else "wall",
    }
    for name in ("engine_alone", "random_bots", "sensible_bots"):
        result[f"{name}_games_per_s"] = round(per_s[name])
        result[f"{name}_us_per_game"] = round(us[name], 1)
    result["floor_us_per_game"] = round(us["floor"], 1)
    result["engine_alone_over_floor"] = round(us["engine_alone"] / us["floor"], 2)
    result["random_bots_over_floor"] = round(us["random_bots"] / us["floor"], 2)
    if fast is not None:
        fast.close()
        for name in COMPILED_RUNS:
            result[f"compiled_{name}_games_per_s"] = round(per_s[f"compiled_{name}"])
            result[f"compiled_{name}_us_per_game"] = round(us[f"compiled_{name}"], 1)
            result[f"compiled_{name}_over_floor"] = round(us[f"compiled_{name}"] / us["floor"], 2)
            result[f"compiled_{name}_speedup"] = round(us[name] / us[f"compiled_{name}"], 2)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:36} {v}")


if __name__ == "__main__":
    main()
