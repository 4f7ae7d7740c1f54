"""How the two opinions' vetoes were chosen (``narrator/hearing/agreement.py``).

Decodes tuning clips once, with pocketsphinx (its answer) and Whisper (its
distance to every meaning), then sweeps the veto's two settings and prints
the ones no other beats on right answers, wrong answers and non-votes
taken, per room. Only the tuning set: its voices and its own non-vote
phrases, never the held-out ones the figures are quoted on.

    python bench/veto_sweep.py --lang nl --n 20 --condition quiet oog babble15
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from bench.recognition import (  # noqa: E402
    NAMES,
    NOT_A_VOTE_TUNE,
    VOICES,
    Voice,
    room,
    said,
    speech_power,
    whisper_model,
)
from narrator.hearing.audio import silence  # noqa: E402
from narrator.hearing.grammar import Vocabulary, pick_grammar  # noqa: E402
from narrator.hearing.sphinx_backend import PocketsphinxRecognizer  # noqa: E402
from narrator.hearing.whisper_backend import WhisperRecognizer  # noqa: E402

NEAR = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01]
CLEAR = [0.0, 0.08, 0.16, 0.25, 0.35, 0.5, 1.0]


def decode_all(lang: str, n: int, conditions: list[str], **whisper_settings: int) -> list[dict]:
    vocab = Vocabulary(voices.load(lang))
    players = NAMES[lang]
    seats = {p: i + 1 for i, p in enumerate(players)}
    whisper = WhisperRecognizer(whisper_model(), lang, **whisper_settings)
    sphinx = PocketsphinxRecognizer(lang=lang)
    rows = []
    for voice_name in VOICES["tune"][lang]:
        voice = Voice(voice_name, vocab)
        rng = np.random.default_rng(99)
        power = speech_power([voice(w) for w in (vocab.seat(3)[0], vocab.words("yes")[0])])
        for condition in conditions:
            bed = room("quiet" if condition == "oog" else condition, power, 7)
            for _ in range(n):
                voter = players[int(rng.integers(len(players)))]
                options = [p for p in players if p != voter]
                grammar = pick_grammar(vocab, options, seats, True)
                if condition == "oog":
                    phrase, meant = str(rng.choice(NOT_A_VOTE_TUNE[lang])), None
                else:
                    m = None if rng.random() < 0.1 else options[int(rng.integers(len(options)))]
                    phrase, meant = said(vocab, rng, m, seats.get(m or "", 1)), m or "nobody"
                audio = np.concatenate([silence(0.3), voice(phrase), silence(0.45)])
                if condition not in ("quiet", "oog"):
                    at = int(rng.integers(0, len(bed) - len(audio)))
                    audio = np.clip(audio.astype(np.int32) + bed[at:at + len(audio)],
                                    -32768, 32767).astype(np.int16)
                ranked = whisper.rank(whisper.hypotheses(audio, grammar), grammar)
                heard = sphinx.recognize(audio, grammar)
                answer = grammar.meaning(heard.text) if heard.text and not heard.rejected else None
                rows.append({"condition": condition, "meant": meant,
                             "sphinx": answer and (answer.player or answer.kind),
                             "distance": {m.player or m.kind: d for d, _, m in ranked}})
    return rows


def outcome(row: dict, near: float, clear: float) -> str | None:
    """Pocketsphinx's answer as the veto lets it stand (``AgreedStream.decide``)."""
    answer, distance = row["sphinx"], row["distance"]
    if answer is None or answer not in distance:
        return None
    d = distance[answer]
    return answer if d <= near and d - min(distance.values()) <= clear else None


def tally(rows: list[dict], near: float, clear: float) -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}
    for condition in sorted({r["condition"] for r in rows}):
        got = [(outcome(r, near, clear), r["meant"]) for r in rows if r["condition"] == condition]
        if condition == "oog":
            out[condition] = (sum(g is not None for g, _ in got), len(got))
        else:
            out[condition] = (sum(g == m for g, m in got),
                              sum(g is not None and g != m for g, m in got), len(got))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="nl")
    parser.add_argument("--n", type=int, default=20, help="clips per voice and room")
    parser.add_argument("--condition", nargs="*", default=["quiet", "oog", "babble15"])
    parser.add_argument("--window", type=int, default=None, help="Whisper's window, 10 ms frames")
    parser.add_argument("--beams", type=int, default=None)
    args = parser.parse_args(argv)
    settings = {k: v for k, v in (("window_frames", args.window), ("beams", args.beams))
                if v is not None}
    rows = decode_all(args.lang, args.n, args.condition, **settings)
    alone = tally(rows, 10.0, 10.0)
    print(f"pocketsphinx alone: {alone}")
    points = []
    for near, clear in itertools.product(NEAR, CLEAR):
        t = tally(rows, near, clear)
        right = sum(v[0] for k, v in t.items() if k != "oog")
        wrong = sum(v[1] for k, v in t.items() if k != "oog")
        points.append(((right, wrong, t.get("oog", (0,))[0]), near, clear, t))
    print("not beaten (right, wrong, non-votes taken), near, clear, per room:")
    for score, near, clear, t in sorted(points):
        r, w, o = score
        if not any(s[0] >= r and s[1] <= w and s[2] <= o and s != score for s, *_ in points):
            print(f"  {score}  near {near:<4}  clear {clear:<4}  {t}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
