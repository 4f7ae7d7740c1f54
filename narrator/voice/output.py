"""Where the sound goes: a speaker through sounddevice, a WAV file, nowhere.

Every output takes 16-bit mono chunks at one rate. Real outputs take as long as
the sound lasts (that is what paces the game); ``pace=False`` outputs return at
once (``--fast``). A WAV file with ``fill_gaps`` also records the quiet time
between lines (the box waiting for an answer) as silence, so the file's
timeline is the game's.
"""

from __future__ import annotations

import os
import time
import wave
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from ..folders import make_parent
from .messages import SAMPLE_RATE, BackendUnavailable, SoundFileError


class AudioOut(Protocol):
    sample_rate: int

    def write(self, samples: np.ndarray) -> None:
        """Play (or record) one chunk; a paced output returns when it is heard."""
        ...

    def drain(self) -> None:
        """Return when everything written has been heard."""
        ...

    def close(self) -> None: ...


class NullOut:
    """Discards the sound, but still takes its time unless ``pace`` is off."""

    def __init__(self, sample_rate: int = SAMPLE_RATE, *, pace: bool = False,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.sample_rate = sample_rate
        self.pace = pace
        self._sleep = sleep
        self.samples_written = 0

    def write(self, samples: np.ndarray) -> None:
        self.samples_written += len(samples)
        if self.pace:
            self._sleep(len(samples) / self.sample_rate)

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass


class WavFileSink:
    """Appends everything, in order, to one WAV file (header kept valid after
    every write, so a killed game still leaves a playable file)."""

    def __init__(self, path: Path | str, sample_rate: int = SAMPLE_RATE, *, pace: bool = False,
                 fill_gaps: bool = False, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.path = Path(path)
        self.sample_rate = sample_rate
        self.pace = pace
        self.fill_gaps = fill_gaps
        self._clock = clock
        self._sleep = sleep
        try:
            make_parent(self.path)
            # The recording carries the night's timings: its owner's alone.
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.fchmod(fd, 0o600)  # also when the file was there already
            self._file = os.fdopen(fd, "wb")
            self._wav = wave.open(self._file, "wb")
        except OSError as exc:
            raise SoundFileError(self.path, exc) from None
        self._wav.setnchannels(1)
        self._wav.setsampwidth(2)
        self._wav.setframerate(sample_rate)
        self.frames = 0
        # The timeline starts with the first sound, not when the file is
        # opened (setting up a laptop game can take minutes).
        self._start: float | None = None

    @property
    def seconds(self) -> float:
        return self.frames / self.sample_rate

    def _append(self, samples: np.ndarray) -> None:
        self._wav.writeframes(samples.astype("<i2", copy=False).tobytes())
        self.frames += len(samples)

    def write(self, samples: np.ndarray) -> None:
        if self._start is None:
            self._start = self._clock()
        if self.fill_gaps:
            behind = round((self._clock() - self._start) * self.sample_rate) - self.frames
            if behind > 0:
                self._append(np.zeros(behind, dtype=np.int16))
        self._append(samples)
        if self.pace:
            ahead = self._start + self.frames / self.sample_rate - self._clock()
            if ahead > 0:
                self._sleep(ahead)

    def drain(self) -> None:
        pass

    def close(self) -> None:
        self._wav.close()
        self._file.close()


class SoundDeviceOut:
    """The default sound card through sounddevice (PortAudio)."""

    def __init__(self, sample_rate: int = SAMPLE_RATE, *,
                 load: Callable[[], ModuleType] | None = None) -> None:
        self.sample_rate = sample_rate
        try:
            sd = (load or _import_sounddevice)()
        except Exception as exc:  # OSError: no libportaudio
            raise BackendUnavailable(_first_line(exc)) from None
        try:
            self._stream = self._open(sd, sample_rate)
        except Exception as exc:
            # Some cards (a Pi's HDMI, I2S DACs, straight ALSA hw) refuse
            # 22,050 Hz: then play at the card's own rate; the Speaker
            # resamples to whatever ``sample_rate`` says.
            native = _default_rate(sd)
            if native is None or native == sample_rate:
                raise BackendUnavailable(_first_line(exc)) from None
            try:
                self._stream = self._open(sd, native)
            except Exception:
                raise BackendUnavailable(_first_line(exc)) from None
            self.sample_rate = native

    @staticmethod
    def _open(sd: ModuleType, rate: int) -> Any:
        stream = sd.OutputStream(samplerate=rate, channels=1, dtype="int16")
        stream.start()
        return stream

    def write(self, samples: np.ndarray) -> None:
        try:
            self._stream.write(np.ascontiguousarray(samples, dtype=np.int16).reshape(-1, 1))
        except Exception as exc:  # unplugged mid-game
            raise BackendUnavailable(_first_line(exc)) from None

    def drain(self) -> None:
        # write() returns once the chunk is in PortAudio's buffer; the rest
        # is heard within the stream's latency.
        time.sleep(float(getattr(self._stream, "latency", 0.0) or 0.0))

    def close(self) -> None:
        try:
            self._stream.stop()
            self._stream.close()
        except Exception:
            pass  # closing a stream whose device is gone must not crash the exit


class TeeOut:
    """Several outputs at once (a speaker and the ``--wav`` record)."""

    def __init__(self, *outs: AudioOut) -> None:
        self.outs = outs
        self.sample_rate = outs[0].sample_rate

    def write(self, samples: np.ndarray) -> None:
        for out in self.outs:
            out.write(samples)

    def drain(self) -> None:
        for out in self.outs:
            out.drain()

    def close(self) -> None:
        for out in self.outs:
            out.close()


def _default_rate(sd: ModuleType) -> int | None:
    try:
        return int(sd.query_devices(kind="output")["default_samplerate"])
    except Exception:  # no default device at all
        return None


def _import_sounddevice() -> ModuleType:
    import sounddevice

    module: ModuleType = sounddevice
    return module


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:200]
