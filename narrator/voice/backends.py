"""Choosing a text-to-speech backend by name (configuration, not code)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .messages import Audio, Say, VoiceConfigError, VoiceSettings


class Synthesizer(Protocol):
    """What every backend is: ``render(Say) -> Audio``, plus an identity that
    changes whenever the same text would sound different (the cache key)."""

    name: str

    def identity(self) -> str: ...

    def render(self, say: Say) -> Audio: ...


def _espeak(settings: VoiceSettings) -> Synthesizer:
    from .espeak import EspeakCli

    return EspeakCli(settings)


def _pyttsx3(settings: VoiceSettings) -> Synthesizer:
    from .pyttsx3_tts import Pyttsx3Tts

    return Pyttsx3Tts(settings)


def _piper(settings: VoiceSettings) -> Synthesizer:
    from .piper_tts import PiperTts

    return PiperTts(settings)


BACKENDS: dict[str, Callable[[VoiceSettings], Synthesizer]] = {
    "espeak-ng": _espeak,
    "pyttsx3": _pyttsx3,
    "piper": _piper,
}
DEFAULT_BACKEND = "espeak-ng"


def make_backend(settings: VoiceSettings, name: str | None = None) -> Synthesizer:
    """The backend ``name`` (default: the settings' own, normally espeak-ng).

    Raises VoiceConfigError for an unknown name or voice, BackendUnavailable
    when the engine is not installed here.
    """
    chosen = name or settings.backend or DEFAULT_BACKEND
    try:
        factory = BACKENDS[chosen]
    except KeyError:
        raise VoiceConfigError(
            f"unknown speech backend {chosen!r}; choose one of {', '.join(BACKENDS)}") from None
    return factory(settings)
