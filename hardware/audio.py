"""Samples as the microphone and the recognisers take them: int16 mono at a
given rate (below ``narrator/``, so the fake microphone can convert what it
plays without importing the narrator)."""

from __future__ import annotations

import numpy as np

FULL_SCALE = 32768.0


def to_int16(audio: np.ndarray) -> np.ndarray:
    """int16 mono samples from int16 or float ([-1, 1]) audio."""
    a = np.asarray(audio)
    if a.ndim > 1:
        a = a.mean(axis=1)
    if a.dtype == np.int16:
        return np.asarray(a, dtype=np.int16)
    if np.issubdtype(a.dtype, np.floating):
        return np.asarray(np.clip(np.round(a * FULL_SCALE), -32768, 32767), dtype=np.int16)
    return np.asarray(np.clip(a, -32768, 32767), dtype=np.int16)


def resample(audio: np.ndarray, from_rate: int, to_rate: int) -> np.ndarray:
    """Band-limited resampling through the spectrum (no aliasing when going
    down, which plain interpolation would add)."""
    a = to_int16(audio).astype(np.float64)
    if from_rate == to_rate or len(a) == 0:
        return to_int16(audio)
    n_out = max(1, int(round(len(a) * to_rate / from_rate)))
    spectrum = np.fft.rfft(a)
    keep = n_out // 2 + 1
    if keep <= len(spectrum):
        spectrum = spectrum[:keep]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(keep - len(spectrum), complex)])
    out = np.fft.irfft(spectrum, n_out) * (n_out / len(a))
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)
