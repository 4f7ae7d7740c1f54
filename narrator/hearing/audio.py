"""Small audio helpers: levels and noise mixing (conversion and resampling
are :mod:`hardware.audio`, where the fake microphone uses them too)."""

from __future__ import annotations

import numpy as np

from hardware.audio import FULL_SCALE, to_int16


def rms(audio: np.ndarray) -> float:
    a = np.asarray(audio, dtype=np.float64)
    return float(np.sqrt(np.mean(a * a))) if len(a) else 0.0


def dbfs(audio: np.ndarray) -> float:
    """RMS level in dB relative to full scale (-120 for digital silence)."""
    level = rms(audio)
    return 20 * np.log10(level / FULL_SCALE) if level > 0 else -120.0


def pink_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """Pink (1/f) noise, float, unit RMS: closer to a room or wind than white."""
    white = rng.standard_normal(n)
    spectrum = np.fft.rfft(white)
    f = np.arange(len(spectrum), dtype=np.float64)
    f[0] = 1.0
    noise = np.fft.irfft(spectrum / np.sqrt(f), n)
    return np.asarray(noise / (np.sqrt(np.mean(noise**2)) or 1.0), dtype=np.float64)


def mix_at_snr(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """``speech`` with ``noise`` added so that speech power / noise power is
    ``snr_db`` (speech power measured over its loud part, as SNR is quoted)."""
    s = to_int16(speech).astype(np.float64)
    n = np.resize(np.asarray(noise, dtype=np.float64), len(s))
    active = s[np.abs(s) > 0.02 * (np.max(np.abs(s)) or 1)]
    p_speech = np.mean(active**2) if len(active) else 0.0
    p_noise = np.mean(n**2) or 1.0
    gain = np.sqrt(p_speech / (p_noise * 10 ** (snr_db / 10)))
    return np.asarray(np.clip(np.round(s + gain * n), -32768, 32767), dtype=np.int16)


def silence(seconds: float, rate: int = 16_000) -> np.ndarray:
    return np.zeros(int(round(seconds * rate)), dtype=np.int16)
