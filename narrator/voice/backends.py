"""Choosing a text-to-speech backend by name (configuration, not code)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from .messages import Audio, BackendUnavailable, Say, VoiceConfigError, VoiceSettings


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
#: the packs' choice: the best of their ``voices`` installed here
BEST = "best"


def candidates(settings: VoiceSettings) -> list[VoiceSettings]:
    """The pack's voices as settings, best first, espeak-ng's own ``voice``
    last (it is always there where espeak-ng is)."""
    out = []
    for entry in settings.voices:
        backend, _, name = entry.partition(":")
        if backend == "piper":
            out.append(replace(settings, backend="piper", piper_model=name))
        else:
            out.append(replace(settings, backend=backend, voice=name))
    out.append(replace(settings, backend=DEFAULT_BACKEND))
    return out


def best_backend(settings: VoiceSettings) -> tuple[Synthesizer, list[tuple[str, str]]]:
    """The first of ``candidates`` that can speak here, and for each one
    passed over, (its ``backend:name``, why). BackendUnavailable when none
    can (not even espeak-ng)."""
    passed: list[tuple[str, str]] = []
    for option in candidates(settings):
        label = describe(option)
        try:
            return BACKENDS[option.backend](option), passed
        except KeyError:
            raise VoiceConfigError(f"unknown speech backend {option.backend!r} in 'voices'; "
                                   f"choose one of {', '.join(BACKENDS)}") from None
        except (BackendUnavailable, VoiceConfigError) as exc:
            passed.append((label, str(exc)))
    raise BackendUnavailable("; ".join(f"{label}: {why}" for label, why in passed))


def describe(settings: VoiceSettings) -> str:
    """``backend:name`` of one concrete voice (as the packs' ``voices`` list it)."""
    if settings.backend == "piper":
        return f"piper:{settings.piper_model}"
    return f"{settings.backend}:{settings.voice}"


def make_backend(settings: VoiceSettings, name: str | None = None) -> Synthesizer:
    """The backend ``name`` (default: the settings' own; ``best``: the
    first of the pack's voices installed here).

    Raises VoiceConfigError for an unknown name or voice, BackendUnavailable
    when the engine is not installed here.
    """
    chosen = name or settings.backend or DEFAULT_BACKEND
    if chosen == BEST:
        return best_backend(settings)[0]
    try:
        factory = BACKENDS[chosen]
    except KeyError:
        raise VoiceConfigError(
            f"unknown speech backend {chosen!r}; choose one of {', '.join(BACKENDS)}") from None
    return factory(settings)
