"""What a forum night costs (issue 26): the engine's time, and the length
of the night as the table hears it.

A forum game master "needs days to resolve a night of thirty of these
roles"; the box resolves it at once. Two measurements:

1. **The engine.** Forum games of sensible bots are played until 1,000
   nights have been played, with a deck holding every role of seed 004
   the engine plays (parts 1 and 2: every village role, the witch, the
   werewolves, and the extra roles cupid, noble and drunk), at a table of
   29. For each night: the engine's own time from dusk to the first
   question of the next day (every answer of the night applied, the fold,
   dawn), the bots' thinking left out; and the fold alone. Median and p99,
   in milliseconds, on this machine's pure-Python engine. The time is the
   process's CPU time (``time.process_time``): on a shared machine the wall
   clock's outliers are other processes, not the engine.

2. **The spoken night.** The moderator reads whole games (bots answer,
   a FastClock, no discussion) and every line is rendered by espeak-ng and
   timed by its audio (as ``bench/night_length.py``); every call lasts its
   drawn length, acted or pretended. A night is the time from "it is
   night" to "it is day". Two decks: 16 players, two werewolves and every
   village role of part 2 that has a night call (12) plus the priest and
   the wise citizen (the most calls a table of 16 holds of this part); and
   every village role of parts 1 and 2 with a call (25 players). Each with
   the box's default call length (``Timing.call_seconds``, 12-18 s), the
   demo's (6-9 s) and 8-11 s (a person's answer on a kit, still under the
   target for 16). The target: under 4 minutes. Each night is split into
   what is said (the lines' audio) and what is waited (the calls).

Prints the numbers (``--json``: one JSON object). ``--nights`` and
``--games`` shorten it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

from night_length import TimedSpeaker  # noqa: E402

import voices  # noqa: E402
from engine.forum import fold as forum_fold  # noqa: E402
from engine.forum.botkit import ForumBotContext  # noqa: E402
from engine.forum.deck import deal  # noqa: E402
from engine.forum.game import ForumGame  # noqa: E402
from engine.forum.registry import FORUM_ROLES  # noqa: E402
from engine.vocab import Role, Side  # noqa: E402
from narrator.bot_table import BotTable, RecordingPrivate  # noqa: E402
from narrator.bots import Bots  # noqa: E402
from narrator.clock import FastClock  # noqa: E402
from narrator.moderator import Moderator, Timing  # noqa: E402
from narrator.voice import make_backend, settings_for  # noqa: E402
from narrator.voice.cache import RenderCache, Renderer  # noqa: E402

NAMES = tuple(f"{first}{'' if i < 20 else ' ' + str(i // 20 + 1)}" for i, first in enumerate(
    ("Anna Bram Cees Dirk Eva Fleur Gijs Hanna Ids Jet Kees Lot Mees Noor Otto Pien Quinten Roos "
     "Sam Tess").split() * 2))
#: part 1's village roles with a night call; part 2's without one
PART1_CALLS = ("seer", "hunter", "gambler", "mirror", "skin_changer")
PART2_DAY = ("priest", "prince", "werehamster", "wise_citizen", "lycanthrope")
#: part 2's village roles with a night call: every other good card with a step
PART2_CALLS = tuple(r.value for r, c in FORUM_ROLES.items()
                    if c.kind == "role" and c.side is Side.GOOD and c.steps and r.value not in PART1_CALLS)
#: every role of parts 1 and 2 (28 cards), for the engine
EVERY_ROLE = (("werewolf",) * 4 + PART1_CALLS + ("hangman", "witch", "villager") + PART2_CALLS
              + PART2_DAY)
EVERY_EXTRA = ("cupid", "noble", "drunk")
#: 16 players: every night call of part 2
SIXTEEN = ("werewolf", "werewolf") + PART2_CALLS + ("priest", "wise_citizen")
#: every village role of parts 1 and 2 with a night call, and the pack
EVERY_VILLAGE_CALL = ("werewolf",) * 3 + PART1_CALLS + PART2_CALLS + ("witch", "hangman", "priest",
                                                                      "wise_citizen", "villager")


def dealt(cards: tuple[str, ...], extras: tuple[str, ...], seed: int) -> Any:
    return deal(NAMES[:len(cards)], [Role(c) for c in cards], [Role(e) for e in extras], seed, seed=seed)


# -- 1. the engine ------------------------------------------------------------------------
def engine_nights(nights: int) -> dict[str, Any]:
    fold_times: list[float] = []
    run = forum_fold.Fold.run

    def timed_run(self: forum_fold.Fold) -> None:
        t = time.process_time()
        run(self)
        fold_times.append(time.process_time() - t)

    forum_fold.Fold.run = timed_run  # type: ignore[method-assign]
    per_night: list[float] = []
    games = 0
    try:
        while len(per_night) < nights:
            game = ForumGame(dealt(EVERY_ROLE, EVERY_EXTRA, 1000 + games))
            rng = random.Random(games)
            games += 1
            spent: dict[str, float] = {}
            while game.request is not None:
                req = game.request
                decision = req.spec.decide(ForumBotContext(game.state, req, rng, "sensible"))
                t = time.process_time()
                game.apply(decision)
                if req.when.startswith("night"):
                    spent[req.when] = spent.get(req.when, 0.0) + time.process_time() - t
            per_night += spent.values()
    finally:
        forum_fold.Fold.run = run  # type: ignore[method-assign]
    per_night = per_night[:nights]
    fold_times = fold_times[:nights]
    return {"players": len(EVERY_ROLE), "nights": len(per_night), "games": games,
            "night_median_ms": round(1000 * statistics.median(per_night), 2),
            "night_p99_ms": round(1000 * quantile(per_night, 0.99), 2),
            "fold_median_ms": round(1000 * statistics.median(fold_times), 3),
            "fold_p99_ms": round(1000 * quantile(fold_times, 0.99), 3)}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- 2. the spoken night ------------------------------------------------------------------
def narrated(game: ForumGame, pack: voices.Pack, speaker: TimedSpeaker, seed: int,
             call_seconds: tuple[float, float]) -> Moderator:
    """The moderator of a bot game, its calls of ``call_seconds``."""
    holder: dict[str, Moderator] = {}
    holder["m"] = Moderator(game, pack, speaker, BotTable(Bots(seed), lambda: holder["m"].game),
                            RecordingPrivate(pack), FastClock(), narration_seed=seed,
                            timing=Timing(call_seconds=call_seconds, discussion=False))
    return holder["m"]


def spoken_nights(cards: tuple[str, ...], games: int, call_seconds: tuple[float, float],
                  renderer: Renderer, lang: str) -> dict[str, Any]:
    pack = voices.load(lang).edition("forum")
    start, end = pack.line("announce.night_falls"), pack.line("announce.day_breaks")
    lengths: list[float] = []
    spoken: list[float] = []
    calls: list[int] = []
    for seed in range(games):
        setup = dealt(cards, (), seed + 1)
        speaker = TimedSpeaker(renderer)
        moderator = narrated(ForumGame(setup), pack, speaker, seed, call_seconds)
        moderator.run()
        began, said = None, 0.0
        for t, text in speaker.marks:
            if text == start:
                began, said = t, 0.0
            elif text == end and began is not None:
                lengths.append(t - began)
                spoken.append(said)
                began = None
            if began is not None:
                said += renderer.audio(text).seconds
        calls.append(sum(1 for step, _, _ in moderator.call_log if step != "turn"))
    return {"players": len(cards), "call_seconds": list(call_seconds), "nights": len(lengths),
            "calls_per_night": round(sum(calls) / len(lengths), 1),
            "night_median_s": round(statistics.median(lengths), 1), "night_max_s": round(max(lengths), 1),
            "said_median_s": round(statistics.median(spoken), 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=1000)
    parser.add_argument("--games", type=int, default=6, help="narrated games per deck and call length")
    parser.add_argument("--lang", default="nl")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result: dict[str, Any] = {"engine": engine_nights(args.nights)}
    pack = voices.load(args.lang)
    with tempfile.TemporaryDirectory() as cache_dir:
        renderer = Renderer(make_backend(settings_for(pack)), RenderCache(Path(cache_dir)), args.lang)
        for name, cards in (("sixteen_players_every_part2_call", SIXTEEN),
                            ("every_village_call", EVERY_VILLAGE_CALL)):
            for label, span in (("default", Timing().call_seconds), ("demo", (6.0, 9.0)),
                                ("eight_to_eleven", (8.0, 11.0))):
                result[f"{name}_{label}"] = spoken_nights(cards, args.games, span, renderer, args.lang)
    if args.json:
        print(json.dumps(result))
        return
    e = result["engine"]
    print(f"engine, every role of parts 1 and 2 ({e['players']} players): {e['nights']} nights "
          f"({e['games']} games)")
    print(f"  a night (dusk to the first question of the day): median {e['night_median_ms']} ms, "
          f"p99 {e['night_p99_ms']} ms")
    print(f"  the fold alone: median {e['fold_median_ms']} ms, p99 {e['fold_p99_ms']} ms")
    for key, r in result.items():
        if key == "engine":
            continue
        lo, hi = r["call_seconds"]
        verdict = "under" if r["night_max_s"] < 240 else "OVER"
        print(f"spoken night, {key} ({r['players']} players, calls {lo:g}-{hi:g} s, "
              f"{r['calls_per_night']} calls a night, {r['nights']} nights): median {r['night_median_s']} s "
              f"({r['said_median_s']} s of it said), max {r['night_max_s']} s ({verdict} 4 minutes)")


if __name__ == "__main__":
    main()
