"""Speech models: install a language pack's vosk model, list them, and find
the one to use at start-up.

``wakkerdam models`` (``main``) downloads from the official archive,
resuming a broken download with an HTTP Range request, and unpacks into a
temporary folder that is renamed into place, so a model folder is either
complete or absent.

What makes an install trustworthy without a published checksum (the real
archives' checksums could not be read where this was written): the archive
must have a vosk model's structure, the model must load, and it must pass a
self-test (the box speaks a few of the pack's grammar words with espeak-ng
and the model must hear them). The archive's size and sha256 are checked
when the manifest or the command line gives them, and recorded in the
model's marker either way, with a digest of the unpacked files that
``models check`` compares later (integrity, not authenticity).

The Whisper model comes with the dependencies instead (``whisper_model.py``);
``models list`` shows its state and ``models check whisper`` hashes it.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np

import voices
from engine.errors import WakkerdamError
from voices.args import Parser

from . import whisper_model
from .store import CHUNK, MARKER, measure, models_dir
from .vosk_backend import ModelError

#: what every vosk model archive holds (small models: am/ conf/ graph/ ivector/)
MODEL_PARTS = ("am", "conf/mfcc.conf", "graph")


@dataclass(frozen=True)
class ModelSpec:
    lang: str
    name: str
    url: str
    approx_mb: int
    size: int | None = None       # bytes of the zip; None: not known yet
    sha256: str | None = None


MANIFEST: dict[str, ModelSpec] = {
    "nl": ModelSpec("nl", "vosk-model-small-nl-0.22",
                    "https://alphacephei.com/vosk/models/vosk-model-small-nl-0.22.zip", 39),
    "de": ModelSpec("de", "vosk-model-small-de-0.15",
                    "https://alphacephei.com/vosk/models/vosk-model-small-de-0.15.zip", 45),
    "en": ModelSpec("en", "vosk-model-small-en-us-0.15",
                    "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip", 40),
}


class InstallError(WakkerdamError, RuntimeError):
    """A failed install; ``key``/``params`` give the pack line to show."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


@dataclass(frozen=True)
class ModelStatus:
    """What the moderator learns at start-up: a model ``path``, or None and
    the line (``key``, ``params``) that says why and how to fix it."""

    lang: str
    path: Path | None
    key: str = ""
    params: dict[str, Any] | None = None

    def message(self, pack: voices.Pack) -> str:
        return pack.line(self.key, **(self.params or {})) if self.key else ""


def install_command(lang: str) -> str:
    return f"wakkerdam models install {lang}"


def _is_model(folder: Path) -> bool:
    return (folder / "am").is_dir() or (folder / "conf" / "model.conf").is_file()


def installed(root: Path | None = None) -> list[tuple[str, str, Path]]:
    """(lang, model name, folder) of each complete install."""
    root = root or models_dir()
    found = []
    for lang_dir in sorted(p for p in root.glob("*") if p.is_dir() and not p.name.startswith(".")):
        for folder in sorted(lang_dir.iterdir()):
            if (folder / MARKER).is_file() and not folder.name.startswith("."):
                found.append((lang_dir.name, folder.name, folder))
    return found


def model_for(lang: str, root: Path | None = None) -> ModelStatus:
    """The vosk model for ``lang``, or why there is none (the game then
    votes by buttons)."""
    root = root or models_dir()
    command = install_command(lang)
    mine = [path for lng, _, path in installed(root) if lng == lang]
    if not mine:
        return ModelStatus(lang, None, "speech.models.missing", {"lang": lang, "command": command})
    path = mine[-1]
    if not _is_model(path):
        return ModelStatus(lang, None, "speech.models.broken", {"path": str(path), "command": command})
    return ModelStatus(lang, path)


# -- download -----------------------------------------------------------------

def download(url: str, part: Path, *, timeout: float = 30.0,
             progress: Callable[[int, int | None], None] | None = None) -> Path:
    """Fetch ``url`` into ``part``, continuing from what ``part`` holds."""
    part.parent.mkdir(parents=True, exist_ok=True)
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "wakkerdam"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            if have and response.status != 206:   # the server ignored the range
                have = 0
            length = response.headers.get("Content-Length")
            total = have + int(length) if length is not None else None
            with open(part, "ab" if have else "wb") as out:
                done = have
                while True:
                    block = response.read(CHUNK)
                    if not block:
                        break
                    out.write(block)
                    done += len(block)
                    if progress:
                        progress(done, total)
                out.flush()
                os.fsync(out.fileno())
            if total is not None and done < total:
                raise InstallError("speech.models.download_failed", url=url,
                                   reason=f"connection closed after {done} of {total} bytes")
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:   # asked past the end: the file is already whole
            return part
        raise InstallError("speech.models.download_failed", url=url, reason=f"HTTP {exc.code}") from None
    except (urllib.error.URLError, http.client.HTTPException, OSError) as exc:
        reason = getattr(exc, "reason", None) or type(exc).__name__
        raise InstallError("speech.models.download_failed", url=url, reason=str(reason)) from None
    return part


