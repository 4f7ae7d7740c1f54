"""Start-up: spoken votes when the kit can hear, buttons when it cannot.

``spoken_input`` checks, in order, a recognizer (``default_recognizer``:
vosk with the pack's model, Whisper, pocketsphinx), the microphone and the
room's level. Whatever is missing is reported once
as pack lines (``notices``) and the game goes on with the fallback input.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.microphone import Microphone, MicrophoneUnavailable, open_microphone
from ports import Input
from voices import Pack

from .adapter import SpokenInput
from .dialogue import DialogueSettings, Say, VoteDialogue
from .listen import Listener, PushToTalk
from .lookalikes import lookalikes
from .models import install_command, model_for
from .recognizer import Recognizer
from .sphinx_backend import SPHINX_LANGUAGES, PocketsphinxRecognizer
from .vosk_backend import ModelError, VoskRecognizer
from .whisper_model import WhisperModelError, whisper_dir


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
Found = tuple[Recognizer | None, list[Notice]]

#: the order the box tries them in; WAKKERDAM_RECOGNIZER (one name, or several
#: separated by commas) tries only those, in its order: the bench and tests
RECOGNIZERS = ("vosk", "whisper", "pocketsphinx")
#: what Whisper runs on: missing, it is said; a build without the backend is not
WHISPER_RUNTIME = frozenset({"ctranslate2", "tokenizers"})


def recognizer_order(value: str | None = None) -> tuple[list[str], list[Notice]]:
    """The names to try, from ``value`` or $WAKKERDAM_RECOGNIZER; a name it
    does not know is said once and the usual order kept."""
    if value is None:
        value = os.environ.get("WAKKERDAM_RECOGNIZER", "")
    names = [name.strip().lower() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in RECOGNIZERS]
    if unknown:
        return list(RECOGNIZERS), [("speech.recognizer.unknown", {
            "name": ", ".join(unknown), "choices": ", ".join(RECOGNIZERS)})]
    return names or list(RECOGNIZERS), []


def _vosk(lang: str, models_root: Path | None) -> Found:
    status = model_for(lang, models_root)
    if status.path is None:
        return None, []                 # said at the end, if nothing else hears
    try:
        return VoskRecognizer(status.path), [("speech.recognizer.vosk", {"name": status.path.name})]
    except ModelError:
        return None, [("speech.models.broken", {"path": str(status.path),
                                                "command": install_command(lang)})]


def _whisper(lang: str, models_root: Path | None) -> Found:
    try:
        from .whisper_backend import WhisperRecognizer
    except ImportError as exc:
        if exc.name in WHISPER_RUNTIME:
            return None, [("speech.whisper.no_runtime", {"package": exc.name,
                                                         "command": f"pip install {exc.name}"})]
        return None, []
    try:
        path = whisper_dir(models_root)
    except WhisperModelError as exc:
        return None, [(exc.key, dict(exc.params))]
    try:
        recognizer = WhisperRecognizer(path, lang=lang)
    except (ModelError, RuntimeError, OSError, ValueError):    # ctranslate2 raises RuntimeError
        return None, [("speech.whisper.unloadable", {"path": str(path),
                                                     "command": "wakkerdam models check whisper"})]
    sphinx, _ = _pocketsphinx(lang, models_root)
    if isinstance(sphinx, PocketsphinxRecognizer):
        # two opinions: pocketsphinx names the answer, Whisper may veto it
        from .agreement import AgreedRecognizer
        return AgreedRecognizer(recognizer, sphinx), [("speech.recognizer.agreed",
                                                       {"name": path.name})]
    return recognizer, [("speech.recognizer.whisper", {"name": path.name})]


def _pocketsphinx(lang: str, models_root: Path | None) -> Found:
    if lang not in SPHINX_LANGUAGES:
        return None, []
    try:
        sphinx = PocketsphinxRecognizer(lang=lang)
    except ModelError:
        return None, []
    return sphinx, [("speech.recognizer.pocketsphinx", {"command": install_command(lang)})]


TRIES: dict[str, Callable[[str, Path | None], Found]] = {
    "vosk": _vosk, "whisper": _whisper, "pocketsphinx": _pocketsphinx}


def default_recognizer(lang: str, models_root: Path | None = None,
                       order: Sequence[str] | None = None) -> Found:
    """What the box has, tried in ``order`` (default: $WAKKERDAM_RECOGNIZER or
    ``RECOGNIZERS``): vosk with the pack's installed model, Whisper base
    (packaged, assembled once), pocketsphinx (packaged) where it hears the
    language well enough, else nothing; with the lines that say which, what
    was wrong on the way, and how to fix it when nothing hears."""
    names, notices = recognizer_order() if order is None else (list(order), [])
    for name in names:
        recognizer, said = TRIES[name](lang, models_root)
        notices.extend(said)
        if recognizer is not None:
            return recognizer, notices
    status = model_for(lang, models_root)
    if status.key:
        notices.append((status.key, dict(status.params or {})))
    return None, notices


def spoken_input(pack: Pack, *, say: Say, fallback: Input, seats: Mapping[str, int],
                 mic: Microphone | None = None, recognizer: Recognizer | None = None,
                 models_root: Path | None = None,
                 push_to_talk: Callable[[str], PushToTalk | None] | None = None,
                 always_push_to_talk: bool = False,
                 settings: DialogueSettings | None = None,
                 noisy_key: str = "speech.level.noisy") -> Hearing:
    """The moderator's input for the day. ``mic``/``recognizer`` are for
    tests and other kits; by default ``default_recognizer``'s and the sound
    card's microphone are used. ``push_to_talk(voter)`` gives that voter's
    seat button: it is used in a room too loud for end-pointing, or always
    (windy nights) with ``always_push_to_talk``; ``noisy_key`` is the line
    that says how (the seat button; the laptop's Enter)."""
    notices: list[tuple[str, dict[str, Any]]] = []

    def buttons(key: str, **params: Any) -> Hearing:
        notices.append((key, params))
        return Hearing(fallback, False, notices)

    if mic is None:     # first: without one, loading a recognizer (Whisper: 178 MB) is waste
        try:
            mic = open_microphone()
        except MicrophoneUnavailable:
            return buttons("speech.no_microphone")
    if recognizer is None:
        recognizer, found = default_recognizer(pack.lang, models_root)
        notices.extend(found)               # said once: which recognizer hears the votes
        if recognizer is None:
            return Hearing(fallback, False, notices)
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
        notices.append((noisy_key, {}))     # voices stay, with the button held
    alike = lookalikes(seats, pack.lang)
    if alike:   # said once: those players are named by their seat number
        names = sorted({n for pair in alike for n in pair}, key=lambda n: seats[n])
        notices.append(("speech.lookalike", {"names": pack.join(names)}))
    dialogue = VoteDialogue(pack=pack, recognizer=recognizer, listener=listener, say=say,
                            seats=seats, fallback=fallback.ask, settings=settings,
                            push_to_talk=push_to_talk if noisy or always_push_to_talk else None,
                            by_seat=frozenset(n for pair in alike for n in pair))
    return Hearing(SpokenInput(dialogue, fallback), True, notices, dialogue)
