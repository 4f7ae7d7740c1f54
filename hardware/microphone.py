"""The microphone: 16 kHz mono int16 blocks, behind a small interface.

``SoundDeviceMicrophone`` captures through PortAudio (sounddevice);
``FakeMicrophone`` plays audio into the system for tests and benchmarks.
Listening code measures time in samples read, never by the wall clock: with
the real device the two are the same, with the fake the tests need no sleeps.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from hardware.audio import resample, to_int16

SAMPLE_RATE = 16_000


class MicrophoneUnavailable(RuntimeError):
    """No usable capture device; the message is one line for the table."""


class Microphone(Protocol):
    sample_rate: int

    def start(self) -> None:
        """Start capturing (audio from before this call is never returned)."""
        ...

    def read(self, frames: int) -> np.ndarray:
        """The next ``frames`` samples (int16, mono); blocks until captured."""
        ...

    def stop(self) -> None:
        """Stop capturing (the box speaks while stopped: no echo is heard)."""
        ...

    def close(self) -> None: ...


def _portaudio() -> Any:
    """sounddevice, or MicrophoneUnavailable (its import raises OSError when
    libportaudio2 is missing)."""
    try:
        import sounddevice
    except OSError as exc:
        raise MicrophoneUnavailable(f"no audio library (PortAudio): {exc}") from None
    return sounddevice


class SoundDeviceMicrophone:
    """Capture from a PortAudio input device at 16 kHz mono."""

    def __init__(self, device: int | str | None = None, sample_rate: int = SAMPLE_RATE) -> None:
        self.device = device
        self.sample_rate = sample_rate
        self._stream = None

    def check(self) -> None:
        """Raise MicrophoneUnavailable unless an input device accepts 16 kHz mono."""
        sd = _portaudio()
        try:
            info = sd.query_devices(self.device, kind="input")
            sd.check_input_settings(device=self.device, channels=1, dtype="int16",
                                    samplerate=self.sample_rate)
        except (sd.PortAudioError, ValueError) as exc:
            raise MicrophoneUnavailable(f"no usable microphone: {_one_line(exc)}") from None
        if not info or int(info.get("max_input_channels", 0)) < 1:
            raise MicrophoneUnavailable("no usable microphone: the device has no input")

    def start(self) -> None:
        if self._stream is not None:
            return
        sd = _portaudio()
        try:
            stream = sd.RawInputStream(samplerate=self.sample_rate, channels=1, dtype="int16",
                                       device=self.device, blocksize=0)
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            raise MicrophoneUnavailable(f"no usable microphone: {_one_line(exc)}") from None
        self._stream = stream

    def read(self, frames: int) -> np.ndarray:
        if self._stream is None:
            self.start()
        assert self._stream is not None
        data, _overflowed = self._stream.read(frames)
        return np.frombuffer(bytes(data), dtype=np.int16).copy()

    def stop(self) -> None:
        if self._stream is not None:
            stream, self._stream = self._stream, None
            stream.stop()
            stream.close()

    def close(self) -> None:
        self.stop()


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def open_microphone(device: int | str | None = None) -> SoundDeviceMicrophone:
    """The real microphone, checked; MicrophoneUnavailable (one line) when
    there is none, so the caller falls back to buttons."""
    mic = SoundDeviceMicrophone(device)
    mic.check()
    return mic


class FakeMicrophone:
    """An instrument: ``play(audio)`` queues sound as if someone spoke into
    the microphone; when nothing is queued it returns the noise bed (silence
    by default). ``position`` is the audio clock in samples.

    ``on_start`` callbacks run each time listening starts, so a simulated
    player can answer the question that was just asked.
    """

    def __init__(self, sample_rate: int = SAMPLE_RATE, noise: np.ndarray | None = None) -> None:
        self.sample_rate = sample_rate
        self._queue: deque[np.ndarray] = deque()
        self._noise = None if noise is None or len(noise) == 0 else noise.astype(np.int16)
        self._noise_at = 0
        self._lock = threading.Lock()
        self.position = 0
        self.listening = False
        self.starts = 0
        self.on_start: list[Callable[[], None]] = []

    def play(self, audio: np.ndarray, rate: int | None = None) -> None:
        """Queue ``audio`` (int16 or float in [-1, 1]) to be heard next."""
        samples = to_int16(audio)
        if rate is not None and rate != self.sample_rate:
            samples = resample(samples, rate, self.sample_rate)
        with self._lock:
            self._queue.append(samples)

    def play_wav(self, path: str | Path) -> None:
        import soundfile

        data, rate = soundfile.read(str(path), dtype="int16", always_2d=True)
        self.play(data.mean(axis=1).astype(np.int16), rate)

    def pending(self) -> int:
        """Samples queued and not yet read."""
        with self._lock:
            return sum(len(a) for a in self._queue)

    def clear(self) -> None:
        with self._lock:
            self._queue.clear()

    def start(self) -> None:
        self.listening = True
        self.starts += 1
        for callback in list(self.on_start):
            callback()

    def read(self, frames: int) -> np.ndarray:
        out = self._bed(frames)
        filled = 0
        with self._lock:
            while filled < frames and self._queue:
                head = self._queue[0]
                take = min(len(head), frames - filled)
                # speech adds to the bed, as in a room
                mixed = out[filled:filled + take].astype(np.int32) + head[:take]
                out[filled:filled + take] = np.clip(mixed, -32768, 32767)
                filled += take
                if take == len(head):
                    self._queue.popleft()
                else:
                    self._queue[0] = head[take:]
        self.position += frames
        return out

    def _bed(self, frames: int) -> np.ndarray:
        if self._noise is None:
            return np.zeros(frames, dtype=np.int16)
        idx = (np.arange(frames) + self._noise_at) % len(self._noise)
        self._noise_at = (self._noise_at + frames) % len(self._noise)
        return self._noise[idx].copy()

    def stop(self) -> None:
        self.listening = False

    def close(self) -> None:
        self.stop()
