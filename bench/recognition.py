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

Clip sets: ``tune`` (the voices thresholds and lexicon choices were made
on) and ``held`` (the default: other espeak-ng variants, speeds and
pitches, flite's other voices and Piper for English, and other votes). The
clips are synthesised as the bench runs (espeak-ng takes ~10 ms a phrase),
so none is stored. Versions compared in one run (``--config``): ``first``
(bare-word grammar, energy end-pointer, no refusal), ``last`` (the previous
session's), ``main`` (the box before this session: its end-pointer's loud
part the 75th percentile, quiet 20 dB under it, no cap by the room) and
``now``. Printed per language and room, over every voice:

  first        right / wrong / rejected: what the box repeats back first
               (for "oog": wrong = the non-vote was taken for an answer)
  settled      right / wrong by voice / to the buttons after the repetition
               (the simulated voter answers it truthfully, by voice)
  rtf          decoding time / audio decoded
  lat_ms       from the end of speech to the decoded answer, median and 90th
               percentile: the end-pointer's wait plus the decoding after it
  rss          peak memory of a process with the recognizer loaded

    python bench/recognition.py [--lang nl de en] [--set held|tune] [--n 12]
                                [--config first last now] [--rows] [--clips]
"""

from __future__ import annotations

import argparse
import os
import subprocess
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
#: voices as synth.speak names them ("voice+variant/speed/pitch"). The
#: tuning set is what thresholds and lexicon choices were made on; the
#: held-out set (other variants, speeds, pitches and synthesisers, and other
#: votes: another seed) is what the figures are quoted on.
VOICES = {
    "tune": {"nl": ["nl", "nl+f2", "nl+m3/140", "nl+f4/190/70"],
             "de": ["de", "de+f2", "de+m3/140", "de+f4/190/70"],
             "en": ["en-us", "en-us+f2", "flite-slt", "en-us+m3/140"]},
    "held": {"nl": ["nl+m1/150/35", "nl+f3/175/65", "nl+klatt/160", "nl+m7/200/45",
                    "nl+f5/130/80", "nl+Andy/165/55"],
             "de": ["de+m1/150/35", "de+f3/175/65", "de+klatt/160", "de+m7/200/45",
                    "de+f5/130/80", "de+Andy/165/55"],
             "en": ["flite-kal", "flite-awb", "flite-rms", "piper", "en-gb+f3/175/65",
                    "en-us+m7/200/45"]},
    # MBROLA's diphone voices, cut from recordings of real speakers (Debian's bookworm
    # non-free: mbrola-nl2 mbrola-nl3 mbrola-de2 mbrola-de5 mbrola-us1 mbrola-us2);
    # never used for any choice, so a second held-out set
    "mbrola": {"nl": ["mb-nl2", "mb-nl3", "mb-nl2/140/30", "mb-nl3/185/70"],
               "de": ["mb-de2", "mb-de5", "mb-de2/140/30", "mb-de5/185/70"],
               "en": ["mb-us1", "mb-us2", "mb-us1/140/30", "mb-us2/185/70"]},
}
SEEDS = {"tune": 5, "held": 1005, "mbrola": 2005, "fresh": 3005}
#: the fresh held-out set (this session's): a new table, other names (one
#: pair of lookalikes each, as tables have), voices no choice was made on:
#: espeak-ng variants never used, MBROLA voices at other speeds and pitches,
#: and (English) Piper
FRESH_NAMES = {"nl": ["Joris", "Lotte", "Anna", "Noor", "Pieter", "Sanne", "Hanna", "Wouter"],
               "de": ["Jonas", "Lena", "Anna", "Marie", "Paul", "Sophie", "Hanna", "Lukas"],
               "en": ["Oliver", "Sophie", "Ellen", "Lucy", "Thomas", "Chloe", "Helen", "George"]}
VOICES["fresh"] = {
    "nl": ["nl+m2/145/40", "nl+f1/170/60", "nl+m4/155/50", "mb-nl2/165/55", "mb-nl3/145/40",
           "nl+m6/160/35"],
    "de": ["de+m2/145/40", "de+f1/170/60", "de+m4/155/50", "mb-de4/150/45", "mb-de6/165/55",
           "de+m6/160/35"],
    "en": ["en-us+m2/145/40", "en-gb+f1/170/60", "mb-us3/150/45", "mb-en1/165/55", "piper",
           "en-us+m6/160/35"]}
BABBLE_VOICES = ["en-us+m3", "nl+m1", "de+f3", "en-gb+f4"]
NOT_A_VOTE = {"en": ["hang on a second", "let me think", "ha ha ha", "what did he say"],
              "nl": ["wacht even", "even denken", "ha ha ha", "wat zei hij"],
              "de": ["warte mal", "moment mal", "ha ha ha", "was hat er gesagt"]}
#: speech that is no vote for the tuning set: other phrases than the
#: held-out set's, so that no threshold is chosen on the phrases it is quoted on
NOT_A_VOTE_TUNE = {"en": ["i don't know yet", "give me a moment", "what was the question",
                          "who said that", "wait a minute", "i'm not sure", "let's see",
                          "that's funny"],
                   "nl": ["ik weet het nog niet", "geef me een moment", "wat was de vraag",
                          "wie zei dat", "wacht een minuut", "ik twijfel nog", "eens kijken",
                          "wat grappig"],
                   "de": ["ich weiss es noch nicht", "gib mir einen moment", "was war die frage",
                          "wer hat das gesagt", "warte eine minute", "ich bin nicht sicher",
                          "mal sehen", "wie lustig"]}
CONDITIONS = ["quiet", "wind10", "babble15", "music15", "cough<", "cough>", "oog"]


class TimedStream:
    def __init__(self, owner: TimedRecognizer, inner) -> None:
        self.owner = owner
        self.inner = inner
        self.ahead_s: float | None = None     # decoding done at the speaker's pause

    def pause(self, paused: bool) -> None:
        t = time.perf_counter()
        self.inner.pause(paused)
        spent = time.perf_counter() - t
        self.owner.seconds += spent
        self.ahead_s = spent if paused else None

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
        text = heard.text or ("(refused)" if heard.rejected else "(nothing)")
        margin, word = getattr(self.inner, "margin", None), getattr(self.inner, "word_score", None)
        if margin is not None:      # how far the answer stood from the free phones
            text += f" [{margin:.3f}" + (f" {word:.4f}]" if word is not None else "]")
        if heard.rival is not None:     # and from the best phrase of another meaning
            text += f" r{heard.rival:.3f}"
        self.owner.heard.append(text)
        wait = self.owner.listener.wait_s
        if wait is not None:        # an utterance was found: its answer's delay
            if self.ahead_s is not None:     # decoded from the pause on, while the end-pointer waited
                pause_s = self.owner.listener.settings.decode_after_ms / 1000
                wait = max(wait, pause_s + self.ahead_s)
            self.owner.latencies.append(wait + spent)
            self.owner.listener.wait_s = None
        return heard


class TimedRecognizer:
    """Decoding time against audio length, and each answer's delay after
    the speech ended (the end-pointer's wait in audio time plus the decoding
    left after it, in wall time)."""

    def __init__(self, inner, listener: TimedListener) -> None:
        self.inner = inner
        self.listener = listener
        self.name = inner.name
        self.sample_rate = inner.sample_rate
        self.threshold = inner.threshold
        self.hears_yes = inner.hears_yes
        self.seconds = 0.0
        self.audio_s = 0.0
        self.latencies: list[float] = []
        #: what each decoding heard, in order (for ``--clips``)
        self.heard: list[str] = []

    def can_say(self, word: str) -> bool:
        return self.inner.can_say(word)

    def stream(self, grammar):
        return TimedStream(self, self.inner.stream(grammar))

    @property
    def second_try(self):
        """The inner recognizer's second try, timed on this one's account."""
        inner = getattr(self.inner, "second_try", None)
        return None if inner is None else TimedSecondTry(self, inner)

    @property
    def held(self):
        """What hears an answer given with the button held, timed likewise."""
        inner = getattr(self.inner, "held", None)
        return None if inner is None else TimedSecondTry(self, inner)


class TimedSecondTry:
    def __init__(self, owner: TimedRecognizer, inner) -> None:
        self.owner = owner
        self.inner = inner
        self.name = inner.name
        self.threshold = inner.threshold
        self.hears_yes = inner.hears_yes

    def stream(self, grammar):
        return TimedStream(self.owner, self.inner.stream(grammar))


class TimedListener(Listener):
    """Notes how long after the speech ended the end-pointer said so."""

    wait_s: float | None = None

    def listen(self, timeout_s, ptt=None, sink=None, on_pause=None):
        utterance = super().listen(timeout_s, ptt, sink, on_pause)
        self.wait_s = None if utterance is None else utterance.detected_s - utterance.speech_end_s
        return utterance


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


def said(vocab: Vocabulary, rng: np.random.Generator, meant: str | None, seat: int,
         by_seat: frozenset[str] = frozenset()) -> str:
    """A phrase a person might use: bare or inside a carrier (for a name
    the box said was too alike to another: the seat number, as it asked)."""
    if meant is None:
        return str(rng.choice(vocab.words("nobody")))
    target = vocab.name(meant)
    if rng.random() < 0.4 or meant in by_seat:
        target = str(rng.choice(vocab.forms("seat_forms", vocab.seat(seat)[0])))
    return str(rng.choice(vocab.forms("vote_forms", target)))


def buttons(table: SimulatedTable, q) -> object:
    """The voter's seat button, pressed right: the vote meant, or "yes" to
    a repetition that is right."""
    meant = table.truth[q.seats[0]]
    if q.kind == "yes_no":
        return q.params.get("target") == meant
    return (meant,) if meant else ()


#: the versions compared in one run: the first (bare-word grammar, energy
#: end-pointer, no refusal), the last session's, and this one
CONFIGS = ("first", "last", "main", "now", "whisper", "both", "before")
ESPEAK = {"nl": "nl", "de": "de", "en": "en-us"}


def configure(config: str, lang: str, vad: dict | None = None, rec: dict | None = None):
    """The recognizer, dialogue settings and end-pointer of one version
    (``vad``, ``rec``: settings of ``now`` to try instead of its own)."""
    if config == "first":
        return (PocketsphinxRecognizer(lang=lang, margin=None),
                DialogueSettings(carriers=False, keep_listening=False, yes_margin=None,
                                 silence_accepts_below_dbfs=-45.0,
                                 button_confirms_in_noise=False),
                VadSettings(detector="energy"))
    if config == "last":
        return (PocketsphinxRecognizer(lang=lang, bestpath=True,
                                       margin={"en": 0.04}.get(lang)), DialogueSettings(),
                VadSettings(decode_after_ms=10**6))
    if config == "main":    # main's box before this session: the shared phone table, one
        # pronunciation a word, a denied answer heard again, German's phone margin, and
        # an end-pointer that babble holds open
        return (PocketsphinxRecognizer(lang=lang, lexicon="",
                                       margin=0.02 if lang == "de" else "default"),
                DialogueSettings(deny_repeats=False),
                VadSettings(loud_quantile=0.75, below_speech_db=20.0, over_room_db=None,
                            start_over_room_db=None))
    if config == "whisper":
        from narrator.hearing.whisper_backend import Judgement, WhisperRecognizer
        judgement = {k: v for k, v in (rec or {}).items() if k in ("near", "clear")}
        return (WhisperRecognizer(whisper_model(), lang,
                                  **({"judgement": Judgement(**judgement)} if judgement else {})),
                DialogueSettings(), VadSettings(**(vad or {})))
    if config in ("both", "before"):   # before this session: strict with the button held too
        from narrator.hearing.agreement import AgreedRecognizer, Veto
        from narrator.hearing.whisper_backend import WhisperRecognizer
        veto = {k: v for k, v in (rec or {}).items() if k in ("near", "clear")}
        decoder = {k: int(v) for k, v in (rec or {}).items() if k in ("beams", "window_frames")}
        return (AgreedRecognizer(WhisperRecognizer(whisper_model(), lang, **decoder),
                                 PocketsphinxRecognizer(lang=lang),
                                 **({"veto": Veto(**veto)} if veto else {})),
                DialogueSettings(held_is_an_answer=config == "both",
                                 **{k: int(v) for k, v in (rec or {}).items()
                                    if k == "max_failures"}), VadSettings(**(vad or {})))
    return PocketsphinxRecognizer(lang=lang, **(rec or {})), DialogueSettings(), VadSettings(**(vad or {}))


def whisper_model():
    """The assembled Whisper model folder."""
    env = os.environ.get("WAKKERDAM_WHISPER_DIR")
    if env:
        return env
    from narrator.hearing.whisper_model import whisper_dir
    return whisper_dir()


def settings_arg(pairs: list[str] | None) -> dict:
    """["over_room_db=10", "margin=none"] -> {"over_room_db": 10.0, "margin": None}"""
    out: dict = {}
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        out[key] = (None if value.lower() == "none" else
                    tuple(float(v) for v in value.split(",")) if "," in value else float(value))
    return out


def run_row(recognizer, settings: DialogueSettings, vad: VadSettings, lang: str,
            voice_name: str, condition: str, n: int, seed: int, clips: bool = False,
            players: list[str] | None = None, box: bool = True,
            lookalike: bool = True) -> dict:
    """``box``: as the box does since push-to-talk shipped: the level check
    first, and in a loud room each voter holds their seat button while
    speaking; ``lookalike``: names too alike are asked by seat number."""
    pack = voices.load(lang)
    vocab = Vocabulary(pack)
    players = players or NAMES[lang]
    seats = {p: i + 1 for i, p in enumerate(players)}
    rng = np.random.default_rng(seed)
    voice = Voice(voice_name, vocab)
    power = speech_power([voice(w) for w in (vocab.seat(3)[0], vocab.words("yes")[0],
                                             vocab.words("no")[0])])
    mic = FakeMicrophone(noise=room(condition, power, seed))
    listener = TimedListener(mic, vad)
    timed = TimedRecognizer(recognizer, listener)
    table = SimulatedTable(pack, mic, voice, seats=seats)
    held = None
    by_seat: frozenset[str] = frozenset()
    if box:
        from narrator.hearing.lookalikes import lookalikes
        if lookalike:
            by_seat = frozenset(n for pair in lookalikes(players, lang) for n in pair)
        if listener.level_check().key == "speech.level.noisy":
            # the voter presses as they start to answer and lets go when done
            held = lambda voter: (lambda: mic.pending() > 0)  # noqa: E731
    dialogue = VoteDialogue(pack=pack, recognizer=timed, listener=listener,
                            say=table.say, seats=seats, settings=settings,
                            fallback=lambda q: buttons(table, q), push_to_talk=held,
                            by_seat=by_seat)
    counts = dict.fromkeys(["first_right", "first_wrong", "first_rejected", "right", "wrong",
                            "buttons"], 0)
    for i in range(n):
        voter = players[int(rng.integers(len(players)))]
        options = [p for p in players if p != voter]
        meant = None if rng.random() < 0.1 else options[int(rng.integers(len(options)))]
        table.truth = {voter: meant}
        table.phrase = {voter: said(vocab, rng, meant, seats.get(meant or "", 1), by_seat)}
        answer = voice(table.phrase[voter])
        cough = sounds.cough(seed + i)
        script: list = []
        if condition == "cough<":
            script = [np.concatenate([cough, silence(0.6), answer])]
        elif condition == "cough>":
            script = [np.concatenate([answer, silence(0.15), cough])]
        elif condition == "oog":
            phrases = (NOT_A_VOTE_TUNE if seed == SEEDS["tune"] else NOT_A_VOTE)[lang]
            script = [phrases[i % len(phrases)]]
        table.script = {voter: script}
        table.lines = []
        timed.heard = []
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
        if clips:
            first_said = (first.get("target") or "nobody") if first_key.startswith(
                "speech.confirm.") else "-"
            print(f"#   {voice_name:<16} {condition:<9} said {table.phrase[voter]!r:<28} "
                  f"meant {meant or 'nobody':<8} first {first_said:<8} "
                  f"{ballot.via}:{ballot.choice or 'nobody'}  heard {' / '.join(timed.heard)}")
        mic.clear()
    return {"n": n, **counts, "decode_s": timed.seconds, "audio_s": timed.audio_s,
            "latencies": timed.latencies}


def recognition_rss_mb(lang: str, config: str) -> float:
    """Peak memory of a process that loads the recognizer and decodes a vote
    (apart from the synthesisers the bench itself loads)."""
    code = (
        "import sys; sys.path.insert(0, '.');"
        "from bench.recognition import configure, NAMES; import voices;"
        "from narrator.hearing.grammar import Vocabulary, pick_grammar;"
        "from narrator.hearing.synth import espeak;"
        f"rec = configure({config!r}, {lang!r})[0];"
        f"v = Vocabulary(voices.load({lang!r})); names = NAMES[{lang!r}];"
        "g = pick_grammar(v, names, {p: i + 1 for i, p in enumerate(names)}, True);"
        f"rec.recognize(espeak(names[2], {ESPEAK[lang]!r}), g);"
        # VmHWM: this process's own peak (ru_maxrss carries the bench's over the fork)
        "print(next(int(l.split()[1]) for l in open('/proc/self/status')"
        " if l.startswith('VmHWM')) / 1024)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, check=False)
    try:
        return float(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(f"# rss: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return float("nan")


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:4.0f}" if n else "   -"


def line(label: str, row: dict) -> str:
    n = row["n"]
    lat = sorted(row["latencies"])
    rtf = row["decode_s"] / row["audio_s"] if row["audio_s"] else 0.0
    med = f"{1000 * lat[len(lat) // 2]:5.0f}" if lat else "    -"
    p90 = f"{1000 * lat[len(lat) * 9 // 10]:5.0f}" if lat else "    -"
    return (f"{label} {n:>4} |      {pct(row['first_right'], n)} {pct(row['first_wrong'], n)} "
            f"{pct(row['first_rejected'], n)} |         {pct(row['right'], n)} "
            f"{pct(row['wrong'], n)}    {pct(row['buttons'], n)} | {rtf:5.3f}  {med} {p90}")


def add(acc: dict, row: dict) -> None:
    for k, v in row.items():
        acc[k] = acc.get(k, [] if isinstance(v, list) else 0) + v


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="*", default=["nl", "de", "en"])
    parser.add_argument("--config", nargs="*", default=["last", "now"], choices=CONFIGS)
    parser.add_argument("--condition", nargs="*", default=CONDITIONS)
    parser.add_argument("--set", default="held", choices=sorted(VOICES),
                        help="the clip set: held-out (quoted) or tuning")
    parser.add_argument("--voice", nargs="*", help="these voices instead (e.g. piper flite-slt)")
    parser.add_argument("--n", type=int, default=12, help="votes per voice and room")
    parser.add_argument("--rows", action="store_true", help="also one row per voice")
    parser.add_argument("--vad", nargs="*", help="end-pointer settings of 'now' to try (key=value)")
    parser.add_argument("--rec", nargs="*", help="recognizer settings of 'now' to try (key=value)")
    parser.add_argument("--no-box", action="store_true",
                        help="no level check, so no button held in a loud room (the bench before "
                        "this session)")
    parser.add_argument("--clips", action="store_true",
                        help="also one line per vote: said, first repeated, settled, heard")
    args = parser.parse_args(argv)
    seed = SEEDS[args.set]
    head = (f"{'config':<6} {'lang':<4} {'room':<9} {'n':>4} | first right wrong rej "
            f"| settled right wrong buttons |   rtf lat_ms p50 p90")
    print(f"# clip set {args.set!r}, seed {seed}; percent of votes\n{head}", flush=True)
    totals: dict[tuple[str, str, str], dict] = {}
    rss: dict[tuple[str, str], float] = {}
    for lang in args.lang:
        for config in args.config:
            recognizer, settings, vad = configure(config, lang, settings_arg(args.vad),
                                                  settings_arg(args.rec))
            for condition in args.condition:
                acc = totals.setdefault((lang, condition, config), {})
                for voice_name in args.voice or VOICES[args.set][lang]:
                    try:
                        row = run_row(recognizer, settings, vad, lang, voice_name, condition,
                                      args.n, seed, args.clips,
                                      FRESH_NAMES[lang] if args.set == "fresh" else None,
                                      box=not args.no_box, lookalike=config != "before")
                    except SynthUnavailable as exc:
                        print(f"# {voice_name}: {exc}", file=sys.stderr)
                        continue
                    add(acc, row)
                    if args.rows:
                        print(line(f"{config:<6} {lang:<4} {condition:<9}", row)
                              + f"  {voice_name}", flush=True)
                if acc:
                    print(line(f"{config:<6} {lang:<4} {condition:<9}", acc), flush=True)
            rss[lang, config] = recognition_rss_mb(lang, config)
    print(f"\n# totals over every voice of the set, side by side\n{head}")
    order = {c: i for i, c in enumerate(CONDITIONS)}
    for (lang, condition, config), acc in sorted(
            totals.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 99), kv[0][2])):
        if acc:
            print(line(f"{config:<6} {lang:<4} {condition:<9}", acc))
    for lang in args.lang:
        for config in args.config:
            every: dict = {}
            for (lng, _, cfg), acc in totals.items():
                if lng == lang and cfg == config:
                    add(every, acc)
            if every:
                print(line(f"{config:<6} {lang:<4} {'all':<9}", every)
                      + f"  rss {rss[lang, config]:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
