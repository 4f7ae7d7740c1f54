"""A simulated table for tests and benchmarks: players who answer the vote
dialogue by voice, through the fake microphone.

``SimulatedTable.say`` stands in for the box's voice: it records each line
and makes the addressed player react as a person would: answer a question,
and answer the repeated answer truthfully ("yes" when the box got it right,
"no" when not). Scripts override what a player says next (a wrong name, a
cough, silence) to test corrections and failures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hardware.microphone import FakeMicrophone
from voices import Pack

from .audio import silence
from .grammar import Vocabulary

Speak = Callable[[str], np.ndarray]

ANSWER_PROMPTS = ("speech.ask.", "speech.again", "speech.not_understood", "speech.heard_nothing",
                  "speech.say_seat")

#: in a script: say nothing this time
SILENT = None


@dataclass
class SimulatedTable:
    pack: Pack
    mic: FakeMicrophone
    speak: Speak                                   # phrase -> int16 16 kHz audio
    #: voter -> the player they mean (None: nobody); yes/no questions: True/False
    truth: dict[str, Any] = field(default_factory=dict)
    #: voter -> the phrase they say to answer (default: the name they mean)
    phrase: dict[str, str] = field(default_factory=dict)
    #: voter -> what they say at the next prompts, in order, before the defaults
    #: (a phrase, SILENT, or raw audio such as a cough)
    script: dict[str, list[Any]] = field(default_factory=dict)
    #: answer a correct repetition with silence instead of "yes"
    silent_accept: bool = False
    reaction_s: float = 0.4
    #: player -> seat: asked for the seat number, the voter says the meant one's
    seats: dict[str, int] = field(default_factory=dict)
    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._cache: dict[str, np.ndarray] = {}
        self.vocab = Vocabulary(self.pack)

    def say(self, key: str, **params: Any) -> None:
        self.pack.line(key, **params)        # a missing key or parameter fails here
        self.lines.append((key, params))
        voter = params.get("voter")
        if voter is None:
            return
        if key == "speech.confirm_button":
            # the box asks for the button instead of listening: what the voter
            # said to the repetition was said while it spoke, and a real
            # microphone only captures while the box listens
            self.mic.clear()
        elif key == "speech.say_seat" and self.truth.get(voter) in self.seats:
            seat = self.seats[self.truth[voter]]
            forms = self.vocab.forms("seat_forms", self.vocab.seat(seat)[0])
            self._utter(voter, self._next(voter, forms[min(1, len(forms) - 1)]))  # "number three"
        elif key.startswith(ANSWER_PROMPTS):
            self._utter(voter, self._next(voter, self._answer(voter)))
        elif key.startswith("speech.confirm."):
            right = self._is_right(voter, key, params)
            default = SILENT if (right and self.silent_accept) else self._yes_no(right)
            self._utter(voter, self._next(voter, default))

    def keys(self) -> list[str]:
        return [k for k, _ in self.lines]

    # -- a player's reactions ---------------------------------------------

    def _next(self, voter: str, default: Any) -> Any:
        queue = self.script.get(voter)
        return queue.pop(0) if queue else default

    def _answer(self, voter: str) -> str:
        if voter in self.phrase:
            return self.phrase[voter]
        meant = self.truth.get(voter)
        if meant is True or meant is False:
            return self._yes_no(meant)
        return self.vocab.words("nobody")[0] if meant is None else self.vocab.name(meant)

    def _yes_no(self, yes: bool) -> str:
        return self.vocab.words("yes" if yes else "no")[0]

    def _is_right(self, voter: str, key: str, params: dict[str, Any]) -> bool:
        meant = self.truth.get(voter)
        if key == "speech.confirm.yes":
            return meant is True
        if key == "speech.confirm.no":
            return meant is False
        if key == "speech.confirm.none":
            return meant is None
        return params.get("target") == meant

    def _utter(self, voter: str, what: Any) -> None:
        if what is SILENT:
            return
        if isinstance(what, str):
            if what not in self._cache:
                self._cache[what] = self.speak(what)
            audio = self._cache[what]
        else:
            audio = np.asarray(what, dtype=np.int16)
        self.mic.play(np.concatenate([silence(self.reaction_s), audio, silence(0.05)]))
