"""Start-up: spoken votes when the kit can hear, buttons when it cannot.

``spoken_input`` checks, in order, the pack's speech model, the microphone,
the model loading and the room's level. Whatever is missing is reported once
as pack lines (``notices``) and the game goes on with the fallback input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.microphone import Microphone, MicrophoneUnavailable, open_microphone
from ports import Input
from voices import Pack

from .adapter import SpokenInput
from .dialogue import DialogueSettings, Say, VoteDialogue
from .listen import Listener, PushToTalk
from .models import install_command, model_for
from .recognizer import Recognizer
from .sphinx_backend import SPHINX_LANGUAGES, PocketsphinxRecognizer
from .vosk_backend import ModelError, VoskRecognizer


@dataclass
class Hearing:
    """``input`` is what the moderator asks through: a ``SpokenInput`` when
    votes can be spoken, else the fallback itself. ``notices`` are the lines
    (key, params) to say or show once at start-up."""

    input: Input
    spoken: bool
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    dialogue: VoteDialogue | None = None


Notice = tuple[str, dict[str, Any]]


def default_recognizer(lang: str, models_root: Path | None = None
                       ) -> tuple[Recognizer | None, list[Notice]]:
    """What the box has: vosk with the pack's installed model, else
    pocketsphinx (packaged, no download) where it hears the language well
    enough, else nothing; with the lines that say which (or why none)."""
    status = model_for(lang, models_root)
    command = install_command(lang)
    notices: list[Notice] = []
    if status.path is not None:
        try:
            return VoskRecognizer(status.path), [("speech.recognizer.vosk",
                                                  {"name": status.path.name})]
        except ModelError:
            notices.append(("speech.models.broken", {"path": str(status.path), "command": command}))
    elif lang not in SPHINX_LANGUAGES:
        notices.append((status.key, dict(status.params or {})))
    if lang in SPHINX_LANGUAGES:
        try:
            sphinx = PocketsphinxRecognizer(lang=lang)
        except ModelError:
            notices.append(("speech.models.missing", {"lang": lang, "command": command}))
            return None, notices
        return sphinx, [*notices, ("speech.recognizer.pocketsphinx", {"command": command})]
    return None, notices


def spoken_input(pack: Pack, *, say: Say, fallback: Input, seats: Mapping[str, int],
                 mic: Microphone | None = None, recognizer: Recognizer | None = None,
                 models_root: Path | None = None,
                 push_to_talk: Callable[[str], PushToTalk | None] | None = None,
                 always_push_to_talk: bool = False,
                 settings: DialogueSettings | None = None) -> Hearing:
    """The moderator's input for the day. ``mic``/``recognizer`` are for
    tests and other kits; by default the pack's vosk model and the sound
    card's microphone are used. ``push_to_talk(voter)`` gives that voter's
    seat button: it is used in a room too loud for end-pointing, or always
    (windy nights) with ``always_push_to_talk``."""
    notices: list[tuple[str, dict[str, Any]]] = []

    def buttons(key: str, **params: Any) -> Hearing:
        notices.append((key, params))
        return Hearing(fallback, False, notices)

    if recognizer is None:
        recognizer, found = default_recognizer(pack.lang, models_root)
        notices.extend(found)               # said once: which recognizer hears the votes
        if recognizer is None:
            return Hearing(fallback, False, notices)
    if mic is None:
        try:
            mic = open_microphone()
        except MicrophoneUnavailable:
            return buttons("speech.no_microphone")
    listener = Listener(mic)
    try:
        level = listener.level_check()
    except MicrophoneUnavailable:
        return buttons("speech.no_microphone")
    if level.key == "speech.level.silent":
        return buttons(level.key)
    noisy = level.key == "speech.level.noisy"
    if noisy:
        if push_to_talk is None:
            return buttons("speech.level.noisy_buttons")
        notices.append((level.key, {}))     # voices stay, with the seat buttons held
    dialogue = VoteDialogue(pack=pack, recognizer=recognizer, listener=listener, say=say,
                            seats=seats, fallback=fallback.ask, settings=settings,
                            push_to_talk=push_to_talk if noisy or always_push_to_talk else None)
    return Hearing(SpokenInput(dialogue, fallback), True, notices, dialogue)
