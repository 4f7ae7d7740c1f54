"""The laptop's push-to-talk key: in a room too loud for listening, Enter
starts the voter's answer and Enter ends it (a terminal reports no key's
release). Through the laptop's own keyboard reader on a pipe, the fake
microphone with babble in it and the real recognizer."""

from __future__ import annotations

import io
import os

import numpy as np
import pytest

import voices
from engine import Role, Setup
from hardware.microphone import FakeMicrophone
from narrator.bot_table import TextSpeaker
from narrator.hearing import sounds
from narrator.hearing.adapter import SpokenInput
from narrator.hearing.audio import silence
from narrator.hearing.synth import espeak
from narrator.laptop.input import LaptopInput
from narrator.laptop.session import LaptopSession
from narrator.laptop.talk import EnterToTalk, spoken_laptop
from narrator.laptop.terminal import Keyboard, Screen
from ports import Question

PLAYERS = ["Anna", "Brian", "Charles", "David", "Emma"]


class EnterSpeakEnter(FakeMicrophone):
    """The voter at the laptop: Enter as listening starts, the answer, and
    Enter once it has been said (written to the keyboard's pipe)."""

    def __init__(self, noise: np.ndarray, keys: int) -> None:
        super().__init__(noise=noise)
        self.keys = keys
        self.answer: np.ndarray | None = None
        self.speaking = False

    def start(self) -> None:
        super().start()
        if self.answer is not None:
            os.write(self.keys, b"\n")
            self.play(np.concatenate([silence(0.1), self.answer, silence(0.2)]))
            self.answer, self.speaking = None, True

    def read(self, frames: int) -> np.ndarray:
        out = super().read(frames)
        if self.speaking and self.pending() == 0:
            # Enter: done; then, as the laptop repeats the vote, "yes" typed
            # (a loud room confirms at the keyboard)
            os.write(self.keys, b"\nyes\n")
            self.speaking = False
        return out


@pytest.fixture(scope="module")
def sphinx():
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer(lang="en")


def test_enter_speak_enter_is_a_vote_in_a_loud_room(sphinx):
    room = sounds.babble(12, espeak, ["en-us+m3", "nl+m1", "de+f3"], seed=4)
    noise = sounds.bed(room, float(np.mean(espeak("three", "en-us").astype(np.float64) ** 2)), 20)
    r, w = os.pipe()
    shown = io.StringIO()
    session = LaptopSession(voices.load("en"), TextSpeaker(), Keyboard(r), Screen(shown))
    mic = EnterSpeakEnter(noise, w)
    setup = Setup(tuple(PLAYERS), {p: Role.VILLAGER for p in PLAYERS}, (), {}, 1)
    table = spoken_laptop(session, LaptopInput(session), setup, mic=mic, recognizer=sphinx)
    assert isinstance(table, SpokenInput)
    said = session.speaker.lines
    assert said.count(voices.load("en").line("speech.level.noisy_laptop")) == 1
    mic.answer = espeak("i vote for three", "en-us")
    got = table.ask(Question("pick", "vote", ("David",), ("Anna", "Brian", "Charles", "Emma"),
                             allow_none=True, prompt="ask.vote", params={"name": "David"},
                             timeout_s=60))
    assert got == ("Charles",), said
    assert "David votes for Charles." in said


def test_enter_toggles_and_other_lines_stay_to_be_read():
    r, w = os.pipe()
    keyboard = Keyboard(r)
    held = EnterToTalk(keyboard)
    assert held() is False
    os.write(w, b"\n")
    assert held() is True and held() is True
    os.write(w, b"3\n\n")                       # a typed answer, then Enter: released
    assert held() is False
    assert keyboard.readline(0) == "3"
    os.write(w, b"\n\n")                        # two Enters at once: pressed and released
    assert held() is False
