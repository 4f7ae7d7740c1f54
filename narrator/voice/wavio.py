"""WAV bytes in and out (16-bit PCM mono), strict enough to tell a finished
file from one still being written."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from .messages import Audio, VoiceError

HEADER_BYTES = 44


class BadWav(VoiceError, ValueError):
    """Bytes that are not a 16-bit PCM mono WAV (or not a whole one)."""


def encode_wav(audio: Audio) -> bytes:
    """A canonical 44-byte-header WAV of ``audio``."""
    data = audio.samples.astype("<i2", copy=False).tobytes()
    header = struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF", 36 + len(data), b"WAVE",
        b"fmt ", 16, 1, 1, audio.sample_rate, audio.sample_rate * 2, 2, 16,
        b"data", len(data),
    )
    return header + data


def _chunks(data: bytes, where: str) -> Iterator[tuple[bytes, int, int]]:
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise BadWav(f"{where}: not a WAV file")
    pos = 12
    while pos + 8 <= len(data):
        cid, size = struct.unpack_from("<4sI", data, pos)
        yield cid, size, pos + 8
        pos += 8 + size + (size & 1)


def decode_wav(data: bytes, where: str = "audio", *, strict: bool = False) -> Audio:
    """The audio in ``data``.

    espeak-ng's ``--stdout`` writes a streaming header whose sizes are a
    placeholder (0x7ffff000), so by default the data chunk runs to the end of
    the bytes. ``strict`` demands that every declared size matches the bytes
    present: that is how a file still being written is told from a whole one.
    """
    if strict and len(data) >= 8 and struct.unpack_from("<I", data, 4)[0] != len(data) - 8:
        raise BadWav(f"{where}: RIFF size does not match the file (still being written?)")
    fmt: tuple[int, int, int, int] | None = None
    for cid, size, start in _chunks(data, where):
        if cid == b"fmt ":
            if size < 16 or start + 16 > len(data):
                raise BadWav(f"{where}: truncated format chunk")
            tag, channels, rate, _, _, bits = struct.unpack_from("<HHIIHH", data, start)
            fmt = (tag, channels, rate, bits)
        elif cid == b"data":
            if fmt is None:
                raise BadWav(f"{where}: data before format")
            tag, channels, rate, bits = fmt
            if (tag, channels, bits) != (1, 1, 16) or rate <= 0:
                raise BadWav(f"{where}: need 16-bit PCM mono, got format {tag}, "
                             f"{channels} channel(s), {bits} bits")
            available = len(data) - start
            if strict and size != available:
                raise BadWav(f"{where}: data size {size} but {available} bytes present")
            body = data[start:start + min(size, available)]
            body = body[: len(body) - (len(body) & 1)]
            return Audio(np.frombuffer(body, dtype="<i2").astype(np.int16), rate)
    raise BadWav(f"{where}: no data chunk")


def read_complete_wav(path: Path) -> Audio | None:
    """The audio of ``path`` if it is a whole WAV file now, else None."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        return decode_wav(data, str(path), strict=True)
    except BadWav:
        return None
