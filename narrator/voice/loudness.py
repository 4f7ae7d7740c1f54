"""Every line at the same loudness, whichever voice says it (ITU-R BS.1770).

espeak-ng, MBROLA and Piper speak at levels up to 10 dB apart, and one voice's
short lines differ from its long ones; a table should never lean in for one
line and flinch at the next. So each rendered line is measured as BS.1770
integrated loudness (K-weighted, gated: pyloudnorm) and scaled to the pack's
target. Outdoors (a Maneschijn night on a battery, wind in the trees) the
target is higher, and the peaks that would clip are rounded off by a soft
limiter instead of cut.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .messages import Audio

#: BS.1770 measures 400 ms blocks: a shorter line is measured padded to one
BLOCK_S = 0.4
#: the highest a sample may reach after the gain (dBFS): a little headroom
PEAK_DBFS = -1.0
#: where the outdoor limiter starts to round peaks off (share of full scale)
KNEE = 0.5


@cache
def _meter(rate: int) -> object:
    import pyloudnorm

    return pyloudnorm.Meter(rate)


def loudness(samples: np.ndarray, rate: int) -> float:
    """Integrated loudness of int16 ``samples`` in LUFS (-inf for silence)."""
    x = samples.astype(np.float64) / 32768.0
    need = int(BLOCK_S * rate) + 1
    if len(x) < need:
        x = np.pad(x, (0, need - len(x)))
    with np.errstate(divide="ignore"):
        value = float(_meter(rate).integrated_loudness(x))  # type: ignore[attr-defined]
    return value


def _soft_limit(x: np.ndarray, ceiling: float) -> np.ndarray:
    """Leave samples under ``KNEE * ceiling`` as they are; bend the rest
    smoothly towards ``ceiling`` (tanh), so loud peaks never clip."""
    knee = KNEE * ceiling
    over = np.abs(x) > knee
    if not over.any():
        return x
    out = x.copy()
    excess = (np.abs(x[over]) - knee) / (ceiling - knee)
    out[over] = np.sign(x[over]) * (knee + (ceiling - knee) * np.tanh(excess))
    return out


def normalise(audio: Audio, target_lufs: float, *, limit: bool = False) -> Audio:
    """``audio`` scaled to ``target_lufs``. Without ``limit`` the gain stops
    where the loudest sample would pass ``PEAK_DBFS`` (the line then stays
    a little quieter); with it, the soft limiter takes those peaks."""
    samples = audio.samples
    if len(samples) == 0:
        return audio
    measured = loudness(samples, audio.sample_rate)
    if not np.isfinite(measured):
        return audio            # silence stays silence
    gain = 10 ** ((target_lufs - measured) / 20)
    ceiling = 32767 * 10 ** (PEAK_DBFS / 20)
    x = samples.astype(np.float64) * gain
    peak = float(np.max(np.abs(x)))
    if peak > ceiling:
        x = _soft_limit(x, ceiling) if limit else x * (ceiling / peak)
    return Audio(np.round(x).astype(np.int16), audio.sample_rate)
