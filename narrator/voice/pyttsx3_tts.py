"""pyttsx3 (the design card's library) wrapped so that completion is verified.

Measured on pyttsx3 2.99 / Linux (notes/voice-facts.md, issue 3): its
``runAndWait()`` can return before the file exists, can hang, writes only the
last of several queued saves, silently ignores a bad voice id, prints on every
save, is not byte-stable, and now and then saves an empty file. So each render here is one utterance into a fresh
file, in a child process of its own (``_pyttsx3_worker``) whose prints go
nowhere and which is killed and restarted on a time-out; the parent then waits
until the file is a whole WAV (sizes in the header match the bytes, and the
size is stable between two looks) before reading it.
"""

from __future__ import annotations

import itertools
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import numpy as np

from .messages import Audio, BackendUnavailable, Say, SpeechTimeout, VoiceConfigError, VoiceSettings
from .wavio import read_complete_wav

WORKER = Path(__file__).with_name("_pyttsx3_worker.py")
POLL_S = 0.005
EMPTY_RETRIES = 3


def wait_for_complete_wav(path: Path, deadline: float, *, poll_s: float = POLL_S) -> Audio:
    """The audio of ``path`` once it is a whole WAV file whose size has not
    changed between two looks; SpeechTimeout at ``deadline`` (monotonic)."""
    last_size = -1
    while True:
        try:
            size = path.stat().st_size
        except OSError:
            size = -1
        if size > 0 and size == last_size:
            audio = read_complete_wav(path)
            if audio is not None:
                return audio
        last_size = size
        if time.monotonic() >= deadline:
            state = "never appeared" if size < 0 else f"is incomplete ({size} bytes)"
            raise SpeechTimeout(f"pyttsx3: the rendered file {state} at the time-out")
        time.sleep(poll_s)


class Pyttsx3Tts:
    """Renders with pyttsx3 in a worker process; one render at a time."""

    name = "pyttsx3"

    def __init__(self, settings: VoiceSettings, *, timeout: float = 10.0,
                 worker_cmd: list[str] | None = None) -> None:
        self.settings = settings
        self.timeout = timeout
        # The seam for tests: a command that stands in for the worker.
        self._cmd = worker_cmd or [sys.executable, str(WORKER)]
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._lock = threading.Lock()
        self._dir = Path(tempfile.mkdtemp(prefix="wakkerdam-pyttsx3-"))
        self._names = itertools.count()
        # Whoever forgets close(): the temp dir still goes at exit.
        weakref.finalize(self, shutil.rmtree, str(self._dir), True)

    def identity(self) -> str:
        return f"{self.name}|{_pyttsx3_version()}|{self.settings.identity()}"

    # -- the worker process -------------------------------------------------
    def _start(self, deadline: float) -> subprocess.Popen[bytes]:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        self._buffer = b""
        try:
            self._proc = subprocess.Popen(self._cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL)
        except OSError as exc:
            raise BackendUnavailable(f"pyttsx3: cannot start its worker: {exc}") from None
        reply = self._read_reply(deadline)
        if not reply.get("ready"):
            self.close()
            raise BackendUnavailable(str(reply.get("error", "pyttsx3: worker did not start")))
        return self._proc

    def _read_reply(self, deadline: float) -> dict[str, Any]:
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SpeechTimeout(f"pyttsx3 did not answer within {self.timeout:g} s")
                if not sel.select(left):
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise BackendUnavailable("pyttsx3: its worker stopped unexpectedly")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except ValueError:
            raise BackendUnavailable("pyttsx3: its worker gave an unreadable answer") from None
        return reply if isinstance(reply, dict) else {"error": "pyttsx3: unreadable answer"}

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc is not None:
            for stream in (proc.stdin, proc.stdout):
                if stream is not None:
                    stream.close()

    def close(self) -> None:
        with self._lock:
            self._kill()
        shutil.rmtree(self._dir, ignore_errors=True)

    # -- rendering ------------------------------------------------------------
    def render(self, say: Say) -> Audio:
        if not say.text.strip():
            return Audio(np.zeros(0, dtype=np.int16), 22050)
        with self._lock:
            deadline = time.monotonic() + self.timeout
            # Measured here: now and then (3 of ~1,300 renders) a line comes
            # back as an empty file (pyttsx3 writes the WAV when espeak's
            # "message done" event arrives, before appending the audio that
            # came with it). An empty answer is asked for again.
            for _ in range(EMPTY_RETRIES):
                audio = self._render_once(say, deadline)
                if len(audio.samples):
                    break
            return audio

    def _render_once(self, say: Say, deadline: float) -> Audio:
        path = self._dir / f"{next(self._names)}.wav"
        s = self.settings
        request = {"text": say.text, "path": str(path), "voice": s.voice, "rate": s.rate,
                   "pitch": s.pitch, "volume": s.volume}
        try:
            proc = self._start(deadline)
            assert proc.stdin is not None
            proc.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            proc.stdin.flush()
            reply = self._read_reply(deadline)
            if "error" in reply:
                message = str(reply["error"])
                if "voice" in message:
                    raise VoiceConfigError(message)
                raise BackendUnavailable(message)
            # runAndWait may have returned before the file is whole.
            return wait_for_complete_wav(path, deadline)
        except (SpeechTimeout, BrokenPipeError, BackendUnavailable) as exc:
            self._kill()  # a hung or dead worker is replaced on the next call
            if isinstance(exc, BrokenPipeError):
                raise BackendUnavailable("pyttsx3: its worker stopped unexpectedly") from None
            raise
        finally:
            path.unlink(missing_ok=True)


def _pyttsx3_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pyttsx3")
    except PackageNotFoundError:
        return "missing"

