"""The vosk (Kaldi) backend: a grammar recognizer with word confidences.

Kaldi adds random dither to the signal by default, so the same audio can
decode differently run to run. ``repeatable_copy`` makes a copy of a model
whose ``conf/mfcc.conf`` turns dither off; the large files are linked, not
copied, and the original (perhaps in site-packages) is never touched.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import WakkerdamError

from .grammar import Grammar
from .recognizer import Heard, Word, heard_from_words


class ModelError(WakkerdamError, RuntimeError):
    """A model that is missing or cannot be loaded (one line)."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wakkerdam"


def repeatable_copy(model: Path, where: Path | None = None) -> Path:
    """A copy of ``model`` with ``--dither=0``, made once per model."""
    model = Path(model).resolve()
    conf = model / "conf" / "mfcc.conf"
    if not conf.is_file():
        raise ModelError(f"{model} is not a vosk model (no conf/mfcc.conf)")
    key = hashlib.sha256(f"{model}|{conf.stat().st_mtime_ns}".encode()).hexdigest()[:16]
    root = (where or cache_dir() / "vosk") / f"{model.name}-{key}"
    if (root / "conf" / "mfcc.conf").is_file():
        return root
    root.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=root.parent))
    try:
        for entry in model.iterdir():
            if entry.name == "conf":
                shutil.copytree(entry, tmp / "conf")
            else:
                (tmp / entry.name).symlink_to(entry)
        lines = [ln for ln in (tmp / "conf" / "mfcc.conf").read_text().splitlines()
                 if not ln.strip().startswith("--dither")]
        (tmp / "conf" / "mfcc.conf").write_text("\n".join(lines + ["--dither=0"]) + "\n")
        try:
            tmp.rename(root)
        except OSError:   # another process made it first
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return root


@cache
def load_model(path: str) -> Any:
    """Load a model once per process (it takes seconds and hundreds of MB)."""
    try:
        import vosk
    except ImportError:
        raise ModelError("vosk is not installed (pip install vosk)") from None
    vosk.SetLogLevel(-2)   # its warnings would go to the console in the middle of a game
    try:
        return vosk.Model(path)
    except Exception as exc:  # vosk raises a bare Exception on a bad model
        raise ModelError(f"cannot load the vosk model in {path}: {exc}") from None


def _dither(samples: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Without Kaldi's dither, digital silence (exact zeros, as in files and
    fakes) makes the features degenerate and words are lost; a seeded dither
    of two steps keeps the decoding repeatable and the words found."""
    noise = rng.integers(-2, 3, len(samples))
    return np.asarray(np.clip(samples.astype(np.int32) + noise, -32768, 32767), dtype=np.int16)


class VoskRecognizer:
    name = "vosk"
    hears_yes = True

    def __init__(self, model_path: str | Path, threshold: float = 0.75,
                 sample_rate: int = 16_000, repeatable: bool = True, cached: bool = True) -> None:
        path = repeatable_copy(Path(model_path)) if repeatable else Path(model_path)
        self.repeatable = repeatable
        # uncached: a model loaded once (the install's self-test) is freed after
        self.model = load_model(str(path)) if cached else load_model.__wrapped__(str(path))
        self.threshold = threshold
        self.sample_rate = sample_rate
        self._unk = self.model.vosk_model_find_word("[unk]") >= 0

    def can_say(self, word: str) -> bool:
        return bool(self.model.vosk_model_find_word(word) >= 0)

    def describe(self) -> str:
        return "vosk"

    def recognize(self, audio: np.ndarray, grammar: Grammar) -> Heard:
        stream = self.stream(grammar)
        stream.feed(audio)
        return stream.finish()

    def stream(self, grammar: Grammar) -> VoskStream:
        # vosk takes whole phrases (it builds its own graph): the expansion
        phrases = sorted(grammar.keep_only(w for w in grammar.words if self.can_say(w)).phrases)
        if phrases and self._unk:   # lets speech outside the grammar land somewhere harmless
            phrases.append("[unk]")
        return VoskStream(self, phrases)


class VoskStream:
    def __init__(self, owner: VoskRecognizer, phrases: list[str]) -> None:
        self.owner = owner
        self.rec = None
        # a fixed seed: the same audio fed the same way decodes the same
        self.rng = np.random.default_rng(0) if owner.repeatable else None
        if phrases:
            from vosk import KaldiRecognizer

            self.rec = KaldiRecognizer(owner.model, owner.sample_rate,
                                       json.dumps(phrases, ensure_ascii=False))
            self.rec.SetWords(True)

    def feed(self, audio: np.ndarray) -> None:
        if self.rec is None or len(audio) == 0:
            return
        samples = np.asarray(audio, dtype=np.int16)
        if self.rng is not None:
            samples = _dither(samples, self.rng)
        self.rec.AcceptWaveform(samples.tobytes())

    def pause(self, paused: bool) -> None:
        """Nothing to do ahead: Kaldi decodes as the audio comes."""

    def finish(self) -> Heard:
        if self.rec is None:
            return Heard("", 0.0)
        result = json.loads(self.rec.FinalResult())
        words = [Word(w["word"], float(w.get("conf", 0.0))) for w in result.get("result", [])]
        if any(w.text == "[unk]" for w in words):
            return Heard("", 0.0, tuple(words), rejected=True)
        return heard_from_words(words)
