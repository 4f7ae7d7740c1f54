"""Push-to-talk on the kits with seat buttons: in a room too loud for
listening the box as shipped (``boxgame.spoken_table``) keeps the voices,
and the voter holds their own seat button while speaking. Through the kit's
fake devices: gpiozero mock pins (full: on the Pi's pins via MCP23017 models),
a fake microphone with babble in it, the real recognizer."""

from __future__ import annotations

import numpy as np
import pytest

import voices
from engine import Role, Setup
from hardware.kit import build_kit
from hardware.microphone import FakeMicrophone
from narrator.boxgame import spoken_table
from narrator.hearing import sounds
from narrator.hearing.adapter import SpokenInput
from narrator.hearing.audio import silence
from narrator.hearing.synth import espeak
from ports import Question

PLAYERS = ["Anna", "Brian", "Charles", "David", "Emma"]


@pytest.fixture(scope="module")
def sphinx():
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer(lang="en")


@pytest.fixture(scope="module")
def babble():
    """Table talk 20 dB under a close voice: too loud for the end-pointer."""
    room = sounds.babble(12, espeak, ["en-us+m3", "nl+m1", "de+f3"], seed=4)
    speech = espeak("three", "en-us")
    return sounds.bed(room, float(np.mean(speech.astype(np.float64) ** 2)), 20)


class HeldWhileSpeaking(FakeMicrophone):
    """A microphone at a table where the voter, when asked, presses their
    seat button, speaks, and lets go when they have finished. The kit's
    clock goes on with the audio read, as the real one would."""

    def __init__(self, noise: np.ndarray) -> None:
        super().__init__(noise=noise)
        self.clock = None
        self.seat = None
        self.answer: np.ndarray | None = None
        self.held_frames: list[int] = []

    def start(self) -> None:
        super().start()
        if self.seat is not None and self.answer is not None:
            self.seat.press()
            self.play(np.concatenate([silence(0.1), self.answer, silence(0.3)]))
            self.answer = None

    def read(self, frames: int) -> np.ndarray:
        out = super().read(frames)
        if self.clock is not None:
            self.clock.advance(frames / self.sample_rate)
        if self.seat is not None and self.seat.bank.is_down(self.seat.name):
            self.held_frames.append(frames)
            if self.pending() == 0:
                self.seat.release()
        return out


def table(kit_name: str, mic: FakeMicrophone, recognizer, notices: list[str]):
    kit = build_kit(kit_name, fake=True, players=PLAYERS, lang="en")
    mic.clock = kit.clock
    setup = Setup(tuple(PLAYERS), {p: Role.VILLAGER for p in PLAYERS}, (), {}, 1)
    spoken = spoken_table(voices.load("en"), kit.input, setup, notices.append, kit=kit,
                          mic=mic, recognizer=recognizer)
    return kit, spoken


def vote(voter: str) -> Question:
    return Question("pick", "vote", (voter,), tuple(p for p in PLAYERS if p != voter),
                    allow_none=True, prompt="ask.vote", params={"name": voter}, timeout_s=60)


@pytest.mark.parametrize("kit_name", ["full", "maneschijn"])
def test_a_noisy_room_keeps_the_voices_with_the_seat_button_held(kit_name, sphinx, babble):
    mic = HeldWhileSpeaking(babble)
    notices: list[str] = []
    kit, spoken = table(kit_name, mic, sphinx, notices)
    try:
        assert isinstance(spoken, SpokenInput)
        # said once, in the table's language: hold the button while speaking
        assert notices.count(voices.load("en").line("speech.level.noisy")) == 1
        mic.seat = kit.seat("David")
        mic.answer = espeak("i vote for three", "en-us")
        confirmations = []

        def confirm(q: Question) -> None:   # the repetition is right: a short press says so
            confirmations.append(q.prompt)
            kit.seat("David").click()

        kit.input.on_prompt = confirm
        assert spoken.ask(vote("David")) == ("Charles",)
        assert confirmations == ["speech.confirm_button"]
        # heard only while held: the press began the listen, the release ended it
        assert mic.held_frames and not kit.seat_buttons["seat:4"].is_down("seat:4")
    finally:
        kit.close()


def test_without_a_press_nothing_is_heard_in_the_noise(sphinx, babble):
    """The babble alone (nobody holds a button) never counts as an answer:
    after the answer time the seat buttons take the vote."""
    mic = HeldWhileSpeaking(babble)
    kit, spoken = table("full", mic, sphinx, [])
    try:
        asked = []
        kit.input.on_prompt = lambda q: (asked.append(q.prompt), kit.seat("Emma").hold())
        answer = spoken.ask(vote("Emma"))
        assert asked == ["speech.ask.vote"]    # the seat buttons, not a voice, took it
        assert answer in ((), None)
    finally:
        kit.close()


def test_a_kit_without_seat_buttons_votes_by_buttons_in_a_noisy_room(sphinx, babble):
    notices: list[str] = []
    kit, spoken = table("minimal", FakeMicrophone(noise=babble), sphinx, notices)
    try:
        assert spoken is kit.input
        assert notices == [voices.load("en").line("speech.level.noisy_buttons")]
    finally:
        kit.close()


def test_a_seat_whose_button_is_gone_has_no_push_to_talk():
    kit = build_kit("full", fake=True, players=PLAYERS, lang="en")
    try:
        held = kit.push_to_talk("Anna")
        assert held is not None and held() is False
        kit.seat("Anna").press()
        assert held() is True
        kit.clock.advance(0.5)              # held for half a second
        kit.seat("Anna").release()
        assert held() is False
        kit.seat_buttons["seat:1"].lost = True
        assert kit.push_to_talk("Anna") is None and held() is False
        assert kit.push_to_talk("Nobody") is None
    finally:
        kit.close()
