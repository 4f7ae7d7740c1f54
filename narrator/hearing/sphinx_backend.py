"""The pocketsphinx backend: a JSGF grammar search on the US English
acoustic model that its PyPI package ships. It needs no download.

English words come from the CMU dictionary; Dutch and German words (and
English names it lacks) get pronunciations made from espeak-ng's phonemes
(``lexicon``). Decodes an utterance in tens of milliseconds, deterministic.

Rejection by a competing hypothesis: the same audio is also decoded by the
model's free phone decoder (any phones, a phone language model). A phrase
that was really said scores about as well on its grammar path as on free
phones; speech that is no phrase ("hang on a second", a laugh) is forced
onto the grammar and scores clearly worse there, and is refused. (A phone
loop inside the grammar was measured first: 100 times slower, and it won
over real phrases.) Confidence is the word's posterior in the lattice.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import numpy as np

from .grammar import Grammar
from .lexicon import LexiconError, pronunciations
from .recognizer import Heard, WholeUtterance, Word, heard_from_words
from .vosk_backend import ModelError

PHONES = "phones"
#: espeak-ng voice for each language pack's words
ESPEAK_VOICE = {"en": "en-us", "nl": "nl", "de": "de"}
#: the packs the box hears with pocketsphinx when no vosk model is installed
#: (measured by bench/recognition.py; see docs/hearing.md)
SPHINX_LANGUAGES = frozenset({"en", "nl", "de"})
#: how far the grammar's best path may score below the free phone decoding
#: of the same audio, per language (lower lets more speech that is no answer
#: through, higher refuses more real answers). Measured (espeak-ng voices):
#: Tuning set, one-pass search (kept at the margin: right answers / wrong
#: answers / speech that is no answer): English 0.03: 82/90, 2/6, 10/36;
#: German 0.02: 52/79, 5/17, 12/36 (a wrong answer is three times likelier
#: refused than a right one); Dutch through the English phones does not
#: separate (0.01: 31/70, 8/26, 7/36), so there it is off and the seat
#: button's confirmation guards. German is off too now: every Dutch and
#: German answer is confirmed by the seat button, and an answer the voter
#: denies is out of the repeat's grammar, so a refused right answer costs
#: more than a wrong one. Tuning set, bench/recognition.py, de quiet settled
#: right / to the buttons: 0.02: 71 / 29, 0.05: 88 / 12, off: 94 / 6 (wind
#: 79 -> 88 from 0.05); speech that is no vote is then taken for an answer
#: and sent back by the button (first pass accepted 10 -> 32 of 32).
MARGINS: dict[str, float | None] = {"en": 0.03, "nl": None, "de": None}
MARGIN = MARGINS["en"]
#: a second opinion, word by word, where the whole answer is in doubt:
#: (doubt, word): when the answer beats the free phones by less than
#: ``doubt``, it is refused if one of its words, over that word's own
#: frames, scores ``word`` (log, per 10 ms frame) or more below them. One
#: word forced onto sounds it does not have hides in a phrase that fits
#: otherwise ("give me a moment" as "i choose anna"). Refusing whatever the
#: whole margin says, the last session's word test (with its other tests)
#: cost right answers: en wind settled 96 -> 86 %.
#: Tuning set, English (its own phrases that are no vote), first answers
#: kept, right / wrong / no vote, of those the whole margin keeps: word
#: 0.0055 with doubt 0.03: 65/65, 8/12, 6/9, but on the held-out voices
#: right answers fell to -0.0062 (music and "oog" settled 3 points lower);
#: 0.0075, past the tuning set's worst right answer (-0.0074): 65/65, 12/12,
#: 7/9, and held out, speech that is no vote accepted 12 -> 8 % with the
#: right answers kept (docs/hearing.md).
WORD_MARGINS: dict[str, tuple[float, float] | None] = {"en": (0.03, 0.0075)}
#: where a spoken "yes" can be trusted; elsewhere the repetition is confirmed
#: by the seat button (bench: a Dutch or German "nee"/"nein" was taken for
#: "ja" in 2 of 16 / 4 of 12 quiet cases)
HEARS_YES = frozenset({"en"})
#: the decoder's search: one pass, no second search over the word lattice.
#: Measured on the tuning set (132 votes a language, right with the lattice
#: pass -> without): nl 80 -> 90, de 98 -> 104, en 88 -> 109; the lattice
#: pass also ended hypotheses inside a phrase ("op"), which were refused.
#: More pronunciations a word for any sound (espeak-ng's Dutch v as F too,
#: a final r dropped, ...) made the words more alike instead: nl 80 -> 68
#: with four; only the Dutch g's (``lexicon.LANGUAGE_ALTERNATIVES``) paid.
SEARCH: dict[str, Any] = {"bestpath": False}


class PocketsphinxRecognizer:
    name = "pocketsphinx"

    def __init__(self, lang: str = "en", threshold: float = 0.1, sample_rate: int = 16_000,
                 hmm: str | None = None, dictionary: str | None = None,
                 margin: float | None | str = "default",
                 word_margin: tuple[float, float] | None | str = "default",
                 lexicon: str | None = None, **search: Any) -> None:
        try:
            from pocketsphinx import Decoder, get_model_path
        except ImportError:
            raise ModelError("pocketsphinx is not installed (pip install pocketsphinx)") from None
        if lang not in ESPEAK_VOICE:
            raise ModelError(f"pocketsphinx cannot hear language {lang!r}")
        self.lang = lang
        #: whose phones espeak-ng's are mapped with (``lexicon.LANGUAGE_PHONES``;
        #: "": the shared table only, as before, for the benchmark)
        self.lexicon = lang if lexicon is None else lexicon
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
        self.threshold = threshold
        self.sample_rate = sample_rate
        self.margin = MARGINS.get(lang) if isinstance(margin, str) else margin
        #: (doubt, word): ``WORD_MARGINS``
        self.word_margin = WORD_MARGINS.get(lang) if isinstance(word_margin, str) else word_margin
        #: whether a spoken "yes" can be trusted (``HEARS_YES``)
        self.hears_yes = lang in HEARS_YES
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
            found = pronunciations([grammar.written(w) for w in missing], ESPEAK_VOICE[self.lang],
                                   self.lexicon)
        except LexiconError:
            found = {}
        # a word's other pronunciations are "word(2)", "word(3)", as in the CMU dictionary
        known = [(w if i == 0 else f"{w}({i + 1})", phones)
                 for w in missing for i, phones in enumerate(found.get(grammar.written(w), []))]
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
        # the front end carries the last utterance's noise estimate (the
        # model's feat.params ask for -remove_noise) and cepstral mean into
        # the next: the same audio scored differently after other speech (a
        # cough heard as two names). Made anew (0.06 ms), every utterance
        # starts from the model's own state
        d.reinit_feat()
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


class SphinxStream(WholeUtterance):
    """Decodes the utterance whole: pocketsphinx normalises the cepstrum over
    a whole utterance better than live (fed live, several of the noise tests
    fell below their floors here)."""

    def __init__(self, owner: PocketsphinxRecognizer, grammar: Grammar) -> None:
        super().__init__(grammar)
        self.owner = owner
        #: the last answer's score over the free phone decoding, as a whole
        #: and its worst word's (per frame)
        self.margin: float | None = None
        self.word_score: float | None = None

    def _decode_all(self) -> Heard:
        self.margin = self.word_score = None
        audio = self.audio()
        if audio is None:
            return Heard("", 0.0)
        audio = _dither(audio)
        owner = self.owner
        with owner._lock:
            d = owner._decoder
            hyp = owner._decode(owner._search_for(self.grammar), audio)
            if hyp is None:
                return Heard("", 0.0)
            segments = [s for s in d.seg() or [] if not s.word.startswith(("<", "[", "+", "("))]
            # "(NULL)": the grammar's empty steps, which the one-pass search lists
            words = [Word(_base(s.word), float(s.prob)) for s in segments]
            if owner.margin is not None and words:
                free = owner._decode(PHONES, audio)
                self.margin = hyp.score - (free.score if free is not None else hyp.score)
                if self.margin < -owner.margin:      # speech, but no phrase of the grammar
                    return Heard("", 0.0, tuple(words), rejected=True)
                if owner.word_margin is not None and free is not None:
                    doubt, word = owner.word_margin
                    self.word_score = _worst_word(segments, d.seg() or [])
                    if self.margin < doubt and self.word_score < -word:
                        return Heard("", 0.0, tuple(words), rejected=True)
            heard = heard_from_words(words)
            meaning = self.grammar.meaning(heard.text)
            if words and meaning is None:   # the search ended inside a phrase ("nee dat")
                return Heard("", 0.0, tuple(words), rejected=True)
            if self.grammar.contest and meaning is not None:
                rivals = self.grammar.without(meaning)
                best = owner._decode(owner._search_for(rivals), audio) if rivals.phrases else None
                heard = replace(heard, rival=hyp.score - best.score if best is not None else 1.0)
        return heard


def _worst_word(words: list[Any], phones: list[Any]) -> float:
    """The lowest of the words' acoustic scores against the free phones'
    over the same frames, per frame (log)."""
    free = [(p.start_frame, p.end_frame, _log(p.ascore)) for p in phones]
    worst = math.inf
    for w in words:
        if w.end_frame < w.start_frame:
            continue
        frames = w.end_frame - w.start_frame + 1
        worst = min(worst, (_log(w.ascore) - _overlap(free, w.start_frame, w.end_frame)) / frames)
    return worst if worst < math.inf else 0.0


def _log(score: float) -> float:
    return math.log(max(score, 1e-300))


def _overlap(phones: list[tuple[int, int, float]], start: int, end: int) -> float:
    """The free phones' log score over frames ``start..end``, a phone cut
    by the edges counted by its share of frames inside."""
    total = 0.0
    for first, last, score in phones:
        inside = min(end, last) - max(start, first) + 1
        if inside > 0:
            total += score * inside / (last - first + 1)
    return total


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
