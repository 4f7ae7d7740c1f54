"""The Speaker: what the moderator talks to.

``say`` renders (or takes from the cache) and queues a line; a player thread
plays the queue in order, in 50 ms chunks so that ``pause``, ``louder`` and
``softer`` act at once. ``fast`` mode has no thread and no waits: everything is
written straight through (to the WAV file when one is asked for), so tests and
``demo --fast`` run at full speed with the same audio.
"""

from __future__ import annotations

import math
import queue
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from .cache import Renderer
from .cues import Cue, ambience, cue_samples
from .loudness import normalise
from .messages import Audio, BackendUnavailable, VoiceError
from .output import AudioOut, NullOut

CHUNK_S = 0.05
GAIN_STEP_DB = 3.0
GAIN_MIN_DB = -24.0
GAIN_MAX_DB = 12.0
#: wait_until_done() gives up when the output takes nothing for this long.
STALL_S = 10.0


@dataclass
class _Item:
    samples: np.ndarray
    due: float                  # monotonic time the caller asked for it
    text: str | None = None     # set for spoken lines (latency is measured on those)
    night: bool = False         # heard over the night's ambience


class Reporter:
    """Prints a pack line once per key: a missing sound card or a failing
    engine is reported once, not on every line."""

    def __init__(self, pack: Any, warn: Callable[[str], None] | None = None) -> None:
        self.pack = pack
        self._warn = warn or (lambda message: None)
        self.seen: set[str] = set()

    def once(self, key: str, **params: Any) -> None:
        if key in self.seen:
            return
        self.seen.add(key)
        self._warn(self.pack.line(key, **params))


@dataclass
class SpeakerStats:
    """Measured on the way: seconds from each line being due to its first
    sample reaching the output."""

    latencies: list[float] = field(default_factory=list)


