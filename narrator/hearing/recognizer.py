"""The recognizer interface and what it returns (wyoming-style messages)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from .audio import dbfs
from .grammar import Grammar

#: quieter than this is no speech at all (a microphone's own hiss is about -70)
SILENT_DBFS = -60.0


@dataclass(frozen=True)
class Word:
    text: str
    confidence: float


@dataclass(frozen=True)
class Heard:
    """What a recognizer made of an utterance: ``text`` is "" when it heard
    nothing; ``confidence`` is the lowest word confidence (0..1);
    ``rejected``: it heard speech, but no phrase of the grammar (a cough,
    "hang on"), so ``text`` is ""."""

    text: str
    confidence: float
    words: tuple[Word, ...] = field(default=())
    rejected: bool = False
    #: with a contested grammar: how far the answer's score beats the best
    #: phrase of another meaning (None: not measured)
    rival: float | None = None


NOTHING = Heard("", 0.0)


class Stream(Protocol):
    """One utterance decoded while it is spoken."""

    def feed(self, audio: np.ndarray) -> None: ...

    def pause(self, paused: bool) -> None:
        """The speaker paused (True: the end may be near, decode ahead) or
        spoke on (False). Audio fed after a pause that lasts is its quiet
        tail."""
        ...

    def finish(self) -> Heard:
        """The result, once the end of speech has been found."""
        ...


class Recognizer(Protocol):
    name: str
    sample_rate: int
    #: below this confidence an answer counts as not understood
    threshold: float
    #: False: a spoken "yes" is not trusted, the seat button confirms
    hears_yes: bool

    def can_say(self, word: str) -> bool:
        """Whether ``word`` is in the model's lexicon."""
        ...

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        """Decode int16 mono ``audio`` at ``sample_rate`` against ``grammar``."""
        ...

    def stream(self, grammar: Grammar) -> Stream:
        """Start decoding an utterance that will be fed as it is captured."""
        ...


class WholeUtterance:
    """A ``Stream`` that collects the utterance and decodes it whole, ahead
    at the speaker's pause, while the end-pointer still waits to be sure
    the answer is over: the answer is ready when the end is found. A
    backend gives ``_decode_all``."""

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar
        self.chunks: list[np.ndarray] = []
        #: what was said up to the speaker's pause, decoded ahead
        self._ahead: Heard | None = None

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

    def audio(self) -> np.ndarray | None:
        """The utterance, or None when there is nothing to decode: no phrase
        to hear, or digital or near silence (a grammar search would force a
        word onto it)."""
        audio = np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.int16)
        if not self.grammar.phrases or len(audio) == 0 or dbfs(audio) < SILENT_DBFS:
            return None
        return audio

    def _decode_all(self) -> Heard:
        raise NotImplementedError


def heard_from_words(words: list[Word]) -> Heard:
    if not words:
        return NOTHING
    return Heard(" ".join(w.text for w in words), min(w.confidence for w in words), tuple(words))
