"""Short sound cues made by the program itself (no sound files needed).

Each is synthesised with numpy at the output rate and is the same every time
(the noise in the shot comes from a fixed seed). They are public signals only:
night falls, dawn, the vote, a shot.
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


_MAKERS = {Cue.NIGHT: _night, Cue.DAWN: _dawn, Cue.VOTE: _vote, Cue.SHOT: _shot}


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