def unpack(archive: Path, lang_dir: Path, spec: ModelSpec, measured: dict[str, Any], *,
           verify: Verify | None = None,
           report: Callable[[str, dict[str, Any]], None] | None = None) -> Path:
    """Unzip into a temporary folder beside the target, check it is one vosk
    model (and that it loads and hears, with ``verify``), then rename it
    into place (replacing an older install)."""
    lang_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=lang_dir))
    try:
        try:
            with zipfile.ZipFile(archive) as zf:
                for member in zf.namelist():
                    p = PurePosixPath(member)
                    if p.is_absolute() or ".." in p.parts:
                        raise InstallError("speech.models.bad_archive", name=spec.name,
                                           reason=f"unsafe path {member!r}")
                zf.extractall(tmp)
        except zipfile.BadZipFile as exc:
            raise InstallError("speech.models.bad_archive", name=spec.name, reason=str(exc)) from None
        tops = [p for p in tmp.iterdir() if not p.name.startswith("__MACOSX")]
        folder = tops[0] if len(tops) == 1 and tops[0].is_dir() else tmp
        missing = [p for p in MODEL_PARTS if not (folder / p).exists()]
        if missing:
            raise InstallError("speech.models.bad_archive", name=spec.name,
                               reason="no " + ", ".join(missing))
        test = None
        if verify is not None:
            try:
                test = verify(folder, spec.lang)
            except ModelError as exc:
                raise InstallError("speech.models.bad_archive", name=spec.name,
                                   reason=str(exc).splitlines()[0][:160]) from None
            if report and test is not None:
                report("speech.models.self_test", {"name": spec.name, "heard": test.heard,
                                                   "spoken": test.spoken})
        (folder / MARKER).write_text(json.dumps({
            "name": spec.name, "url": spec.url, **measured, "files": tree_digest(folder),
            "self_test": None if test is None else [test.heard, test.spoken]}))
        target = lang_dir / spec.name
        old = None
        if target.exists():
            old = lang_dir / f".old-{spec.name}-{os.getpid()}"
            target.rename(old)
        folder.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        for other in lang_dir.iterdir():    # one model per language
            if other.is_dir() and other.name != spec.name and not other.name.startswith("."):
                shutil.rmtree(other, ignore_errors=True)
        return target
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@dataclass(frozen=True)
class SelfTest:
    heard: int
    spoken: int


Verify = Callable[[Path, str], SelfTest | None]


def install(spec: ModelSpec, root: Path | None = None, *,
            verify: Verify | None = None,
            progress: Callable[[int, int | None], None] | None = None,
            report: Callable[[str, dict[str, Any]], None] | None = None) -> Path:
    """Download (resuming), check and unpack ``spec``; ``verify(folder,
    lang)`` loads the unpacked model and runs the self-test before it is
    put in place (``wakkerdam models`` passes ``load_and_test``)."""
    root = root or models_dir()
    part = root / ".downloads" / f"{spec.name}.zip.part"
    download(spec.url, part, progress=progress)
    size, sha = measure(part)
    if report:
        report("speech.models.measured", {"name": spec.name, "size": size, "sha256": sha})
    if spec.size is not None and size != spec.size:
        part.unlink()
        raise InstallError("speech.models.bad_size", name=spec.name, got=size, want=spec.size)
    if spec.sha256 is not None and sha != spec.sha256.lower():
        part.unlink()
        raise InstallError("speech.models.bad_checksum", name=spec.name, got=sha, want=spec.sha256)
    try:
        target = unpack(part, root / spec.lang, spec, {"size": size, "sha256": sha},
                        verify=verify, report=report)
    except InstallError:
        part.unlink()       # a wrong archive: fetching it again would not help
        raise
    part.unlink()
    return target


