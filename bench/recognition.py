"""Recognition benchmark: spoken votes through the box's whole day-vote path.

Simulated voters answer the vote dialogue through the fake microphone
(level, end-pointing, grammar, ``VoteDialogue``, the yes/no repetition) in
several synthetic voices, saying what people say (a bare name or number,
"ik stem op Anna", "op nummer drie", "niemand"), in these rooms:

  quiet      a microphone's hiss only
  wind10     gusting wind 10 dB below the voice
  babble15   four other people talking, 15 dB below
  music15    a tune with chords, 15 dB below
  cough<     a cough, a short pause, then the answer
  cough>     the answer, then a cough
  oog        first something that is no vote ("hang on a second"), then the answer

Two configurations in one run: ``before`` is the first version (bare-word
grammar, energy end-pointer, no rejection, a cough ends the answer) and
``after`` this one. Printed per row:

  first pass   right / wrong / rejected: what the box repeats back first
               (for "oog": wrong = the non-vote was taken for an answer)
  settled      right / wrong by voice / to the buttons after the repetition
               (the simulated voter answers it truthfully, by voice)
  rtf          decoding time / audio decoded;  rss_mb  peak resident memory

    python bench/recognition.py [--lang nl de en] [--n 8] [--config before after]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from hardware.microphone import FakeMicrophone  # noqa: E402
from narrator.hearing import sounds  # noqa: E402
from narrator.hearing.audio import silence  # noqa: E402
from narrator.hearing.dialogue import DialogueSettings, VoteDialogue  # noqa: E402
from narrator.hearing.grammar import Vocabulary  # noqa: E402
from narrator.hearing.listen import Listener  # noqa: E402
from narrator.hearing.simulate import SimulatedTable  # noqa: E402
from narrator.hearing.sphinx_backend import PocketsphinxRecognizer  # noqa: E402
from narrator.hearing.synth import SynthUnavailable, speak  # noqa: E402
from narrator.hearing.vad import VadSettings  # noqa: E402

NAMES = {"en": ["Anna", "Brian", "Charles", "David", "Emma", "Frank", "Grace", "Henry"],
         "nl": ["Anna", "Bram", "Cees", "Daan", "Eva", "Femke", "Gijs", "Hanna"],
         "de": ["Anna", "Bernd", "Clara", "Dieter", "Emma", "Frieda", "Günter", "Heike"]}
VOICES = {"en": ["en-us", "en-us+f2", "flite-slt", "piper"],
          "nl": ["nl", "nl+f2", "nl+m3"], "de": ["de", "de+f2", "de+m3"]}
BABBLE_VOICES = ["en-us+m3", "nl+m1", "de+f3", "en-gb+f4"]
NOT_A_VOTE = {"en": ["hang on a second", "let me think", "ha ha ha", "what did he say"],
              "nl": ["wacht even", "even denken", "ha ha ha", "wat zei hij"],
              "de": ["warte mal", "moment mal", "ha ha ha", "was hat er gesagt"]}
CONDITIONS = ["quiet", "wind10", "babble15", "music15", "cough<", "cough>", "oog"]


class TimedStream:
    def __init__(self, owner: TimedRecognizer, inner) -> None:
        self.owner = owner
        self.inner = inner

    def feed(self, audio) -> None:
        t = time.perf_counter()
        self.inner.feed(audio)
        self.owner.seconds += time.perf_counter() - t
        self.owner.audio_s += len(audio) / self.owner.sample_rate

    def finish(self):
        t = time.perf_counter()
        heard = self.inner.finish()
        self.owner.seconds += time.perf_counter() - t
        return heard


class TimedRecognizer:
    """Decoding time against audio length."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.sample_rate = inner.sample_rate
        self.threshold = inner.threshold
        self.hears_yes = inner.hears_yes
        self.seconds = 0.0
        self.audio_s = 0.0

    def can_say(self, word: str) -> bool:
        return self.inner.can_say(word)

    def stream(self, grammar):
        return TimedStream(self, self.inner.stream(grammar))


