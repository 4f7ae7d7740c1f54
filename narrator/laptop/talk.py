"""Spoken votes at the laptop (``wakkerdam play --voice-votes``), and its
push-to-talk key.

A terminal reports keys, never their release, so the laptop's push-to-talk
is Enter to start speaking and Enter again when done (said once, in the
table's language, when the room is too loud for listening). In a quiet room
the laptop listens by itself; a vote it cannot hear goes to the keyboard.
Night questions are never asked aloud.
"""

from __future__ import annotations

from typing import Any

from engine import Setup
from narrator.laptop.terminal import Keyboard
from ports import Input


class EnterToTalk:
    """A voter's push-to-talk on the laptop: held from one Enter to the next."""

    def __init__(self, keyboard: Keyboard) -> None:
        self.keyboard = keyboard
        self.held = False

    def __call__(self) -> bool:
        if self.keyboard.take_enters() % 2:
            self.held = not self.held
        return self.held


def spoken_laptop(session: Any, typed: Input, setup: Setup, **hearing_kw: Any) -> Input:
    """The laptop's input with day votes by voice (the typed input as the
    fallback); what is missing is shown and said once. ``hearing_kw``:
    ``spoken_input``'s seams (a test's microphone, recognizer)."""
    from narrator.hearing.setup import spoken_input

    pack = session.pack

    def say(key: str, **params: Any) -> None:
        line = pack.line(key, **params)
        session.public(line)
        session.speaker.say(line)

    hearing = spoken_input(pack, say=say, fallback=typed,
                           seats={p: i + 1 for i, p in enumerate(setup.players)},
                           push_to_talk=lambda voter: EnterToTalk(session.keyboard),
                           noisy_key="speech.level.noisy_laptop", **hearing_kw)
    for key, params in hearing.notices:
        say(key, **params)
    return hearing.input
