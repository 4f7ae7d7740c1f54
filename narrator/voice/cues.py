"""Short sound cues made by the program itself (no sound files needed).

Each is synthesised with numpy at the output rate and is the same every time
(the noise in the shot comes from a fixed seed). They are public signals only:
night falls, dawn, the vote, a shot, and (Maneschijn nights) an owl at every
night call, the same for every role, called or pretended. ``ambience`` is the
night's bed of wind and crickets, a loop played under the night whatever
happens in it.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

import numpy as np

from .messages import SAMPLE_RATE


class Cue(StrEnum):
    NIGHT = "night"
    DAWN = "dawn"
    VOTE = "vote"
    SHOT = "shot"
    CALL = "call"


_PEAK = 0.5 * 32767  # well below full scale: cues must not drown the voice


def _times(seconds: float, rate: int) -> np.ndarray:
    return np.arange(round(seconds * rate)) / rate


def _bell(freq: float, seconds: float, rate: int, decay: float) -> np.ndarray:
    t = _times(seconds, rate)
    # A few inharmonic partials make a bell rather than a beep.
    tone = (np.sin(2 * np.pi * freq * t) + 0.5 * np.sin(2 * np.pi * 2.76 * freq * t)
            + 0.25 * np.sin(2 * np.pi * 5.4 * freq * t))
    attack = np.minimum(1.0, t / 0.005)  # 5 ms fade-in: no click
    return tone * attack * np.exp(-t * decay) / 1.75


def _sequence(parts: list[tuple[float, np.ndarray]], seconds: float, rate: int) -> np.ndarray:
    out = np.zeros(round(seconds * rate))
    for start, sound in parts:
        i = round(start * rate)
        n = min(len(sound), len(out) - i)
        out[i:i + n] += sound[:n]
    return out


def _night(rate: int) -> np.ndarray:
    # A slow falling chime: A4, E4, A3.
    notes = [(0.0, 440.0), (0.45, 329.6), (0.9, 220.0)]
    return _sequence([(s, _bell(f, 1.2, rate, 3.0)) for s, f in notes], 2.1, rate)


def _dawn(rate: int) -> np.ndarray:
    # A rising chime: A4, C#5, E5, A5.
    notes = [(0.0, 440.0), (0.25, 554.4), (0.5, 659.3), (0.75, 880.0)]
    return _sequence([(s, _bell(f, 0.9, rate, 4.0)) for s, f in notes], 1.65, rate)


def _vote(rate: int) -> np.ndarray:
    # Two knocks of a gavel: a damped low tone with a woody click.
    t = _times(0.18, rate)
    knock = (np.sin(2 * np.pi * 180 * t) + 0.6 * np.sin(2 * np.pi * 620 * t)) * np.exp(-t * 30)
    return _sequence([(0.0, knock), (0.3, knock)], 0.5, rate)


def _shot(rate: int) -> np.ndarray:
    # A bang: a burst of noise with a fast decay over a low thump.
    t = _times(0.8, rate)
    noise = np.random.default_rng(7).standard_normal(len(t))
    thump = np.sin(2 * np.pi * 70 * t) * np.exp(-t * 12)
    bang: np.ndarray = 0.6 * noise * np.exp(-t * 18) + thump
    return bang


def _call(rate: int) -> np.ndarray:
    # An owl: a short hoot, a pause, a longer one that falls a little.
    def hoot(seconds: float, f0: float, f1: float) -> np.ndarray:
        t = _times(seconds, rate)
        freq = np.linspace(f0, f1, len(t)) * (1 + 0.01 * np.sin(2 * np.pi * 6 * t))
        phase = 2 * np.pi * np.cumsum(freq) / rate
        shape = np.sin(np.pi * t / seconds) ** 2
        return (np.sin(phase) + 0.15 * np.sin(2 * phase)) * shape

    return _sequence([(0.0, hoot(0.25, 420, 400)), (0.45, hoot(0.6, 410, 360))], 1.1, rate)


_MAKERS = {Cue.NIGHT: _night, Cue.DAWN: _dawn, Cue.VOTE: _vote, Cue.SHOT: _shot,
           Cue.CALL: _call}

#: the night's loop; long enough that its repeat is not heard as one
AMBIENCE_S = 23.0


@cache
def ambience(rate: int = SAMPLE_RATE) -> np.ndarray:
    """The night's bed at full level (float, peak 1): wind, low and
    slowly swelling, and crickets; it loops without a seam (its ends are
    faded into each other). Made once from a fixed seed."""
    rng = np.random.default_rng(11)
    n = round(AMBIENCE_S * rate)
    t = np.arange(n) / rate
    # wind: noise low-passed by a running mean, swelling every few seconds
    noise = rng.standard_normal(n + 64)
    wind = np.convolve(noise, np.ones(64) / 64, mode="valid")[:n]
    swell = 0.55 + 0.45 * np.sin(2 * np.pi * t / 7.7) * np.sin(2 * np.pi * t / 3.1 + 1.0)
    bed = wind * swell / max(1e-9, float(np.std(wind)))
    # crickets: trains of short 4.6 kHz chirps, a few a second, now and then
    chirp_t = _times(0.012, rate)
    chirp = np.sin(2 * np.pi * 4600 * chirp_t) * np.sin(np.pi * chirp_t / 0.012) ** 2
    for start in np.arange(0.3, AMBIENCE_S - 1.0, 0.9):
        if rng.random() < 0.6:
            for k in range(int(rng.integers(3, 6))):
                i = round((start + k * 0.045) * rate)
                bed[i:i + len(chirp)] += 0.8 * chirp[: n - i]
    fade = round(0.5 * rate)            # the end flows into the start
    ramp = np.linspace(0.0, 1.0, fade)
    bed[:fade] = bed[:fade] * ramp + bed[-fade:] * (1 - ramp)
    bed = bed[:-fade]
    bed /= max(1e-9, float(np.max(np.abs(bed))))
    bed.setflags(write=False)
    return bed


@cache
def cue_samples(cue: Cue | str, rate: int = SAMPLE_RATE) -> np.ndarray:
    """The int16 samples of ``cue`` at ``rate``."""
    try:
        which = Cue(cue)
    except ValueError:
        raise ValueError(f"unknown sound cue {cue!r}; choose one of "
                         f"{', '.join(c.value for c in Cue)}") from None
    wave = _MAKERS[which](rate)
    # Short fades at both ends: a jump from or to zero is heard as a click.
    fade_in, fade_out = round(0.003 * rate), round(0.01 * rate)
    wave[:fade_in] *= np.linspace(0.0, 1.0, fade_in)
    wave[-fade_out:] *= np.linspace(1.0, 0.0, fade_out)
    wave = wave / max(1e-9, float(np.max(np.abs(wave)))) * _PEAK
    samples: np.ndarray = np.round(wave).astype(np.int16)
    samples.setflags(write=False)
    return samples
