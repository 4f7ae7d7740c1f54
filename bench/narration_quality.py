"""How well the box's voices are understood, how even they are, how soon they start.

Every spoken line of a pack (the complete lines of its calls, narration,
announcements, questions and spoken-vote dialogue: the text a table hears)
is rendered by each voice installed here: the pack's espeak-ng voice, and
each of the pack's ``voices`` (Piper, MBROLA through espeak-ng) that can
speak here. Each rendering is transcribed by the project's own Whisper base
model (free text, 30 s window, beam 2) and scored as word error rate against
the line (lower case, no punctuation, digits written as the pack's words).
Printed per language and voice:

  wer          word errors / words of the lines, percent
  raw LU       the engine's own loudness over the lines (BS.1770 integrated,
               LUFS): median, and the spread (90th - 10th percentile, LU)
  even LU      the same after the box's levelling (``loudness.normalise``)
  ttfs ms      time to first sound: rendering one line not in the cache,
               median and 90th percentile, and the first line's (voice load)

and, per language, all voices' lines together: the loudness spread a table
hears when voices mix, before (raw) and after (levelled). The last table
sets the voice the box spoke before (espeak-ng) beside the one it speaks now
(``backend: best``: the first of the pack's voices installed).

    python bench/narration_quality.py [--lang nl de en] [--limit N] [--voice backend:name ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from hardware.audio import resample  # noqa: E402
from narrator.hearing.grammar import normalise  # noqa: E402
from narrator.hearing.whisper_backend import log_mel  # noqa: E402
from narrator.voice import settings_for  # noqa: E402
from narrator.voice.backends import BACKENDS, best_backend, candidates, describe  # noqa: E402
from narrator.voice.loudness import loudness  # noqa: E402
from narrator.voice.loudness import normalise as level  # noqa: E402
from narrator.voice.messages import BackendUnavailable, Say, VoiceConfigError  # noqa: E402

#: the families of lines the box says aloud (the rest is read on screens and pages)
SPOKEN = ("call.", "narration.", "announce.", "ask.", "speech.")


def spoken_lines(pack: voices.Pack) -> list[str]:
    return [text for key, text in sorted(pack.lines.items())
            if key.startswith(SPOKEN) and not pack.placeholders(key) and text.strip()]


class Ears:
    """Whisper base as a plain transcriber (the recognizer's model, no grammar)."""

    def __init__(self, lang: str) -> None:
        import ctranslate2
        import tokenizers

        from narrator.hearing.whisper_model import whisper_dir

        path = whisper_dir()
        self.model = ctranslate2.models.Whisper(str(path), device="cpu", compute_type="int8")
        self.tok = tokenizers.Tokenizer.from_file(str(Path(path) / "tokenizer.json"))
        self.prompt = [self.tok.token_to_id(t) for t in (
            "<|startoftranscript|>", f"<|{lang}|>", "<|transcribe|>", "<|notimestamps|>")]
        self.ct2 = ctranslate2

    def text(self, audio16k: np.ndarray) -> str:
        features = self.ct2.StorageView.from_array(log_mel(audio16k, 3000)[None])
        result = self.model.generate(features, [self.prompt], beam_size=2, max_length=200)[0]
        return self.tok.decode(result.sequences_ids[0])


def digits_as_words(pack: voices.Pack) -> dict[str, str]:
    """"3" -> "drie": Whisper writes numbers as digits, the lines as words."""
    out = {}
    for n in range(0, 21):
        key = f"number.{n}"
        if pack.has(key):
            out[str(n)] = normalise(pack.line(key))
    return out


def words(text: str, digits: dict[str, str]) -> list[str]:
    return [w for t in normalise(text).split() for w in digits.get(t, t).split()]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def measure(lang: str, option, lines: list[str], ears: Ears) -> dict | None:
    pack = voices.load(lang)
    digits = digits_as_words(pack)
    t0 = time.perf_counter()
    try:
        synth = BACKENDS[option.backend](option)
    except (BackendUnavailable, VoiceConfigError) as exc:
        print(f"# {lang} {describe(option)}: not here ({exc})", file=sys.stderr)
        return None
    errors = total = 0
    raw, even, ttfs = [], [], []
    first_ms = None
    for i, line in enumerate(lines):
        t = time.perf_counter()
        audio = synth.render(Say(line, lang))
        spent = 1000 * (time.perf_counter() - (t0 if i == 0 else t))
        if i == 0:
            first_ms = spent
        else:
            ttfs.append(spent)
        raw.append(loudness(audio.samples, audio.sample_rate))
        levelled = level(audio, option.loudness)
        even.append(loudness(levelled.samples, levelled.sample_rate))
        heard = ears.text(resample(levelled.samples, levelled.sample_rate, 16000))
        ref, hyp = words(line, digits), words(heard, digits)
        errors += Levenshtein.distance(ref, hyp)
        total += len(ref)
    close = getattr(synth, "close", None)
    if close:
        close()
    return {"voice": describe(option), "lines": len(lines), "wer": 100 * errors / max(1, total),
            "raw": raw, "even": even, "ttfs": ttfs, "first_ms": first_ms}


def spread(values: list[float]) -> float:
    finite = [v for v in values if np.isfinite(v)]
    return pct(finite, 90) - pct(finite, 10)


def row(lang: str, r: dict) -> str:
    raw = [v for v in r["raw"] if np.isfinite(v)]
    even = [v for v in r["even"] if np.isfinite(v)]
    return (f"{lang:<4} {r['voice']:<28} {r['lines']:>5} {r['wer']:6.1f} | "
            f"{np.median(raw):6.1f} {spread(raw):5.1f} | {np.median(even):6.1f} {spread(even):5.1f} | "
            f"{pct(r['ttfs'], 50):6.0f} {pct(r['ttfs'], 90):6.0f} {r['first_ms']:6.0f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="*", default=["nl", "de", "en"])
    parser.add_argument("--limit", type=int, help="only the first N lines of each pack")
    parser.add_argument("--voice", nargs="*", default=[],
                        help="more voices to measure, backend:name (espeak-ng:mb-nl3)")
    args = parser.parse_args(argv)
    head = (f"{'lang':<4} {'voice':<28} {'lines':>5} {'wer%':>6} | {'raw LU':>6} {'sprd':>5} | "
            f"{'even':>6} {'sprd':>5} | {'ttfs p50':>6} {'p90':>6} {'first':>6}")
    print(f"# every spoken line, transcribed by Whisper base; loudness in LUFS, spread = p90 - p10\n{head}",
          flush=True)
    results: dict[str, list[dict]] = {}
    for lang in args.lang:
        pack = voices.load(lang)
        settings = settings_for(pack)
        lines = spoken_lines(pack)[: args.limit]
        ears = Ears(lang)
        options = candidates(settings)
        for extra in args.voice:
            backend, _, name = extra.partition(":")
            if not name.removeprefix("mb-").startswith(lang if lang != "en" else ("en", "us")):
                continue            # another language's voice
            options.append(replace(settings, backend=backend, **(
                {"piper_model": name} if backend == "piper" else {"voice": name})))
        for option in options:
            r = measure(lang, option, lines, ears)
            if r is not None:
                results.setdefault(lang, []).append(r)
                print(row(lang, r), flush=True)
    print("\n# all of a language's voices together: what a table hears when voices mix")
    print(f"{'lang':<4} {'raw spread LU':>14} {'levelled spread LU':>19}")
    for lang, rs in results.items():
        raw = [v for r in rs for v in r["raw"]]
        even = [v for r in rs for v in r["even"]]
        print(f"{lang:<4} {spread(raw):14.1f} {spread(even):19.1f}")
    print("\n# before (espeak-ng, its own levels) and after (backend: best, levelled), side by side")
    print(f"{'lang':<4} {'before voice':<16} {'wer%':>5} {'spread':>6} | {'after voice':<28} "
          f"{'wer%':>5} {'spread':>6} {'ttfs p50':>8}")
    for lang, rs in results.items():
        settings = settings_for(voices.load(lang))
        before = next(r for r in rs if r["voice"] == f"espeak-ng:{settings.voice}")
        best = describe(replace(settings, **_fields(best_backend(settings)[0])))
        after = next((r for r in rs if r["voice"] == best), before)
        print(f"{lang:<4} {before['voice']:<16} {before['wer']:5.1f} {spread(before['raw']):6.1f} | "
              f"{after['voice']:<28} {after['wer']:5.1f} {spread(after['even']):6.1f} "
              f"{pct(after['ttfs'], 50):8.0f}")
    return 0


def _fields(synth) -> dict:
    """The settings that name a chosen backend (for ``describe``)."""
    s = synth.settings
    return {"backend": synth.name, "voice": s.voice, "piper_model": s.piper_model}


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
