"""Rendered lines kept in memory and on disk, and rendered ahead of time.

The key is (backend identity — engine, its version, voice settings — language,
text), hashed; the same line in the same voice is rendered once per machine.
``Renderer.prefetch`` renders upcoming lines on a background thread so that
when a line is due its audio is already there (budget: first sample within
150 ms of the line being due; an espeak-ng render alone is ~10-25 ms, a
Piper one ~200 ms).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import voices

from .backends import Synthesizer
from .loudness import normalise
from .messages import Audio, Say
from .wavio import BadWav, decode_wav, encode_wav


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wakkerdam" / "tts"


@dataclass
class CacheStats:
    memory_hits: int = 0
    disk_hits: int = 0
    misses: int = 0


class RenderCache:
    """Audio by key: a bounded in-memory LRU in front of a directory of WAVs.

    ``directory=None`` keeps memory only. A directory that cannot be written
    is reported once through ``on_disk_error(directory, reason)`` and then
    ignored.
    """

    def __init__(self, directory: Path | None = None, *, memory_bytes: int = 12 << 20,
                 on_disk_error: Callable[[Path, voices.Line], None] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else None
        self.memory_bytes = memory_bytes
        self.stats = CacheStats()
        self._memory: OrderedDict[str, Audio] = OrderedDict()
        self._used = 0
        self._lock = threading.Lock()
        self._on_disk_error = on_disk_error or (lambda directory, reason: None)
        self._disk_ok = self.directory is not None

    @staticmethod
    def key(identity: str, say: Say) -> str:
        blob = json.dumps([identity, say.lang, say.text], ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def path(self, key: str) -> Path | None:
        return self.directory / key[:2] / f"{key}.wav" if self.directory else None

    def get(self, key: str) -> Audio | None:
        with self._lock:
            audio = self._memory.get(key)
            if audio is not None:
                self._memory.move_to_end(key)
                self.stats.memory_hits += 1
                return audio
        audio = self._read_disk(key)
        with self._lock:
            if audio is None:
                self.stats.misses += 1
                return None
            self.stats.disk_hits += 1
            self._remember(key, audio)
        return audio

    def put(self, key: str, audio: Audio) -> None:
        with self._lock:
            self._remember(key, audio)
        self._write_disk(key, audio)

    def _remember(self, key: str, audio: Audio) -> None:
        if key in self._memory:
            return
        self._memory[key] = audio
        self._used += audio.samples.nbytes
        while self._used > self.memory_bytes and len(self._memory) > 1:
            _, old = self._memory.popitem(last=False)
            self._used -= old.samples.nbytes

    def _read_disk(self, key: str) -> Audio | None:
        path = self.path(key)
        if path is None or not self._disk_ok:
            return None
        try:
            return decode_wav(path.read_bytes(), str(path), strict=True)
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (OSError, BadWav):
            # A damaged entry is only a miss: render again and overwrite it.
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass  # the write that follows reports an unusable directory
            return None

    def _write_disk(self, key: str, audio: Audio) -> None:
        path = self.path(key)
        if path is None or not self._disk_ok:
            return
        try:
            assert self.directory is not None
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            path.parent.mkdir(exist_ok=True, mode=0o700)
            # mkstemp's file is its owner's alone (0600). Write aside and rename, so a power cut never leaves half a WAV
            # under a valid key.
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(fd, "wb") as f:
                f.write(encode_wav(audio))
            os.replace(tmp, path)
        except OSError as exc:
            self._disk_ok = False
            assert self.directory is not None
            self._on_disk_error(self.directory, voices.os_reason(exc))


class Renderer:
    """One backend, one language, one cache; renders now or ahead of time.

    Every line is brought to ``loudness`` (LUFS, BS.1770: ``loudness.py``)
    before it is kept, the soft limiter on with ``limit`` (outdoors); None
    keeps the engine's own level."""

    def __init__(self, synth: Synthesizer, cache: RenderCache, lang: str, *,
                 loudness: float | None = None, limit: bool = False) -> None:
        self.synth = synth
        self.cache = cache
        self.lang = lang
        self.loudness = loudness
        self.limit = limit
        level = "" if loudness is None else f"|lufs{loudness:g}{'L' if limit else ''}"
        self._identity = synth.identity() + level
        self._inflight: dict[str, Future[Audio]] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="voice-prefetch")

    def _key(self, text: str) -> str:
        return RenderCache.key(self._identity, Say(text, self.lang))

    def _render(self, text: str) -> Audio:
        audio = self.synth.render(Say(text, self.lang))
        if self.loudness is not None:
            audio = normalise(audio, self.loudness, limit=self.limit)
        return audio

    def _render_into(self, key: str, text: str, future: Future[Audio]) -> None:
        try:
            audio = self._render(text)
            self.cache.put(key, audio)
            future.set_result(audio)
        except BaseException as exc:  # handed to whoever waits for this line
            future.set_exception(exc)
        finally:
            with self._lock:
                self._inflight.pop(key, None)

    def audio(self, text: str) -> Audio:
        """The audio of ``text``: from the cache, from a render already under
        way, or rendered now on this thread."""
        key = self._key(text)
        with self._lock:
            future = self._inflight.get(key)
            mine = future is None
            if mine:
                future = Future()
                self._inflight[key] = future
        assert future is not None
        if mine:
            cached = self.cache.get(key)
            if cached is not None:
                with self._lock:
                    self._inflight.pop(key, None)
                future.set_result(cached)
                return cached
            self._render_into(key, text, future)
            return future.result()
        try:
            return future.result()
        except Exception:
            # The ahead-of-time render failed; try once more here so the
            # error (if it recurs) reaches the caller with its own message.
            audio = self._render(text)
            self.cache.put(key, audio)
            return audio

    def prefetch(self, lines: Iterable[str]) -> None:
        """Render ``lines`` in the background, in order, skipping cached ones."""
        for text in lines:
            if not text or not text.strip():
                continue
            key = self._key(text)
            with self._lock:
                if key in self._inflight:
                    continue
                future: Future[Audio] = Future()
                self._inflight[key] = future
            self._pool.submit(self._prefetch_one, key, text, future)

    def _prefetch_one(self, key: str, text: str, future: Future[Audio]) -> None:
        cached = self.cache.get(key)
        if cached is not None:
            with self._lock:
                self._inflight.pop(key, None)
            future.set_result(cached)
            return
        self._render_into(key, text, future)

    def settle(self) -> None:
        """Wait for every prefetch queued so far (tests and benchmarks)."""
        self._pool.submit(lambda: None).result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        close = getattr(self.synth, "close", None)
        if close is not None:
            close()