def tree_digest(folder: Path) -> str:
    """sha256 over every file's path and contents (the marker left out)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != MARKER):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(CHUNK), b""):
                digest.update(block)
    return digest.hexdigest()


def check_integrity(folder: Path) -> bool:
    """The unpacked files are still the ones installed."""
    try:
        marker = json.loads((folder / MARKER).read_text())
    except (OSError, ValueError):
        return False
    return bool(marker.get("files")) and marker["files"] == tree_digest(folder)


SELF_TEST_VOICE = {"nl": "nl", "de": "de", "en": "en-us"}


def load_and_test(folder: Path, lang: str) -> SelfTest | None:
    """Load the model (ModelError if it cannot) and let it hear a few of
    the pack's words spoken by espeak-ng: yes, no and the first seats.
    None when there is no espeak-ng to speak them."""
    from .audio import silence
    from .grammar import Grammar, Meaning, Vocabulary
    from .synth import SynthUnavailable, espeak
    from .vosk_backend import VoskRecognizer

    recognizer = VoskRecognizer(folder, cached=False)
    vocab = Vocabulary(voices.load(lang))
    words = [vocab.words("yes")[0], vocab.words("no")[0], *(vocab.seat(n)[0] for n in range(1, 6))]
    grammar = Grammar({w: Meaning("player", w) for w in words}, spelling=dict(vocab.spelling))
    heard = 0
    try:
        for word in words:
            audio = espeak(grammar.written(word), SELF_TEST_VOICE.get(lang, lang))
            hiss = np.random.default_rng(0).integers(-8, 9, len(audio) + 9600)
            said = np.concatenate([silence(0.3), audio, silence(0.3)]) + hiss
            heard += recognizer.recognize(said.astype(np.int16), grammar).text == word
    except SynthUnavailable:
        return None
    return SelfTest(heard, len(words))


# -- the command ----------------------------------------------------------------

def main(argv: list[str]) -> int:
    """``wakkerdam models [list | install LANG | check LANG | check whisper]``."""
    ui = os.environ.get("WAKKERDAM_LANG", voices.DEFAULT_LANGUAGE)
    pack = voices.load(ui if ui in voices.LANGUAGES else voices.DEFAULT_LANGUAGE)
    parser = Parser(prog="wakkerdam models",
                    description="Install and list speech models (vosk), check the Whisper model.")
    parser.add_argument("--dir", type=Path, help="where models live (default: $WAKKERDAM_MODELS "
                        "or ~/.local/share/wakkerdam/models)")
    sub = parser.add_subparsers(dest="action")
    sub.add_parser("list", help="installed and available models")
    inst = sub.add_parser("install", help="download, verify and unpack a language's model")
    inst.add_argument("lang")
    inst.add_argument("--url", help="another archive URL (a mirror, or a file:// path)")
    inst.add_argument("--sha256", help="the archive's expected sha256")
    inst.add_argument("--size", type=int, help="the archive's expected size in bytes")
    check = sub.add_parser("check", help="is the language's model there? (exit 1 if not); "
                           "whisper: hash the Whisper model, put it together again if it changed")
    check.add_argument("lang", help="nl, de, en or whisper")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:   # argparse has printed its one-line usage error
        return int(exc.code or 0)
    root = args.dir or models_dir()
    out = sys.stdout

    if args.action in (None, "list"):
        found = installed(root)
        for lang, name, path in found:
            print(pack.line("speech.models.installed", lang=lang, name=name, path=path), file=out)
        key, params = whisper_model.status(root)
        if not found and key != "speech.whisper.ready":
            print(pack.line("speech.models.none_installed"), file=out)
        print(pack.line(key, **params), file=out)
        for spec in MANIFEST.values():
            print(pack.line("speech.models.available", lang=spec.lang, name=spec.name,
                            mb=spec.approx_mb, url=spec.url), file=out)
        return 0

    if args.action == "check" and args.lang == "whisper":
        return _check_whisper(pack, root)

    if args.lang not in MANIFEST:
        print(pack.line("speech.models.unknown_lang", lang=args.lang,
                        choices=", ".join(MANIFEST)), file=sys.stderr)
        return 2

    if args.action == "check":
        status = model_for(args.lang, root)
        if status.path is None:
            print(status.message(pack), file=sys.stderr)
            return 1
        if not check_integrity(status.path):
            print(pack.line("speech.models.changed", path=status.path,
                            command=install_command(args.lang)), file=sys.stderr)
            return 1
        print(pack.line("speech.models.installed", lang=args.lang, name=status.path.name,
                        path=status.path), file=out)
        return 0

    spec = MANIFEST[args.lang]
    if args.url:
        spec = replace(spec, url=args.url)
    if args.sha256 or args.size is not None:
        spec = replace(spec, sha256=(args.sha256 or spec.sha256),
                       size=args.size if args.size is not None else spec.size)
    shown = [-1]

    def progress(done: int, total: int | None) -> None:
        step = done * 10 // total if total else done // (5 << 20)
        if step != shown[0]:
            shown[0] = step
            print(pack.line("speech.models.downloading", name=spec.name, done=done,
                            total=total if total is not None else "?"), file=out, flush=True)

    try:
        path = install(spec, root, verify=load_and_test, progress=progress,
                       report=lambda key, params: print(pack.line(key, **params), file=out))
    except InstallError as exc:
        print(pack.line(exc.key, **exc.params), file=sys.stderr)
        return 1
    print(pack.line("speech.models.done", name=spec.name, path=path), file=out)
    return 0


def _check_whisper(pack: voices.Pack, root: Path) -> int:
    """``models check whisper``: one line, exit 1 when it cannot be made right."""
    try:
        path, changed = whisper_model.check(root)
    except whisper_model.WhisperModelError as exc:
        print(pack.line(exc.key, **exc.params), file=sys.stderr)
        return 1
    if changed:
        print(pack.line("speech.whisper.repaired", name=whisper_model.NAME, path=path, files=", ".join(changed)))
    else:
        print(pack.line("speech.whisper.checked", name=whisper_model.NAME, path=path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
