"""The Whisper backend: OpenAI's multilingual Whisper *base* model (MIT),
run by CTranslate2, heard through the question's closed grammar.

Whisper writes free text; a vote must be one phrase of the grammar. So the
decoder may only write the grammar's own words: every other token of the
vocabulary is suppressed, and the beam's few best hypotheses are matched to
the nearest phrase by letters (Levenshtein over the phrase without spaces:
the suppressed decoder still joins and splits words, "stoeldriegraag").
An answer stands when its phrase is near enough and clearly nearer than
any phrase of another meaning; speech that is no phrase ("wacht even")
comes out far from all of them and is refused.

Unlike the pocketsphinx path, the model hears Dutch and German with their
own sounds (no English phones under a mapped lexicon). Deterministic:
greedy beams over the same features give the same text.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from .grammar import Grammar, Meaning, normalise
from .recognizer import Heard, WholeUtterance, Word
from .vosk_backend import ModelError

RATE = 16_000
#: Whisper's front end: 25 ms windows every 10 ms, 80 mel bands
N_FFT, HOP, N_MELS = 400, 160, 80
#: the audio window the encoder sees. Whisper was trained on 30 s; an answer
#: lasts at most the end-pointer's 6 s, and the encoder's cost grows with
#: the window (3,000 frames: ~680 ms here, 600: ~85 ms) while short answers
#: came out the same (tuning set, docs/hearing.md).
WINDOW_FRAMES = 600


@dataclass(frozen=True)
class Judgement:
    """When an answer stands: its phrase at most ``near`` (share of its
    letters to change) from what was written, and the best phrase of any
    other meaning at least ``clear`` farther."""

    near: float = 0.34
    clear: float = 0.08


#: per language; measured on the tuning set (docs/hearing.md)
JUDGEMENTS: dict[str, Judgement] = {"nl": Judgement(), "de": Judgement(), "en": Judgement()}


@cache
def _mel_filters() -> np.ndarray:
    """Triangular filters on the Slaney mel scale, each of unit area: the
    filter bank Whisper was trained with."""
    def to_mel(f: np.ndarray) -> np.ndarray:
        lin = f / (200.0 / 3)
        log = 15.0 + np.log(np.maximum(f, 1e-9) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(f >= 1000.0, log, lin)

    def to_hz(m: np.ndarray) -> np.ndarray:
        return np.where(m >= 15.0, 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0)),
                        m * (200.0 / 3))

    bins = np.linspace(0, RATE / 2, N_FFT // 2 + 1)
    edges = to_hz(np.linspace(to_mel(np.array(0.0)), to_mel(np.array(RATE / 2.0)), N_MELS + 2))
    width = np.diff(edges)
    ramps = edges[:, None] - bins[None, :]
    rising = -ramps[:-2] / width[:-1, None]
    falling = ramps[2:] / width[1:, None]
    bank = np.maximum(0.0, np.minimum(rising, falling))
    bank *= (2.0 / (edges[2:] - edges[:-2]))[:, None]
    return bank.astype(np.float32)


def log_mel(audio: np.ndarray, frames: int = WINDOW_FRAMES) -> np.ndarray:
    """``frames`` x 10 ms of int16 ``audio`` (cut or padded with silence) as
    Whisper's normalised log-mel spectrogram, shape (80, frames)."""
    x = audio.astype(np.float32) / 32768.0
    x = np.pad(x[:frames * HOP], (0, max(0, frames * HOP - len(x))))
    x = np.pad(x, (N_FFT // 2, N_FFT // 2), mode="reflect")
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    starts = HOP * np.arange(frames)
    power = np.abs(np.fft.rfft(x[starts[:, None] + np.arange(N_FFT)] * window, axis=1)) ** 2
    mel = np.log10(np.maximum(_mel_filters() @ power.T, 1e-10))
    mel = np.maximum(mel, mel.max() - 8.0)
    return ((mel + 4.0) / 4.0).astype(np.float32)


class WhisperRecognizer:
    name = "whisper"
    sample_rate = RATE
    #: a spoken yes is trusted only where it is measured to be (English)
    hears_yes = False

    def __init__(self, model_dir: Path | str, lang: str = "nl", *, threads: int | None = None,
                 beams: int = 4, judgement: Judgement | None = None,
                 window_frames: int = WINDOW_FRAMES) -> None:
        try:
            import ctranslate2
            import tokenizers
        except ImportError:
            raise ModelError("ctranslate2/tokenizers are not installed") from None
        try:
            self._model = ctranslate2.models.Whisper(str(model_dir), device="cpu",
                                                     compute_type="int8",
                                                     intra_threads=threads or _threads())
            self._tok = tokenizers.Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
        except Exception as exc:  # CTranslate2 raises RuntimeError/ValueError with C messages
            raise ModelError(f"cannot load the Whisper model: {exc}") from None
        self._ct2 = ctranslate2
        self.lang = lang
        self.threshold = 0.0        # the judgement below decides; confidence is 1 - distance
        self.beams = beams
        self.window_frames = window_frames
        self.judgement = judgement or JUDGEMENTS.get(lang, Judgement())
        vocab = self._tok.get_vocab_size()
        self._eot = self._tok.token_to_id("<|endoftext|>")
        self._start = [self._tok.token_to_id(t) for t in (
            "<|startoftranscript|>", f"<|{lang}|>", "<|transcribe|>", "<|notimestamps|>")]
        if None in self._start:
            raise ModelError(f"the Whisper model cannot write language {lang!r}")
        #: the text tokens (below the special ones) that a grammar may not use
        self._text_tokens = range(min(self._eot, vocab))
        self._lock = threading.Lock()
        #: per grammar, as an int32 array: as a list of Python ints each entry
        #: took ~1.8 MB (51,000 tokens), and a game's 32 grammars most of 60 MB
        self._suppressed: dict[tuple[str, ...], np.ndarray] = {}
        self._digits = _digit_words(lang)
        self._digits_back = {d: w for w, ds in self._digits.items() for d in ds}

    def describe(self) -> str:
        return f"whisper base ({self.lang})"

    def can_say(self, word: str) -> bool:
        return True                 # it writes any word its tokens can spell

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        stream = self.stream(grammar)
        stream.feed(audio)
        return stream.finish()

    def stream(self, grammar: Grammar) -> WhisperStream:
        return WhisperStream(self, grammar)

    # -- decoding ------------------------------------------------------------

    def _suppress(self, grammar: Grammar) -> list[int]:
        """Every text token that spells none of the grammar's words."""
        key = tuple(grammar.words)
        if key not in self._suppressed:
            allowed: set[int] = set()
            for word in grammar.words:
                written = grammar.written(word)
                forms = {written, written.capitalize(), written.upper(), *self._digits.get(word, ())}
                for form in forms:
                    for text in (form, " " + form):
                        allowed.update(self._tok.encode(text, add_special_tokens=False).ids)
            for mark in (".", ",", "!", "?", "-"):
                allowed.update(self._tok.encode(mark, add_special_tokens=False).ids)
            if len(self._suppressed) > 32:
                self._suppressed.clear()
            self._suppressed[key] = np.array([t for t in self._text_tokens if t not in allowed],
                                             dtype=np.int32)
        return self._suppressed[key].tolist()

    def hypotheses(self, audio: np.ndarray, grammar: Grammar) -> list[tuple[str, float]]:
        """The beam's texts (normalised, numbers as the grammar's words) with
        their scores, best first."""
        features = self._ct2.StorageView.from_array(log_mel(audio, self.window_frames)[None])
        with self._lock:
            result = self._model.generate(
                features, [self._start],
                beam_size=self.beams, num_hypotheses=self.beams, return_scores=True,
                suppress_tokens=self._suppress(grammar), max_length=32)[0]
        out = []
        for ids, score in zip(result.sequences_ids, result.scores, strict=True):
            words = normalise(self._tok.decode(ids)).split()
            out.append((" ".join(self._digits_back.get(w, w) for w in words), float(score)))
        return out

    def rank(self, hypotheses: list[tuple[str, float]], grammar: Grammar
             ) -> list[tuple[float, str, Meaning]]:
        """Each meaning's nearest phrase to any hypothesis: (distance, phrase,
        meaning), nearest first."""
        phrases = list(grammar.phrases)
        written = [h.replace(" ", "") for h, _ in hypotheses if h.replace(" ", "")]
        if not phrases or not written:
            return []
        flat = [p.replace(" ", "") for p in phrases]
        # distance as a share of the phrase's letters (a long phrase may differ more)
        dist = cdist(written, flat, scorer=Levenshtein.distance, dtype=np.int32, workers=1)
        share = dist.min(axis=0) / np.maximum(1, np.array([len(f) for f in flat]))
        best: dict[Meaning, tuple[float, str]] = {}
        for i, phrase in enumerate(phrases):
            meaning = grammar.phrases[phrase]
            if meaning not in best or share[i] < best[meaning][0]:
                best[meaning] = (float(share[i]), phrase)
        return sorted(((d, p, m) for m, (d, p) in best.items()), key=lambda x: (x[0], x[1]))

    def judge(self, ranked: list[tuple[float, str, Meaning]]) -> Heard:
        if not ranked:
            return Heard("", 0.0)
        distance, phrase, _ = ranked[0]
        gap = ranked[1][0] - distance if len(ranked) > 1 else 1.0
        confidence = max(0.0, 1.0 - distance)
        words = tuple(Word(w, confidence) for w in phrase.split())
        if distance > self.judgement.near or gap < self.judgement.clear:
            return Heard("", 0.0, words, rejected=True, rival=gap)
        return Heard(phrase, confidence, words, rival=gap)


def _threads() -> int:
    """Every core this process may use, up to a Pi's four: the decoding runs
    at the speaker's pause, while nothing else of the box is busy (it was a
    fixed two, half of a Pi 4)."""
    return max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else os.cpu_count() or 1))


def _digit_words(lang: str) -> dict[str, tuple[str, ...]]:
    """Seat word -> the digits Whisper writes for it ("drie" -> "3")."""
    try:
        import voices

        from .grammar import MAX_SEAT, Vocabulary
        vocab = Vocabulary(voices.load(lang))
    except Exception:                   # a language without a pack: no digits
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for n in range(1, MAX_SEAT + 1):
        for word in vocab.seat(n):
            if " " not in word:
                out[word] = (*out.get(word, ()), str(n))
    return out


class WhisperStream(WholeUtterance):
    def __init__(self, owner: WhisperRecognizer, grammar: Grammar) -> None:
        super().__init__(grammar)
        self.owner = owner
        #: the last decoding's ranked meanings (for a second opinion)
        self.ranked: list[tuple[float, str, Meaning]] = []

    def _decode_all(self) -> Heard:
        audio = self.audio()
        self.ranked = []
        if audio is None:
            return Heard("", 0.0)
        owner = self.owner
        self.ranked = owner.rank(owner.hypotheses(audio, self.grammar), self.grammar)
        return owner.judge(self.ranked)

