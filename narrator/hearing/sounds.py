"""The sounds of a table, made for tests and benchmarks (16 kHz int16):
babble of other voices, wind, music, a cough. All seeded: the same
arguments give the same samples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .audio import pink_noise

RATE = 16_000

#: table talk for babble (any language works: it only has to sound like people)
CHATTER = ("wacht even ik weet het nog niet", "what did you say just now",
           "hij was het echt niet", "das glaube ich dir nicht", "nee joh ik was het",
           "let me think about it", "zij keek heel raar vannacht", "ich habe nichts gehört")


def babble(seconds: float, speak: Callable[[str, str], np.ndarray], voices: Sequence[str],
           seed: int = 0) -> np.ndarray:
    """Several people talking at once, each voice a stream of chatter."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    out = np.zeros(n)
    for voice in voices:
        pos = int(rng.integers(0, RATE))
        while pos < n:
            clip = speak(CHATTER[int(rng.integers(len(CHATTER)))], voice).astype(np.float64)
            end = min(n, pos + len(clip))
            out[pos:end] += clip[:end - pos]
            pos = end + int(rng.integers(RATE // 10, RATE // 2))
    return _unit(out)


def wind(seconds: float, seed: int = 0) -> np.ndarray:
    """Low, gusting noise: pink noise, low-passed, with a slow swell."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    x = pink_noise(n, rng)
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(n, 1 / RATE)
    spectrum /= 1 + (f / 400.0) ** 2
    gust = 0.6 + 0.4 * np.sin(2 * np.pi * np.cumsum(rng.uniform(0.1, 0.4, n)) / RATE)
    return _unit(np.asarray(np.fft.irfft(spectrum, n)) * gust)


def music(seconds: float, seed: int = 0) -> np.ndarray:
    """A tune with chords: harmonic tones changing every 300 ms."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    out = np.zeros(n)
    step = int(0.3 * RATE)
    t = np.arange(step) / RATE
    envelope = np.minimum(1, t * 50) * np.exp(-t * 3)
    for start in range(0, n, step):
        for semitone in rng.choice([0, 3, 5, 7, 10, 12], 3, replace=False):
            f0 = 220 * 2 ** (semitone / 12)
            tone = sum(np.sin(2 * np.pi * f0 * k * t) / k for k in (1, 2, 3))
            out[start:start + step] += (tone * envelope)[: n - start]
    return _unit(out)


def cough(seed: int = 0, level: float = 8000.0) -> np.ndarray:
    """One cough: two bursts of shaped noise, about half a second."""
    rng = np.random.default_rng(seed)
    parts = []
    for length, peak in ((0.18, 1.0), (0.12, 0.6)):
        m = int(length * RATE)
        burst = rng.standard_normal(m)
        spectrum = np.fft.rfft(burst)
        f = np.fft.rfftfreq(m, 1 / RATE)
        spectrum *= np.exp(-(((f - 900) / 900) ** 2))
        shaped = np.fft.irfft(spectrum, m)
        env = np.exp(-np.arange(m) / (0.05 * RATE)) * np.minimum(1, np.arange(m) / (0.005 * RATE))
        parts += [_unit(shaped) * env * peak, np.zeros(int(0.07 * RATE))]
    return np.clip(np.concatenate(parts) * level, -32768, 32767).astype(np.int16)


def bed(noise: np.ndarray, speech_power: float, snr_db: float) -> np.ndarray:
    """``noise`` scaled so that speech of ``speech_power`` is ``snr_db`` above it."""
    gain = np.sqrt(speech_power / 10 ** (snr_db / 10))
    return np.asarray(np.clip(np.round(noise * gain), -32768, 32767), dtype=np.int16)


def _unit(x: np.ndarray) -> np.ndarray:
    return np.asarray(x / (np.sqrt(np.mean(x**2)) or 1.0), dtype=np.float64)
