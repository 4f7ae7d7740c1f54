"""The pocketsphinx backend: a JSGF grammar search on the US English model
that its PyPI package ships (the only packaged model this suite can hear real
speech with). Decodes an utterance in tens of milliseconds, deterministic.

Confidence is the word's posterior probability in the lattice of the
grammar search.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict

import numpy as np

from .audio import dbfs
from .grammar import Grammar
from .recognizer import Heard, Word, heard_from_words
from .vosk_backend import ModelError

#: quieter than this is no speech at all (a microphone's own hiss is about -70)
SILENT_DBFS = -60.0


class PocketsphinxRecognizer:
    name = "pocketsphinx"

    def __init__(self, threshold: float = 0.5, sample_rate: int = 16_000,
                 hmm: str | None = None, dictionary: str | None = None) -> None:
        try:
            from pocketsphinx import Decoder, get_model_path
        except ImportError:
            raise ModelError("pocketsphinx is not installed (pip install pocketsphinx)") from None
        base = os.path.join(get_model_path(), "en-us")
        try:
            self._decoder = Decoder(hmm=hmm or os.path.join(base, "en-us"),
                                    dict=dictionary or os.path.join(base, "cmudict-en-us.dict"),
                                    lm=None, samprate=sample_rate, loglevel="FATAL")
        except Exception as exc:  # its errors are bare RuntimeErrors with C messages
            raise ModelError(f"cannot load the pocketsphinx model: {exc}") from None
        self.threshold = threshold
        self.sample_rate = sample_rate
        # the cepstral mean adapts during an utterance; starting each one from
        # the model's own makes a result independent of what came before
        self._cmn0 = self._decoder.get_cmn(False)
        self._searches: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def can_say(self, word: str) -> bool:
        return self._decoder.lookup_word(word) is not None

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

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        stream = self.stream(grammar)
        stream.feed(audio)
        return stream.finish()

    def stream(self, grammar: Grammar) -> SphinxStream:
        return SphinxStream(self, grammar.keep_only(w for w in grammar.words if self.can_say(w)))


class SphinxStream:
    """Collects the utterance and decodes it whole at the end: pocketsphinx
    normalises the cepstrum over a whole utterance better than live (fed
    live, several of the noise tests fell below their floors here), and a
    word decodes in tens of milliseconds."""

    def __init__(self, owner: PocketsphinxRecognizer, grammar: Grammar) -> None:
        self.owner = owner
        self.grammar = grammar
        self.chunks: list[np.ndarray] = []

    def feed(self, audio: np.ndarray) -> None:
        if len(audio):
            self.chunks.append(np.asarray(audio, dtype=np.int16))

    def finish(self) -> Heard:
        audio = np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.int16)
        self.chunks = []
        if not self.grammar.phrases or len(audio) == 0 or dbfs(audio) < SILENT_DBFS:
            # digital or near silence: the grammar search would force a word onto it
            return Heard("", 0.0)
        owner = self.owner
        with owner._lock:
            d = owner._decoder
            d.activate_search(owner._search_for(self.grammar))
            d.set_cmn(owner._cmn0)
            d.start_utt()
            d.process_raw(audio.tobytes(), full_utt=True)
            d.end_utt()
            if d.hyp() is None:
                return Heard("", 0.0)
            words = [Word(_base(s.word), float(s.prob)) for s in d.seg() or []
                     if not s.word.startswith(("<", "[", "+"))]
        return heard_from_words(words)


def _base(word: str) -> str:
    """'eleven(2)' (an alternative pronunciation) -> 'eleven'."""
    return word.split("(", 1)[0]
