"""Two recognizers heard together: pocketsphinx's closed grammar names the
answer, Whisper may veto it.

They fail differently. Pocketsphinx always names a phrase of the grammar,
right or not (Dutch on its English phones: a quarter of the tuning set's
quiet answers wrong, and every speech that is no vote taken for one);
Whisper, matched to the grammar by letters, hears with the language's own
sounds but on synthetic voices finds fewer answers. So pocketsphinx's
answer stands unless Whisper heard something else: its phrase far from
what Whisper wrote (``near``), or another meaning clearly nearer
(``clear``). Speech that is no vote is far from every phrase.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .grammar import Grammar
from .recognizer import Heard
from .sphinx_backend import PocketsphinxRecognizer, SphinxStream
from .whisper_backend import WhisperRecognizer, WhisperStream


@dataclass(frozen=True)
class Veto:
    """Pocketsphinx's answer stands when Whisper's text is at most ``near``
    from one of its phrases (share of the letters to change) and no phrase
    of another meaning is more than ``clear`` nearer."""

    near: float = 0.4
    clear: float = 0.08


#: chosen on the tuning set (bench/recognition.py's tuning voices, 80 answers
#: and 80 non-votes a room, scores stored once and the two settings swept;
#: docs/hearing.md "Two opinions"). First answers right / wrong of 80, quiet,
#: pocketsphinx alone -> with the veto: nl 61 / 19 -> 49 / 5, de 66 / 14 ->
#: 40 / 1, en 65 / 9 -> 62 / 1; non-votes taken for a vote, of 80: nl 80 -> 3,
#: de 80 -> 2, en 24 -> 7.
VETOES: dict[str, Veto] = {"nl": Veto(0.4, 0.16), "de": Veto(0.4, 0.08), "en": Veto(0.4, 0.08)}


class AgreedRecognizer:
    name = "whisper+pocketsphinx"
    sample_rate = 16_000

    def __init__(self, whisper: WhisperRecognizer, sphinx: PocketsphinxRecognizer,
                 veto: Veto | None = None) -> None:
        self.whisper = whisper
        self.sphinx = sphinx
        self.veto = veto or VETOES.get(sphinx.lang, Veto())
        #: after a first failure the dialogue hears the voter with
        #: pocketsphinx alone (``VoteDialogue._second_try``): the strict
        #: first listen has kept a wrong or non-vote answer from being
        #: repeated back, the confirmation guards the second
        self.second_try = sphinx
        #: what hears a voter who holds their seat button (a loud room):
        #: the sound is an answer, so nothing needs refusing as no vote.
        #: Whisper's own answer where it names one (it seldom names a wrong
        #: one), else pocketsphinx's; the seat button confirms either
        self.threshold = 0.0
        self.hears_yes = sphinx.hears_yes
        self.held = HeldRecognizer(self)

    def describe(self) -> str:
        return f"{self.whisper.describe()} + {self.sphinx.describe()}"

    def can_say(self, word: str) -> bool:
        return True

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        stream = self.stream(grammar)
        stream.feed(audio)
        return stream.finish()

    def stream(self, grammar: Grammar) -> AgreedStream:
        return AgreedStream(self, self.whisper.stream(grammar), self.sphinx.stream(grammar),
                            grammar)


class AgreedStream:
    def __init__(self, owner: AgreedRecognizer, whisper: WhisperStream, sphinx: SphinxStream,
                 grammar: Grammar) -> None:
        self.owner = owner
        self.whisper = whisper
        self.sphinx = sphinx
        self.grammar = grammar

    def feed(self, audio: np.ndarray) -> None:
        self.whisper.feed(audio)
        self.sphinx.feed(audio)

    def pause(self, paused: bool) -> None:
        self.whisper.pause(paused)      # each decodes ahead at the pause
        self.sphinx.pause(paused)

    def finish(self) -> Heard:
        self.whisper.finish()           # for its ranking of every meaning
        return self.decide(self.sphinx.finish())

    def decide(self, s: Heard) -> Heard:
        """Pocketsphinx's answer ``s`` unless Whisper's ranking of the
        meanings says it heard something else."""
        meaning = self.grammar.meaning(s.text) if s.text and not s.rejected else None
        if meaning is None:
            return s
        ranked = self.whisper.ranked
        distance = next((d for d, _, m in ranked if m == meaning), None)
        veto = self.owner.veto
        if distance is None or distance > veto.near or distance - ranked[0][0] > veto.clear:
            return Heard("", 0.0, s.words, rejected=True, rival=s.rival)
        return s


class HeldRecognizer:
    """The two opinions for an answer given with the seat button held
    (``AgreedRecognizer.held``)."""

    name = "whisper|pocketsphinx"
    sample_rate = 16_000
    threshold = 0.0

    def __init__(self, owner: AgreedRecognizer) -> None:
        self.owner = owner
        self.hears_yes = owner.hears_yes

    def can_say(self, word: str) -> bool:
        return True

    def stream(self, grammar: Grammar) -> HeldStream:
        o = self.owner
        return HeldStream(o, o.whisper.stream(grammar), o.sphinx.stream(grammar), grammar)


class HeldStream(AgreedStream):
    def decide(self, s: Heard) -> Heard:
        mine = self.owner.whisper.judge(self.whisper.ranked)
        return mine if mine.text and not mine.rejected else s
