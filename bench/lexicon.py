"""Phone tables for Dutch and German on the English acoustic model,
measured: first-pass right / wrong / refused of votes decoded straight
against the vote grammar (no dialogue, a microphone's hiss), one row per
table tried, side by side.

Each ``--try`` changes the language's table (``lexicon.LANGUAGE_PHONES``,
``LANGUAGE_ALTERNATIVES``) for one row:

  E=IY        espeak-ng's mnemonic E is heard as IY
  Q+G,K       Q may also be heard as G or as K (one pronunciation more each)
  r=-         r is not heard at all
  x=HH.K      x is heard as two phones, HH then K
  none        the shared table only, one pronunciation a word (main's)

    python bench/lexicon.py --lang nl [--set tune] [--n 30] --try E=IH "x+K" none

Choose on the tuning set (the default); quote the held-out set only from
bench/recognition.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from bench.recognition import NAMES, SEEDS, VOICES, Voice, said  # noqa: E402
from narrator.hearing import lexicon  # noqa: E402
from narrator.hearing.grammar import Vocabulary, pick_grammar  # noqa: E402
from narrator.hearing.sphinx_backend import PocketsphinxRecognizer  # noqa: E402


def phones(text: str) -> tuple[str, ...]:
    return () if text == "-" else tuple(text.split("."))


def table_for(lang: str, change: str) -> tuple[dict, dict]:
    """The language's tables with one change (see the module's doc)."""
    usual = dict(lexicon.LANGUAGE_PHONES.get(lang, {}))
    others = dict(lexicon.LANGUAGE_ALTERNATIVES.get(lang, {}))
    if change == "none":
        return {}, {}
    for part in change.split():
        if "=" in part:
            mark, _, to = part.partition("=")
            usual[mark] = phones(to)
        elif "+" in part:
            mark, _, to = part.partition("+")
            others[mark] = tuple(phones(t) for t in to.split(","))
        elif part != "now":
            raise SystemExit(f"cannot read --try {part!r}")
    return usual, others


def first_pass(lang: str, voice_names: list[str], n: int, seed: int) -> tuple[int, int, int]:
    """Right, wrong and refused of ``n`` votes a voice, as the bench's voters say them."""
    recognizer = PocketsphinxRecognizer(lang=lang)
    vocab = Vocabulary(voices.load(lang))
    players = NAMES[lang]
    seats = {p: i + 1 for i, p in enumerate(players)}
    right = wrong = refused = 0
    for name in voice_names:
        rng = np.random.default_rng(seed)
        voice = Voice(name, vocab)
        for i in range(n):
            voter = players[int(rng.integers(len(players)))]
            options = [p for p in players if p != voter]
            meant = None if rng.random() < 0.1 else options[int(rng.integers(len(options)))]
            grammar = pick_grammar(vocab, options, seats, True)
            pad = np.zeros(4000, np.int16)
            audio = np.concatenate([pad, voice(said(vocab, rng, meant, seats.get(meant or "", 1))),
                                    pad]).astype(np.float64)
            audio += np.random.default_rng(i).standard_normal(len(audio)) * 10
            heard = recognizer.recognize(np.clip(audio, -32768, 32767).astype(np.int16), grammar)
            meaning = grammar.meaning(heard.text) if heard.text else None
            if meaning is None:
                refused += 1
            elif meaning.player == meant:
                right += 1
            else:
                wrong += 1
    return right, wrong, refused


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="nl")
    parser.add_argument("--set", default="tune", choices=sorted(VOICES))
    parser.add_argument("--n", type=int, default=30, help="votes per voice")
    parser.add_argument("--try", dest="tries", nargs="*", default=["now", "none"])
    args = parser.parse_args(argv)
    names = VOICES[args.set][args.lang]
    print(f"# {args.lang}, clip set {args.set!r}, {args.n} votes x {len(names)} voices\n"
          f"{'table':<24} right wrong refused")
    saved = dict(lexicon.LANGUAGE_PHONES), dict(lexicon.LANGUAGE_ALTERNATIVES)
    for change in args.tries:
        usual, others = table_for(args.lang, change)
        lexicon.LANGUAGE_PHONES[args.lang], lexicon.LANGUAGE_ALTERNATIVES[args.lang] = usual, others
        try:
            right, wrong, refused = first_pass(args.lang, names, args.n, SEEDS[args.set])
        finally:
            lexicon.LANGUAGE_PHONES.clear()
            lexicon.LANGUAGE_PHONES.update(saved[0])
            lexicon.LANGUAGE_ALTERNATIVES.clear()
            lexicon.LANGUAGE_ALTERNATIVES.update(saved[1])
        print(f"{change:<24} {right:5} {wrong:5} {refused:7}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
