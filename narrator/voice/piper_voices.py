"""Piper's voices the packs may speak with: the catalogue (sizes and md5s
from Piper's own ``voices.json``) and where an installed one is found.
Read by the voice (``piper_tts``) and by ``wakkerdam voices install``
(``install``), which puts them there."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from narrator.hearing.models import models_dir

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
