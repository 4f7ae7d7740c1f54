"""How long a spoken night lasts: 10 players, the standard deck (seed 001's
table with witch, hunter, cupid and little girl), real espeak-ng speech.

Each line is rendered for real and timed by its audio length; night calls
last the moderator's drawn length (acted or pretended alike). Bots answer, so
this is the box's own share of the night. Prints per-night seconds and the
median over games; ``--json`` for one JSON object.
Target (DESIGN.md): no longer than a good human moderator's night (~2 min).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
import voices  # noqa: E402
from engine import Game  # noqa: E402
from narrator.bot_table import BotTable, RecordingPrivate  # noqa: E402
from narrator.bots import Bots  # noqa: E402
from narrator.clock import FastClock  # noqa: E402
from narrator.demo import deal  # noqa: E402
from narrator.moderator import Moderator, Timing  # noqa: E402
from narrator.voice import make_backend, settings_for  # noqa: E402
from narrator.voice.cache import RenderCache, Renderer  # noqa: E402


class TimedSpeaker:
    """Adds up what the table hears: each line's real audio, each silence."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.t = 0.0
        self.marks: list[tuple[float, str]] = []

    def say(self, text: str) -> None:
        self.marks.append((self.t, text))
        self.t += self.renderer.audio(text).seconds

    def silence(self, seconds: float) -> None:
        self.t += seconds

    def cue(self, name: str) -> None:
        self.t += 0.8

    def prefetch(self, lines: list[str]) -> None:
        pass

    def repeat_last(self) -> None: ...
    def louder(self) -> None: ...
    def softer(self) -> None: ...
    def close(self) -> None: ...


def night_lengths(seed: int, lang: str, renderer: Renderer) -> list[float]:
    pack = voices.load(lang)
    specials = ["witch", "hunter", "cupid", "little_girl"]
    roles = [r.value for r in config.demo_deck(10, specials)]
    setup = deal(10, seed, roles)
    speaker = TimedSpeaker(renderer)
    holder: dict[str, Moderator] = {}
    m = Moderator(Game(setup), pack, speaker, BotTable(Bots(seed), lambda: holder["m"].game),
                  RecordingPrivate(pack), FastClock(), narration_seed=seed, timing=Timing(discussion=False))
    holder["m"] = m
    m.run()
    start = pack.line("announce.night_falls")
    end = pack.line("announce.day_breaks")
    nights, began = [], None
    for t, text in speaker.marks:
        if text == start:
            began = t
        elif text == end and began is not None:
            nights.append(t - began)
            began = None
    return nights


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--lang", default="nl")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pack = voices.load(args.lang)
    with tempfile.TemporaryDirectory() as cache_dir:
        renderer = Renderer(make_backend(settings_for(pack)), RenderCache(Path(cache_dir)), args.lang)
        first, later = [], []
        for seed in range(args.games):
            nights = night_lengths(seed, args.lang, renderer)
            first.append(nights[0])
            later += nights[1:]
    lo, hi = Timing().call_seconds
    result = {
        "players": 10, "deck": "standard (2 werewolves, seer, witch, hunter, cupid, little girl)",
        "games": args.games, "call_seconds": [lo, hi],
        "night1_median_s": round(statistics.median(first), 1),
        "night1_max_s": round(max(first), 1),
        "later_nights_median_s": round(statistics.median(later), 1) if later else None,
        "later_nights_max_s": round(max(later), 1) if later else None,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:24} {v}")


if __name__ == "__main__":
    main()