def speech_power(clips: list[np.ndarray]) -> float:
    active = [a[np.abs(a) > 0.02 * (np.max(np.abs(a)) or 1)].astype(np.float64) for a in clips]
    return float(np.mean(np.concatenate(active) ** 2))


class Voice:
    """A voice that speaks normalised phrases with their written spelling."""

    def __init__(self, name: str, vocab: Vocabulary) -> None:
        self.name = name
        self.vocab = vocab
        self.cache: dict[str, np.ndarray] = {}

    def __call__(self, phrase: str) -> np.ndarray:
        if phrase not in self.cache:
            text = " ".join(self.vocab.spelling.get(w, w) for w in phrase.split())
            self.cache[phrase] = speak(text, self.name)
        return self.cache[phrase]


def room(condition: str, power: float, seed: int) -> np.ndarray:
    hiss = (np.random.default_rng(seed).standard_normal(16000 * 7) * 10).astype(np.int16)
    if condition == "wind10":
        return sounds.bed(sounds.wind(23, seed), power, 10)
    if condition == "babble15":
        return sounds.bed(sounds.babble(23, speak, BABBLE_VOICES, seed), power, 15)
    if condition == "music15":
        return sounds.bed(sounds.music(23, seed), power, 15)
    return hiss


def said(vocab: Vocabulary, rng: np.random.Generator, meant: str | None, seat: int) -> str:
    """A phrase a person might use: bare or inside a carrier."""
    if meant is None:
        return str(rng.choice(vocab.words("nobody")))
    target = vocab.name(meant)
    if rng.random() < 0.4:
        target = str(rng.choice(vocab.forms("seat_forms", vocab.seat(seat)[0])))
    return str(rng.choice(vocab.forms("vote_forms", target)))


def buttons(table: SimulatedTable, q) -> object:
    """The voter's seat button, pressed right: the vote meant, or "yes" to
    a repetition that is right."""
    meant = table.truth[q.seats[0]]
    if q.kind == "yes_no":
        return q.params.get("target") == meant
    return (meant,) if meant else ()


