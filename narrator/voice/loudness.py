"""Every line at the same loudness, whichever voice says it (ITU-R BS.1770).

espeak-ng, MBROLA and Piper speak at levels up to 10 dB apart, and one voice's
short lines differ from its long ones; a table should never lean in for one
line and flinch at the next. So each rendered line is measured as BS.1770
integrated loudness and scaled to the pack's target. Outdoors (a Maneschijn
night on a battery, wind in the trees) the target is higher, and the peaks
that would clip are rounded off by a soft limiter instead of cut.

The measure is BS.1770-4's: the K-weighting (a high shelf of +4 dB at 1.5 kHz
and a 38 Hz high-pass, the usual biquad designs for any sample rate), mean
square over 400 ms blocks every 100 ms, the absolute gate at -70 LUFS and the
relative one 10 LU under the blocks kept. The filter is applied as its
frequency response on the whole line (numpy's FFT) rather than with
pyloudnorm, which the tests and ``bench/narration_quality.py`` use to check
this against: pyloudnorm needs scipy.signal, whose import alone took the
box's process from 27 to 103 MB (VmHWM), a quarter of the budget with both
recognizers (300 MB).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .messages import Audio

#: BS.1770 measures 400 ms blocks, every 100 ms: a shorter line is measured padded to one
BLOCK_S = 0.4
STEP_S = 0.1
ABSOLUTE_GATE = -70.0
RELATIVE_GATE = -10.0
#: the highest a sample may reach after the gain (dBFS): a little headroom
PEAK_DBFS = -1.0
#: where the outdoor limiter starts to round peaks off (share of full scale)
KNEE = 0.5


def _biquad_response(b: tuple[float, float, float], a: tuple[float, float, float],
                     w: np.ndarray) -> np.ndarray:
    z = np.exp(-1j * w)
    return (b[0] + b[1] * z + b[2] * z * z) / (a[0] + a[1] * z + a[2] * z * z)


@cache
def _k_weighting(rate: int, n: int) -> np.ndarray:
    """|H|² of BS.1770's K-weighting at the rfft bins of ``n`` samples."""
    w = 2 * np.pi * np.fft.rfftfreq(n, 1 / rate) / rate
    # the high shelf: +4 dB above about 1.5 kHz, Q 1/sqrt(2)
    gain, w0 = 10 ** (4.0 / 40), 2 * np.pi * 1500.0 / rate
    alpha, cos, root = np.sin(w0) / np.sqrt(2), np.cos(w0), np.sqrt(10 ** (4.0 / 40))
    shelf = _biquad_response(
        (gain * ((gain + 1) + (gain - 1) * cos + 2 * root * alpha),
         -2 * gain * ((gain - 1) + (gain + 1) * cos),
         gain * ((gain + 1) + (gain - 1) * cos - 2 * root * alpha)),
        ((gain + 1) - (gain - 1) * cos + 2 * root * alpha,
         2 * ((gain - 1) - (gain + 1) * cos),
         (gain + 1) - (gain - 1) * cos - 2 * root * alpha), w)
    # the high-pass at 38 Hz, Q 0.5
    w0 = 2 * np.pi * 38.0 / rate
    alpha, cos = np.sin(w0) / (2 * 0.5), np.cos(w0)
    high = _biquad_response(((1 + cos) / 2, -(1 + cos), (1 + cos) / 2),
                            (1 + alpha, -2 * cos, 1 - alpha), w)
    response: np.ndarray = np.abs(shelf * high) ** 2
    response.setflags(write=False)
    return response


def loudness(samples: np.ndarray, rate: int) -> float:
    """Integrated loudness of int16 ``samples`` in LUFS (-inf for silence)."""
    x = samples.astype(np.float64) / 32768.0
    block, step = round(BLOCK_S * rate), round(STEP_S * rate)
    if len(x) < block:
        x = np.pad(x, (0, block - len(x)))
    # the filter's ringing (the 38 Hz high-pass: some 50 ms) must not wrap round
    n = len(x) + rate // 2
    y = np.fft.irfft(np.fft.rfft(x, n) * np.sqrt(_k_weighting(rate, n)), n)[: len(x)]
    power = np.concatenate([[0.0], np.cumsum(y * y)])
    starts = np.arange(0, len(y) - block + 1, step)
    z = (power[starts + block] - power[starts]) / block
    with np.errstate(divide="ignore"):
        levels = -0.691 + 10 * np.log10(z)
        kept = z[levels > ABSOLUTE_GATE]
        if len(kept) == 0:
            return float("-inf")
        relative = -0.691 + 10 * np.log10(kept.mean()) + RELATIVE_GATE
        kept = z[(levels > ABSOLUTE_GATE) & (levels > relative)]
        return float(-0.691 + 10 * np.log10(kept.mean()))


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
