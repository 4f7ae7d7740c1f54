"""The pocketsphinx backend: a JSGF grammar search on the US English
acoustic model that its PyPI package ships. It needs no download.

English words come from the CMU dictionary; Dutch and German words (and
English names it lacks) get pronunciations made from espeak-ng's phonemes
(``lexicon``). Decodes an utterance in tens of milliseconds, deterministic.

Rejection by a competing hypothesis: the same audio is also decoded by the
model's free phone decoder (any phones, a phone language model). A phrase
that was really said scores about as well on its grammar path as on free
phones; speech that is no phrase ("hang on a second", a laugh) is forced
onto the grammar and scores clearly worse there, and is refused: as a
whole, and word by word over each word's own frames (``Refusal``), since
one forced word hides in a phrase that fits otherwise ("i don't know yet"
as "i vote for nobody"). (A phone loop inside the grammar was measured
first: 100 times slower, and it won over real phrases.) Confidence is the
word's posterior in the lattice.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .audio import dbfs
from .grammar import Grammar
from .lexicon import LexiconError, pronunciations
from .recognizer import Heard, Word, heard_from_words
from .vosk_backend import ModelError

#: quieter than this is no speech at all (a microphone's own hiss is about -70)
SILENT_DBFS = -60.0
PHONES = "phones"
#: espeak-ng voice for each language pack's words
ESPEAK_VOICE = {"en": "en-us", "nl": "nl", "de": "de"}
#: the packs the box hears with pocketsphinx when no vosk model is installed
#: (measured by bench/recognition.py; see docs/hearing.md)
SPHINX_LANGUAGES = frozenset({"en", "nl", "de"})
@dataclass(frozen=True)
class Refusal:
    """When an answer that the grammar search found is refused as no answer
    (speech that is no phrase, a phrase drowned in noise, a name the model
    cannot tell from another). Each test compares the answer with a
    competing decoding of the same audio; None: the test is off.

    ``margin``: the whole answer's score may lie this far below the free
    phone decoding's. ``word_margin``: each word's acoustic score, per
    10 ms frame (log), against the free phones over the same frames: one
    word forced onto sounds it does not have is enough. ``loud_unsaid_ms``:
    loud speech (within 6 dB of the utterance's loud part) that the
    grammar's path calls silence: a question heard as "one please" and then
    silence. ``rival``: the answer must beat the best phrase of any other
    meaning by this much (log, per frame).
    """

    margin: float | None = None
    word_margin: float | None = None
    loud_unsaid_ms: int | None = None
    rival: float | None = None


#: Measured on the tuning clips (the bench's tuning voices; ten phrases that
#: are no vote, not the bench's four): English in quiet and wind, answers
#: kept right / wrong, and non-votes kept: the whole margin 0.03 alone
#: 174 / 10 of 192, 7 of 40; with the word margin -0.007 172 / 10, 4 of 40.
#: Dutch in all four rooms (the words' posterior 0.1, nothing refused:
#: 219 right and 164 wrong of 384, 50 of 52 non-votes and coughs kept): no
#: single test separates right from wrong; the rival margin, the word
#: margin -0.004 and a posterior of 0.8 together keep 83 right, 17 wrong,
#: 5 of 52: fewer right, but a wrong name is seldom repeated back. German:
#: Dutch's tests refused nearly every answer of the German tuning voices
#: (quiet: 1 of 12 right); the whole margin 0.02 alone kept 8 right, 0 wrong
#: of 12 in quiet and in wind, no non-vote; the word margin -0.007 refused
#: one right answer more, and nothing wrong.
REFUSALS: dict[str, Refusal] = {
    "en": Refusal(margin=0.03, word_margin=-0.007, loud_unsaid_ms=300),
    "nl": Refusal(word_margin=-0.004, rival=0.0002, loud_unsaid_ms=300),
    "de": Refusal(margin=0.02, loud_unsaid_ms=300),
}
#: the lowest word posterior an answer may have, per language
THRESHOLDS: dict[str, float] = {"en": 0.1, "nl": 0.8, "de": 0.1}
#: the loudness (below the utterance's loud part) that counts as speech
#: for ``Refusal.loud_unsaid_ms``
LOUD_DB = 6.0
#: pocketsphinx's frames: 100 a second
FRAME_S = 0.01
#: where a spoken "yes" can be trusted; elsewhere the repetition is confirmed
#: by the seat button (bench: a Dutch or German "nee"/"nein" was taken for
#: "ja" in 2 of 16 / 4 of 12 quiet cases)
HEARS_YES = frozenset({"en"})
#: the decoder's search: one pass, no second search over the word lattice.
#: Measured on the tuning set (132 votes a language, right with the lattice
#: pass -> without): nl 80 -> 90, de 98 -> 104, en 88 -> 109; the lattice
#: pass also ended hypotheses inside a phrase ("op"), which were refused.
#: More pronunciations a word (espeak-ng's Dutch v as F too, a final r
#: dropped, ...) made the words more alike instead: nl 80 -> 68 with four.
SEARCH: dict[str, Any] = {"bestpath": False}


class PocketsphinxRecognizer:
    name = "pocketsphinx"

    def __init__(self, lang: str = "en", threshold: float | None = None,
                 sample_rate: int = 16_000, hmm: str | None = None,
                 dictionary: str | None = None, refusal: Refusal | None = None,
                 **search: Any) -> None:
        try:
            from pocketsphinx import Decoder, get_model_path
        except ImportError:
            raise ModelError("pocketsphinx is not installed (pip install pocketsphinx)") from None
        if lang not in ESPEAK_VOICE:
            raise ModelError(f"pocketsphinx cannot hear language {lang!r}")
        self.lang = lang
        base = os.path.join(get_model_path(), "en-us")
        if dictionary is None:
            dictionary = (os.path.join(base, "cmudict-en-us.dict") if lang == "en"
                          else _empty_dict())
        try:
            self._decoder = Decoder(hmm=hmm or os.path.join(base, "en-us"), dict=dictionary,
                                    lm=None, samprate=sample_rate, loglevel="FATAL", cmn="batch",
                                    **{**SEARCH, **search})
            # the free phone decoder that a grammar's answer must beat
            self._decoder.add_allphone_file(PHONES, os.path.join(base, "en-us-phone.lm.bin"))
        except Exception as exc:  # its errors are bare RuntimeErrors with C messages
            raise ModelError(f"cannot load the pocketsphinx model: {exc}") from None
        self.threshold = THRESHOLDS[lang] if threshold is None else threshold
        self.sample_rate = sample_rate
        #: ``Refusal()`` refuses nothing
        self.refusal = REFUSALS[lang] if refusal is None else refusal
        #: whether a spoken "yes" can be trusted (``HEARS_YES``)
        self.hears_yes = lang in HEARS_YES
        # the cepstral mean adapts during an utterance; starting each one from
        # the model's own makes a result independent of what came before
        self._cmn0 = self._decoder.get_cmn(False)
        self._searches: OrderedDict[str, None] = OrderedDict()
        self._unsayable: set[str] = set()
        self._lock = threading.Lock()

    def describe(self) -> str:
        return f"pocketsphinx en-us ({self.lang} lexicon)"

    def can_say(self, word: str) -> bool:
        return self._decoder.lookup_word(word) is not None

    def learn(self, grammar: Grammar) -> None:
        """Give every word of ``grammar`` missing from the dictionary a
        pronunciation from its spelling (espeak-ng)."""
        missing = [w for w in grammar.words if not self.can_say(w) and w not in self._unsayable]
        if not missing:
            return
        try:
            found = pronunciations([grammar.written(w) for w in missing], ESPEAK_VOICE[self.lang])
        except LexiconError:
            found = {}
        known = [(w, found[grammar.written(w)]) for w in missing if grammar.written(w) in found]
        self._unsayable.update(w for w in missing if grammar.written(w) not in found)
        with self._lock:
            for i, (word, phones) in enumerate(known):   # one update, after the last
                self._decoder.add_word(word, " ".join(phones), i == len(known) - 1)
            # a search built before the dictionary changed scores a little
            # differently from one built after: rebuild, so that the same
            # audio always gives the same answer
            for name in self._searches:
                self._decoder.remove_search(name)
            self._searches.clear()

    def _search_for(self, grammar: Grammar) -> str:
        jsgf = grammar.to_jsgf()
        name = "g" + hashlib.sha1(jsgf.encode()).hexdigest()[:12]
        if name not in self._searches:
            self._decoder.add_jsgf_string(name, jsgf.encode())
            self._searches[name] = None
            if len(self._searches) > 32:   # grammars change every question: keep a few
                old, _ = self._searches.popitem(last=False)
                self._decoder.remove_search(old)
        else:
            self._searches.move_to_end(name)
        return name

    def _decode(self, search: str, audio: np.ndarray) -> Any:
        d = self._decoder
        d.activate_search(search)
        d.set_cmn(self._cmn0)
        d.start_utt()
        d.process_raw(audio.tobytes(), full_utt=True)
        d.end_utt()
        return d.hyp()

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        stream = self.stream(grammar)
        stream.feed(audio)
        return stream.finish()

    def stream(self, grammar: Grammar) -> SphinxStream:
        self.learn(grammar)
        return SphinxStream(self, grammar.keep_only(w for w in grammar.words if self.can_say(w)))


def _empty_dict() -> str:
    """A dictionary file with no words: a Dutch or German grammar's words
    are added from their spelling as needed."""
    path = os.path.join(tempfile.gettempdir(), f"wakkerdam-empty-{os.getuid()}.dict")
    if not os.path.exists(path):
        tmp = f"{path}.{os.getpid()}"
        open(tmp, "w").close()
        os.replace(tmp, path)
    return path


class SphinxStream:
    """Collects the utterance and decodes it whole: pocketsphinx normalises
    the cepstrum over a whole utterance better than live (fed live, several
    of the noise tests fell below their floors here). It decodes when the
    speaker pauses (``pause``), while the end-pointer still waits to be sure
    the answer is over, so the answer is ready when the end is found."""

    def __init__(self, owner: PocketsphinxRecognizer, grammar: Grammar) -> None:
        self.owner = owner
        self.grammar = grammar
        self.chunks: list[np.ndarray] = []
        #: the last answer's score over the free phone decoding
        self.margin: float | None = None
        #: what was said up to the speaker's pause, decoded ahead
        self._ahead: Heard | None = None
        #: which test refused the last answer (for the benchmark), or None
        self.refused_by: str | None = None

    def feed(self, audio: np.ndarray) -> None:
        if len(audio):
            self.chunks.append(np.asarray(audio, dtype=np.int16))

    def pause(self, paused: bool) -> None:
        self._ahead = self._decode_all() if paused else None

    def finish(self) -> Heard:
        heard = self._ahead if self._ahead is not None else self._decode_all()
        self.chunks = []
        self._ahead = None
        return heard

    def _decode_all(self) -> Heard:
        audio = np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.int16)
        if not self.grammar.phrases or len(audio) == 0 or dbfs(audio) < SILENT_DBFS:
            # digital or near silence: the grammar search would force a word onto it
            return Heard("", 0.0)
        audio = _dither(audio)
        owner = self.owner
        refusal = owner.refusal
        with owner._lock:
            d = owner._decoder
            hyp = owner._decode(owner._search_for(self.grammar), audio)
            if hyp is None:
                return Heard("", 0.0)
            segments = list(d.seg() or [])
            # "(NULL)": the grammar's empty steps, which the one-pass search lists
            words = [Word(_base(s.word), float(s.prob)) for s in segments
                     if not s.word.startswith(("<", "[", "+", "("))]
            heard = heard_from_words(words)
            meaning = self.grammar.meaning(heard.text)
            if words and meaning is None:   # the search ended inside a phrase ("nee dat")
                return Heard("", 0.0, tuple(words), rejected=True)
            self.refused_by = self._refused(hyp, segments, audio) if words else None
            if self.refused_by:
                return Heard("", 0.0, tuple(words), rejected=True)
            if meaning is not None and (self.grammar.contest or refusal.rival is not None):
                rivals = self.grammar.without(meaning)
                best = owner._decode(owner._search_for(rivals), audio) if rivals.phrases else None
                if best is not None and refusal.rival is not None and \
                        _log(hyp.score) - _log(best.score) < refusal.rival * _frames(audio):
                    self.refused_by = "rival"
                    return Heard("", 0.0, tuple(words), rejected=True)
                heard = replace(heard, rival=hyp.score - best.score if best is not None else 1.0)
        return heard

    def _refused(self, hyp: Any, segments: list[Any], audio: np.ndarray) -> str | None:
        """Which test of ``Refusal`` shows the answer up as forced onto the
        audio (None: none). Called under the lock, after the grammar's
        decoding."""
        owner = self.owner
        refusal = owner.refusal
        if refusal.loud_unsaid_ms is not None and \
                _loud_silence_s(segments, audio) * 1000 >= refusal.loud_unsaid_ms:
            return "loud_unsaid"
        if refusal.margin is None and refusal.word_margin is None:
            return None
        free = owner._decode(PHONES, audio)
        if free is None:
            return None
        self.margin = hyp.score - free.score
        if refusal.margin is not None and self.margin < -refusal.margin:
            return "margin"     # speech, but no phrase of the grammar
        if refusal.word_margin is not None:
            phones = [(s.start_frame, s.end_frame, _log(s.ascore)) for s in owner._decoder.seg() or []]
            for s in segments:
                if s.word.startswith(("<", "[", "+", "(")) or s.end_frame < s.start_frame:
                    continue
                length = s.end_frame - s.start_frame + 1
                free_score = _overlap(phones, s.start_frame, s.end_frame)
                if (_log(s.ascore) - free_score) / length < refusal.word_margin:
                    return "word_margin"
        return None


def _log(score: float) -> float:
    return math.log(max(score, 1e-300))


def _frames(audio: np.ndarray, rate: int = 16_000) -> int:
    return max(1, int(len(audio) / (rate * FRAME_S)))


def _overlap(phones: list[tuple[int, int, float]], start: int, end: int) -> float:
    """The free phones' log score over frames ``start..end``, a phone cut
    by the edges counted by its share of frames inside."""
    total = 0.0
    for first, last, score in phones:
        inside = min(end, last) - max(start, first) + 1
        if inside > 0:
            total += score * inside / (last - first + 1)
    return total


def _loud_silence_s(segments: list[Any], audio: np.ndarray, rate: int = 16_000) -> float:
    """How long the grammar's path calls silence where the audio is loud
    speech: within ``LOUD_DB`` of the utterance's loud part."""
    step = int(rate * FRAME_S)
    n = len(audio) // step
    if n == 0:
        return 0.0
    frames = audio[: n * step].astype(np.float64).reshape(n, step)
    level = 10 * np.log10(np.mean(frames**2, axis=1) + 1.0)
    loud = level >= np.percentile(level, 90) - LOUD_DB
    unsaid = 0
    for s in segments:
        if s.word.startswith(("<sil>", "[", "+")) and s.end_frame >= s.start_frame:
            unsaid += int(np.sum(loud[max(0, s.start_frame): s.end_frame + 1]))
    return unsaid * FRAME_S


def _dither(audio: np.ndarray) -> np.ndarray:
    """A microphone's faintest hiss (about -80 dBFS) over the audio. Stretches
    of digital silence (a fake microphone, a gated sound card) give the
    cepstrum log-zero frames, on which the one-pass search loses real words.
    Seeded per utterance: the same audio gets the same hiss."""
    hiss = np.random.default_rng(len(audio)).standard_normal(len(audio)) * 3
    return np.asarray(np.clip(np.round(audio + hiss), -32768, 32767), dtype=np.int16)


def _base(word: str) -> str:
    """'eleven(2)' (an alternative pronunciation) -> 'eleven'."""
    return word.split("(", 1)[0]