class Speaker:
    """Says lines, cues and silences, in order, through one output.

    Build it with :func:`narrator.voice.make_speaker`. ``pack`` is a
    ``voices.Pack`` (for the cue names and the few messages it prints).
    """

    def __init__(self, pack: Any, renderer: Renderer | None, out: AudioOut, *,
                 fast: bool = False, cues: bool = True,
                 echo: Callable[[str], None] | None = None,
                 reporter: Reporter | None = None,
                 fallback: Callable[[], tuple[AudioOut, str]] | None = None,
                 words_per_minute: int = 160,
                 night_sounds: bool = False, night_lufs: float = -44.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.pack = pack
        self.renderer = renderer
        self.out = out
        self.fast = fast
        self.cues = cues
        self.stats = SpeakerStats()
        self._echo = echo
        self.reporter = reporter or Reporter(pack)
        self._fallback = fallback
        self._wpm = words_per_minute
        self._clock = clock
        self._rate = out.sample_rate
        # fast mode into nothing (tests, demo --fast without --wav): no one
        # will hear the audio, so it is not rendered at all.
        self._discard = fast and isinstance(out, NullOut)
        self._chunk = max(1, round(CHUNK_S * self._rate))
        self._gain_db = 0.0
        self._last_text: str | None = None
        self._paused = False
        self._cond = threading.Condition()
        self._pending = 0
        self._progress = 0          # chunks written so far (the stall watchdog)
        self._prev_end = 0.0
        self._closed = False
        self._stop_current = False
        #: Maneschijn nights: the ambience under the night and an owl at each
        #: call; ``night_lufs`` is the ambience's level (the voice's is higher)
        self.night_sounds = night_sounds
        self._night_lufs = night_lufs
        self._night = False         # between the night's cue and the dawn's
        self._bed: np.ndarray | None = None
        self._bed_at = 0
        self._queue: queue.Queue[_Item | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        if not fast:
            self._thread = threading.Thread(target=self._player, name="voice-player", daemon=True)
            self._thread.start()

    # -- what the moderator calls ---------------------------------------------
    def say(self, text: str) -> None:
        """Speak ``text`` after whatever is queued; returns once it is queued."""
        if not isinstance(text, str):
            raise TypeError(f"say() needs text, not {type(text).__name__}")
        if not text.strip():
            return
        due = self._clock()
        self._last_text = text
        if self._echo is not None:
            self._echo(text)
        if self._discard:
            return  # fast with nowhere for the sound to go: nothing to render
        self._enqueue(_Item(self._render(text), due, text, self._night))

    def prefetch(self, lines: Iterable[str]) -> None:
        """Render ``lines`` ahead in the background so they start at once."""
        if self.renderer is not None and not self._discard:
            self.renderer.prefetch(lines)

    def silence(self, seconds: float) -> None:
        """Queue ``seconds`` of real silence (written as zeros to a WAV file)."""
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) \
                or not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"silence needs a number of seconds >= 0, not {seconds!r}")
        n = round(seconds * self._rate)
        if n:
            self._enqueue(_Item(np.zeros(n, dtype=np.int16), self._clock(), night=self._night))

    def cue(self, name: Cue | str) -> None:
        """Play a sound cue (night, dawn, vote, shot) unless cues are off;
        the call's owl only on nights with ``night_sounds``, and from the
        night's cue to the dawn's the ambience under everything."""
        samples = cue_samples(name, self._rate)  # unknown names fail even when off
        which = Cue(name)
        if not self.cues or (which is Cue.CALL and not self.night_sounds):
            return
        if which is Cue.DAWN:
            self._night = False
        if self._echo is not None:
            self._echo(self.pack.line(f"voice.cue.{Cue(name).value}"))
        self._enqueue(_Item(samples, self._clock(), night=self._night))
        if which is Cue.NIGHT and self.night_sounds:
            self._night = True

    def repeat_last(self) -> None:
        """Say the last line again (from the cache: at once)."""
        if self._last_text is not None:
            self.say(self._last_text)

    def wait_until_done(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been heard; False on time-out.

        Never forever: without a ``timeout`` it still gives up (reported once)
        when the output has taken no sound for ``STALL_S`` seconds while not
        paused — a sound card that hangs must not hang the game.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending:
                progress = self._progress
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                step = STALL_S if left is None else min(left, STALL_S)
                self._cond.wait_for(partial(self._moved_since, progress), step)
                if (timeout is None and self._pending and self._progress == progress
                        and not self._paused):
                    self.reporter.once("voice.stalled")
                    return False
        self._drain()
        return True

    def _moved_since(self, progress: int) -> bool:
        return self._pending == 0 or self._progress != progress

    def pause(self) -> None:
        with self._cond:
            self._paused = True

    def resume(self) -> None:
        with self._cond:
            self._paused = False
            self._cond.notify_all()

    @property
    def paused(self) -> bool:
        return self._paused

    def louder(self) -> float:
        """One step (3 dB) louder; returns the new level in dB."""
        self._gain_db = min(GAIN_MAX_DB, self._gain_db + GAIN_STEP_DB)
        return self._gain_db

    def softer(self) -> float:
        """One step (3 dB) softer; returns the new level in dB."""
        self._gain_db = max(GAIN_MIN_DB, self._gain_db - GAIN_STEP_DB)
        return self._gain_db

    @property
    def level_db(self) -> float:
        return self._gain_db

    def close(self, *, finish: bool = True) -> None:
        """Release the output and the renderer: after playing what is queued,
        or (``finish=False``, e.g. on Ctrl-C) dropping it."""
        if self._closed:
            return
        self._closed = True
        if not finish:
            self._drop_queued()
        self.resume()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
        self._drain()
        self.out.close()
        if self.renderer is not None:
            self.renderer.close()

    def _drop_queued(self) -> None:
        self._stop_current = True
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                self._done_one()

    def __enter__(self) -> Speaker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- inside ------------------------------------------------------------------
    def _render(self, text: str) -> np.ndarray:
        if self.renderer is not None:
            try:
                audio = self.renderer.audio(text)
                return audio.resampled(self._rate).samples
            except VoiceError as exc:
                self.reporter.once("voice.render_failed", reason=str(exc))
        # No voice: keep the game's timing with the time the line would take.
        seconds = len(text.split()) * 60.0 / self._wpm
        return np.zeros(round(seconds * self._rate), dtype=np.int16)

    def _enqueue(self, item: _Item) -> None:
        if self._closed:
            raise VoiceError("the speaker is closed")
        with self._cond:
            self._pending += 1
        if self._thread is None:
            self._play(item)
            self._done_one()
        else:
            self._queue.put(item)

    def _done_one(self) -> None:
        with self._cond:
            self._pending -= 1
            self._cond.notify_all()

    def _player(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            try:
                self._play(item)
            except Exception as exc:  # the player must never die silently
                self.reporter.once("voice.render_failed", reason=str(exc))
            finally:
                self._done_one()

    def _play(self, item: _Item) -> None:
        start = max(item.due, self._prev_end)
        first = True
        samples = item.samples
        for i in range(0, len(samples), self._chunk):
            if not self.fast:
                with self._cond:
                    self._cond.wait_for(lambda: not self._paused)
            if self._stop_current:
                break
            chunk = samples[i:i + self._chunk]
            if item.night:
                chunk = self._under_the_night(chunk)
            if self._gain_db:
                gain = 10 ** (self._gain_db / 20)
                chunk = np.clip(np.round(chunk * gain), -32768, 32767).astype(np.int16)
            if first and item.text is not None:
                self.stats.latencies.append(self._clock() - start)
            first = False
            self._write(chunk)
            with self._cond:
                self._progress += 1
                self._cond.notify_all()
        self._prev_end = self._clock()

    def _under_the_night(self, chunk: np.ndarray) -> np.ndarray:
        """``chunk`` with the night's ambience under it: the loop goes on
        by samples played, so it is the same whatever the night holds."""
        if self._bed is None:
            bed = np.round(ambience(self._rate) * 16000).astype(np.int16)
            self._bed = normalise(Audio(bed, self._rate), self._night_lufs).samples.astype(np.int32)
        idx = (np.arange(len(chunk)) + self._bed_at) % len(self._bed)
        self._bed_at = (self._bed_at + len(chunk)) % len(self._bed)
        mixed = chunk.astype(np.int32) + self._bed[idx]
        return np.clip(mixed, -32768, 32767).astype(np.int16)

    def _write(self, chunk: np.ndarray) -> None:
        try:
            self.out.write(chunk)
        except BackendUnavailable as exc:
            if self._fallback is None:
                raise
            # The sound card went away mid-game: carry on into the fallback.
            self.out, where = self._fallback()
            self._fallback = None
            if where:
                self.reporter.once("voice.device_lost", reason=str(exc), path=where)
            else:
                self.reporter.once("voice.device_lost_text_only", reason=str(exc))
            self.out.write(chunk)

    def _drain(self) -> None:
        try:
            self.out.drain()
        except Exception:
            pass  # nothing left to play into; the words are already on screen
