"""Narration latency: from a line being due to its first audio sample.

For each backend that runs here it measures, over the real lines of a pack
(``voices/<lang>/narration.yaml`` and friends):

- render: the time to synthesise one line, and the real-time factor;
- cold: ``say()`` with an empty cache (render on demand);
- prefetched: ``prefetch()`` the lines first, as the moderator does, then say;
- warm: the same lines again (memory cache).

The budget (DESIGN.md) is 150 ms to the first sample. The output is a
stand-in that only records, so the numbers are the pipeline's, not a sound
card's buffer. Run: ``python bench/narration_latency.py [--lang nl] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import string
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from narrator.voice import (  # noqa: E402
    BACKENDS,
    SAMPLE_RATE,
    Audio,
    RenderCache,
    Renderer,
    Say,
    Speaker,
    Synthesizer,
    VoiceError,
    make_backend,
    settings_for,
)

BUDGET_MS = 150.0


class Recording:
    """An output that takes no time, so only the pipeline is measured."""

    sample_rate = SAMPLE_RATE

    def write(self, samples: np.ndarray) -> None:
        pass

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass


# Used only when a pack has no narration yet (the bench still needs text).
FALLBACK = {
    "nl": ["De nacht valt over Wakkerdam. {name}, sluit je ogen.",
           "De ziener wordt wakker en wijst {name} aan.",
           "Het dorp wordt wakker. {name} is vannacht gestorven."],
    "de": ["Die Nacht bricht herein. {name}, schließ die Augen.",
           "Die Seherin erwacht und zeigt auf {name}.",
           "Das Dorf erwacht. {name} ist heute Nacht gestorben."],
    "en": ["Night falls over Millers Hollow. {name}, close your eyes.",
           "The seer wakes up and points at {name}.",
           "The village wakes up. {name} was found dead this morning.",
           "It is time to vote. Who accuses {name}?"],
}
NAMES = ["Anna", "Bram", "Cees", "Daan", "Eva", "Fleur", "Gijs", "Hanna", "Ilse", "Joost",
         "Kees", "Lotte", "Maud", "Niels", "Olga", "Pieter", "Roos", "Sander"]


class Shared:
    """A backend lent to several speakers: closing a speaker leaves it running."""

    def __init__(self, synth: Synthesizer) -> None:
        self.synth = synth
        self.name = synth.name

    def identity(self) -> str:
        return str(self.synth.identity())

    def render(self, say: Say) -> Audio:
        return self.synth.render(say)


def pack_lines(pack: voices.Pack, limit: int) -> list[str]:
    """Distinct spoken lines of the pack, placeholders filled with names or a
    number (a line repeated would be a cache hit and flatter the cold case)."""
    lines: list[str] = []
    for key, text in sorted(pack.lines.items()):
        if key.startswith(("voice.", "journal.", "number.", "role_bare.", "list.")):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        try:
            line = text.format(**{f: ("3" if f in {"n", "count", "votes"} else "Anna") for f in fields})
        except (KeyError, IndexError, ValueError):
            continue
        if len(line.split()) >= 3:
            lines.append(line)
    if len(lines) < limit:
        templates = FALLBACK[pack.lang]
        lines += [templates[i % len(templates)].format(name=NAMES[i // len(templates) % len(NAMES)])
                  for i in range(limit - len(lines))]
    return list(dict.fromkeys(lines))[:limit]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, float]:
    return {"p50_ms": round(pct(ms, 0.5), 2), "p95_ms": round(pct(ms, 0.95), 2),
            "max_ms": round(max(ms), 2), "n": len(ms)}


def measure_speaker(pack: voices.Pack, synth: Synthesizer, lines: list[str], cache_dir: Path, *, prefetch: bool,
                    repeats: int = 1) -> list[float]:
    renderer = Renderer(Shared(synth), RenderCache(cache_dir), pack.lang)
    speaker = Speaker(pack, renderer, Recording(), fast=False)
    if prefetch:
        speaker.prefetch(lines)
        renderer.settle()
    for _ in range(repeats):
        for text in lines:
            speaker.say(text)
            speaker.wait_until_done(60)  # each line is due to an idle speaker
    speaker.close()
    return [s * 1000 for s in speaker.stats.latencies[-len(lines):]]


def bench_backend(name: str, pack: voices.Pack, lines: list[str]) -> dict[str, Any]:
    settings = settings_for(pack)
    try:
        synth = make_backend(settings, name)
        synth.render(Say("warm up", pack.lang))  # model load / worker start, not per line
    except VoiceError as exc:
        return {"backend": name, "skipped": str(exc)}
    render_ms, rtf = [], []
    for text in lines:
        t = time.perf_counter()
        audio = synth.render(Say(text, pack.lang))
        dt = time.perf_counter() - t
        render_ms.append(dt * 1000)
        rtf.append(audio.seconds / dt if dt else float("inf"))
    with tempfile.TemporaryDirectory() as d:
        cold = measure_speaker(pack, synth, lines, Path(d) / "cold", prefetch=False)
        prefetched = measure_speaker(pack, synth, lines, Path(d) / "pre", prefetch=True)
        warm = measure_speaker(pack, synth, lines, Path(d) / "warm", prefetch=False, repeats=2)
        # The next process finds the lines on disk.
        disk = measure_speaker(pack, synth, lines, Path(d) / "warm", prefetch=False)
    result = {
        "backend": name,
        "render": summary(render_ms) | {"realtime_factor_p50": round(statistics.median(rtf), 1)},
        "cold": summary(cold),
        "prefetched": summary(prefetched),
        "warm_memory": summary(warm),
        "warm_disk": summary(disk),
    }
    close = getattr(synth, "close", None)
    if close:
        close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="nl", choices=voices.LANGUAGES)
    parser.add_argument("--lines", type=int, default=40, help="how many pack lines (default 40)")
    parser.add_argument("--backends", default=",".join(BACKENDS),
                        help="comma-separated (default: all)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    pack = voices.load(args.lang)
    lines = pack_lines(pack, max(1, args.lines))
    if not lines:
        print(f"pack {args.lang} has no lines to speak", file=sys.stderr)
        return 1
    results = [bench_backend(name.strip(), pack, lines) for name in args.backends.split(",")]
    report = {"lang": args.lang, "lines": len(lines), "budget_ms": BUDGET_MS, "results": results}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"narration latency, pack {args.lang}, {len(lines)} lines, budget {BUDGET_MS:.0f} ms "
          "from a line being due to its first sample")
    print(f"{'backend':<10} {'render p50/p95':>16} {'x realtime':>10} {'cold p50/p95':>16} "
          f"{'prefetched':>14} {'warm mem':>14} {'warm disk':>14}")
    for r in results:
        if "skipped" in r:
            print(f"{r['backend']:<10} skipped: {r['skipped']}")
            continue

        def pair(s: dict[str, float]) -> str:
            return f"{s['p50_ms']:.1f}/{s['p95_ms']:.1f}"

        print(f"{r['backend']:<10} {pair(r['render']):>16} {r['render']['realtime_factor_p50']:>10} "
              f"{pair(r['cold']):>16} {pair(r['prefetched']):>14} {pair(r['warm_memory']):>14} "
              f"{pair(r['warm_disk']):>14}")
    print("(ms; cold = rendered when due, prefetched = rendered ahead by prefetch())")
    return 0


if __name__ == "__main__":
    sys.exit(main())
