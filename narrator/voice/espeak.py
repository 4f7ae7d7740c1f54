"""The espeak-ng command line as a backend: the default voice of the box.

One process per line (``espeak-ng -v VOICE -s RATE -p PITCH -a VOLUME
--stdout``, the text on stdin so a line starting with '-' is never read as an
option). It is the very engine pyttsx3 drives on Linux, but here each render
is isolated, killable on time-out, byte-identical from run to run, and a bad
voice id is refused instead of ignored.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

import numpy as np

from .messages import Audio, BackendUnavailable, Say, SpeechTimeout, VoiceConfigError, VoiceSettings
from .wavio import BadWav, decode_wav

EXECUTABLE = "espeak-ng"
NOT_INSTALLED = "espeak-ng is not installed (on Debian/Raspberry Pi OS: apt install espeak-ng)"


def _run(args: list[str], *, text: str = "", timeout: float = 10.0) -> subprocess.CompletedProcess[bytes]:
    exe = shutil.which(EXECUTABLE)
    if exe is None:
        raise BackendUnavailable(NOT_INSTALLED)
    try:
        return subprocess.run([exe, *args], input=text.encode("utf-8"), capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise SpeechTimeout(f"espeak-ng did not finish within {timeout:g} s") from None


@cache
def version() -> str:
    """espeak-ng's version line: part of every cache key (a new version may
    render the same text differently)."""
    out = _run(["--version"]).stdout.decode("utf-8", "replace").strip()
    return out.split("Data at:")[0].strip() or "espeak-ng"


def _parse_voice_list(listing: str) -> set[str]:
    names: set[str] = set()
    for row in listing.splitlines()[1:]:
        cols = row.split()
        if len(cols) >= 5:
            # Pty Language Age/Gender VoiceName File [Other languages]
            names.update({cols[1].lower(), cols[3].lower(), cols[4].lower()})
            names.add(cols[4].rsplit("/", 1)[-1].lower())
    return names


@cache
def known_voices() -> frozenset[str]:
    """Every language code, voice name and voice file espeak-ng accepts
    (its MBROLA voices are listed apart: ``--voices=mb``)."""
    names = _parse_voice_list(_run(["--voices"]).stdout.decode("utf-8", "replace"))
    return frozenset(names | _parse_voice_list(_run(["--voices=mb"]).stdout.decode("utf-8", "replace")))


@cache
def known_variants() -> frozenset[str]:
    """The variant names usable after '+' (``f2``, ``klatt`` ...)."""
    names = _parse_voice_list(_run(["--voices=variant"]).stdout.decode("utf-8", "replace"))
    return frozenset(n.removeprefix("!v/") for n in names)


def check_voice(voice: str) -> None:
    """Raise VoiceConfigError unless espeak-ng knows ``voice`` (and its variant:
    espeak-ng silently ignores an unknown variant)."""
    base, _, variant = voice.partition("+")
    if base.lower() not in known_voices():
        raise VoiceConfigError(f"espeak-ng has no voice {base!r} (see `espeak-ng --voices`)")
    if variant and variant.lower() not in known_variants():
        raise VoiceConfigError(
            f"espeak-ng has no voice variant {variant!r} (see `espeak-ng --voices=variant`)")


#: where Debian's MBROLA voices live (package mbrola-nl2: /usr/share/mbrola/nl2/nl2)
MBROLA_DIRS = ("/usr/share/mbrola", "/usr/local/share/mbrola")


def check_mbrola(voice: str) -> None:
    """An ``mb-XX`` voice needs the mbrola program and the voice's diphone
    database; espeak-ng lists the voice without them (and then says
    nothing). BackendUnavailable, naming what to install, when one is missing."""
    name = voice.partition("+")[0].lower().removeprefix("mb-")
    package = f"mbrola-{name}"
    if shutil.which("mbrola") is None:
        raise BackendUnavailable(f"mbrola is not installed (apt install mbrola {package}, "
                                 "from Debian's non-free: ./dev.sh voices)")
    if not any(Path(d, name, name).is_file() or Path(d, name).is_file() for d in MBROLA_DIRS):
        raise BackendUnavailable(f"the MBROLA voice {name} is not installed (apt install "
                                 f"{package}, from Debian's non-free: ./dev.sh voices)")


class EspeakCli:
    """Renders through the ``espeak-ng`` executable."""

    name = "espeak-ng"

    def __init__(self, settings: VoiceSettings, *, timeout: float = 10.0) -> None:
        if shutil.which(EXECUTABLE) is None:
            raise BackendUnavailable(NOT_INSTALLED)
        check_voice(settings.voice)
        self.settings = settings
        self.timeout = timeout
        if settings.voice.lower().startswith("mb-"):
            check_mbrola(settings.voice)
            # a database that is there but broken (Debian's mbrola-nl1) speaks nothing
            if len(self.render(Say("ja", settings.voice)).samples) == 0:
                raise BackendUnavailable(f"the MBROLA voice {settings.voice} speaks nothing")

    def identity(self) -> str:
        return f"{self.name}|{version()}|{self.settings.identity()}"

    def render(self, say: Say) -> Audio:
        if not say.text.strip():
            return Audio(np.zeros(0, dtype=np.int16), 22050)
        s = self.settings
        args = ["-v", s.voice, "-s", str(s.rate), "-p", str(s.pitch), "-a", str(s.volume),
                "--stdout"]
        proc = _run(args, text=say.text, timeout=self.timeout)
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"
            raise BackendUnavailable(f"espeak-ng failed: {err}")
        try:
            return decode_wav(proc.stdout, "espeak-ng output")
        except BadWav as exc:
            raise BackendUnavailable(str(exc)) from None