def run_row(recognizer, config: str, lang: str, voice_name: str, condition: str, n: int,
            seed: int) -> dict:
    pack = voices.load(lang)
    vocab = Vocabulary(pack)
    players = NAMES[lang]
    seats = {p: i + 1 for i, p in enumerate(players)}
    rng = np.random.default_rng(seed)
    voice = Voice(voice_name, vocab)
    power = speech_power([voice(w) for w in (vocab.seat(3)[0], vocab.words("yes")[0],
                                             vocab.words("no")[0])])
    mic = FakeMicrophone(noise=room(condition, power, seed))
    timed = TimedRecognizer(recognizer)
    before = config == "before"
    settings = DialogueSettings(carriers=not before, keep_listening=not before,
                                yes_margin=None if before else 0.02,
                                silence_accepts_below_dbfs=-45.0 if before else -55.0,
                                button_confirms_in_noise=not before)
    vad = VadSettings(detector="energy") if before else VadSettings()
    table = SimulatedTable(pack, mic, voice)
    dialogue = VoteDialogue(pack=pack, recognizer=timed, listener=Listener(mic, vad),
                            say=table.say, seats=seats, settings=settings,
                            fallback=lambda q: buttons(table, q))
    counts = dict.fromkeys(["first_right", "first_wrong", "first_rejected", "right", "wrong",
                            "buttons"], 0)
    for i in range(n):
        voter = players[int(rng.integers(len(players)))]
        options = [p for p in players if p != voter]
        meant = None if rng.random() < 0.1 else options[int(rng.integers(len(options)))]
        table.truth = {voter: meant}
        table.phrase = {voter: said(vocab, rng, meant, seats.get(meant or "", 1))}
        answer = voice(table.phrase[voter])
        cough = sounds.cough(seed + i)
        script: list = []
        if condition == "cough<":
            script = [np.concatenate([cough, silence(0.6), answer])]
        elif condition == "cough>":
            script = [np.concatenate([answer, silence(0.15), cough])]
        elif condition == "oog":
            script = [NOT_A_VOTE[lang][i % len(NOT_A_VOTE[lang])]]
        table.script = {voter: script}
        table.lines = []
        ballot = dialogue.pick(voter, options, ask="vote", allow_none=True, timeout_s=60)
        first_key, first = table.lines[1] if len(table.lines) > 1 else ("", {})
        if first_key.startswith("speech.confirm."):
            got = None if first_key == "speech.confirm.none" else first.get("target")
            right = got == meant and condition != "oog"
            counts["first_right" if right else "first_wrong"] += 1
        else:
            counts["first_rejected"] += 1
        if ballot.via == "voice":       # by voice, perhaps confirmed by the button
            counts["right" if ballot.choice == meant else "wrong"] += 1
        else:
            counts["buttons"] += 1
        mic.clear()
    return {"config": config, "lang": lang, "voice": voice_name, "condition": condition, "n": n,
            **counts, "rtf": timed.seconds / timed.audio_s if timed.audio_s else 0.0,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:4.0f}" if n else "   -"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="*", default=["nl", "de", "en"])
    parser.add_argument("--config", nargs="*", default=["before", "after"])
    parser.add_argument("--condition", nargs="*", default=CONDITIONS)
    parser.add_argument("--voices", type=int, default=2, help="voices per language")
    parser.add_argument("--voice", nargs="*", help="these voices instead (e.g. piper flite-slt)")
    parser.add_argument("--n", type=int, default=8, help="votes per row")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'config':<7}{'lang':<5}{'voice':<10}{'room':<9}{'n':>3} | first right wrong rej "
          f"| settled right wrong buttons | {'rtf':>5} {'rss_mb':>6}")
    totals: dict[tuple[str, str, str], dict] = {}
    for lang in args.lang:
        recognizers = {"before": PocketsphinxRecognizer(lang=lang, margin=None),
                       "after": PocketsphinxRecognizer(lang=lang)}
        for voice_name in args.voice or VOICES[lang][:args.voices]:
            for condition in args.condition:
                for config in args.config:
                    try:
                        row = run_row(recognizers[config], config, lang, voice_name,
                                      condition, args.n, args.seed)
                    except SynthUnavailable as exc:
                        print(f"# {voice_name}: {exc}", file=sys.stderr)
                        break
                    n = row["n"]
                    print(f"{config:<7}{lang:<5}{voice_name:<10}{condition:<9}{n:>3} |      "
                          f"{pct(row['first_right'], n)} {pct(row['first_wrong'], n)} "
                          f"{pct(row['first_rejected'], n)} |         {pct(row['right'], n)} "
                          f"{pct(row['wrong'], n)}    {pct(row['buttons'], n)} | "
                          f"{row['rtf']:5.3f} {row['rss_mb']:6.0f}", flush=True)
                    key = (config, lang, condition)
                    acc = totals.setdefault(key, dict.fromkeys(row, 0))
                    for k, v in row.items():
                        if isinstance(v, (int, float)) and k != "rss_mb":
                            acc[k] += v
    print("\n# totals per language and room (all voices), percent")
    for (config, lang, condition), acc in sorted(totals.items(), key=lambda kv: (kv[0][1], kv[0][2], kv[0][0])):
        n = acc["n"]
        print(f"{config:<7}{lang:<5}{'all':<10}{condition:<9}{n:>3} |      "
              f"{pct(acc['first_right'], n)} {pct(acc['first_wrong'], n)} "
              f"{pct(acc['first_rejected'], n)} |         {pct(acc['right'], n)} "
              f"{pct(acc['wrong'], n)}    {pct(acc['buttons'], n)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
