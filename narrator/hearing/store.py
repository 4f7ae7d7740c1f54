"""Where the speech models live on disk, and how a file of one is measured:
what the vosk installs (``models.py``) and the Whisper model
(``whisper_model.py``) share, below both."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

#: the file in a model's folder that says what was installed there
MARKER = ".wakkerdam-model.json"
CHUNK = 1 << 16


def models_dir() -> Path:
    """``$WAKKERDAM_MODELS``, else ``$XDG_DATA_HOME/wakkerdam/models``
    (``~/.local/share`` without it)."""
    env = os.environ.get("WAKKERDAM_MODELS")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wakkerdam" / "models"


def measure(path: Path) -> tuple[int, str]:
    """A file's size and sha256."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(CHUNK), b""):
            digest.update(block)
    return path.stat().st_size, digest.hexdigest()
