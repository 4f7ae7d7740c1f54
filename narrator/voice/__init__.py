"""The voice of the box: text-to-speech, a render cache, playback, sound cues.

Use::

    from narrator.voice import make_speaker
    speaker = make_speaker(voices.load("nl"), wav_path=None, fast=False)
    speaker.prefetch(lines_coming_up)     # render ahead, in the background
    speaker.cue("night"); speaker.say(text); speaker.silence(2.5)
    speaker.wait_until_done(); speaker.close()

Which voice speaks: the best of the pack's ``voices`` installed here
(``backend: best``; Piper, MBROLA through espeak-ng), espeak-ng's own voice
last; measured in ``bench/narration_quality.py``, see docs/voice.md. Every
line is levelled to the pack's loudness (``loudness.py``, ITU-R BS.1770).
The engine underneath, and why: **the espeak-ng command line**.
pyttsx3 (the design card's library) drives the very same engine on Linux
(libespeak-ng), so the voice is the same, but measured here pyttsx3 2.99
returns from ``runAndWait()`` before its file is written, can hang, keeps only
the last of several queued saves, ignores a bad voice id and prints on every
save (and, measured while building this, now and then saves an empty file).
Calling ``espeak-ng --stdout`` per line gives the same audio with none of
that: byte-identical output (so the cache and the tests can trust it), a
refused bad voice, a process that can be killed on a time-out, nothing shared
between threads, and ~15-40 ms per sentence here. pyttsx3 stays available
(``backend="pyttsx3"``), wrapped so that each render is one verified
utterance in a child process with a time-out. Piper (``backend="piper"``) is
the better-sounding choice where a voice file is installed (English only
here); it takes 0.2-1.3 s per sentence, which the cache and ``prefetch``
absorb. ``bench/narration_latency.py`` measures all three.

``fast`` mode with no ``wav_path`` renders nothing at all (nobody would hear
it): tests and ``demo --fast`` run at the speed of text.

With no sound card the audio goes to a WAV file (``wav_path`` or
``~/.cache/wakkerdam/narration-<start time>-<pid>.wav``, one for each run) and the text to the terminal: reported
once, never a crash.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .backends import BACKENDS, BEST, DEFAULT_BACKEND, Synthesizer, best_backend, make_backend
from .cache import RenderCache, Renderer, default_cache_dir
from .cues import Cue, cue_samples
from .messages import (
    SAMPLE_RATE,
    Audio,
    BackendUnavailable,
    Say,
    SpeechTimeout,
    VoiceConfigError,
    VoiceError,
    VoiceSettings,
)
from .output import AudioOut, NullOut, SoundDeviceOut, TeeOut, WavFileSink
from .speaker import Reporter, Speaker

__all__ = [
    "BACKENDS", "BEST", "DEFAULT_BACKEND", "SAMPLE_RATE", "Audio", "AudioOut", "BackendUnavailable",
    "Cue", "NullOut", "RenderCache", "Renderer", "Say", "SoundDeviceOut", "Speaker",
    "SpeechTimeout", "Synthesizer", "TeeOut", "VoiceConfigError", "VoiceError",
    "VoiceSettings", "WavFileSink", "cue_samples", "default_cache_dir", "make_backend",
    "make_speaker", "settings_for",
]


#: how far the night's ambience lies under the voice (LU): heard, never in the way
AMBIENCE_UNDER_LU = 24.0


def settings_for(pack: Any) -> VoiceSettings:
    """The speech settings of a ``voices.Pack`` (its ``voice.yaml``)."""
    return VoiceSettings.from_mapping(pack.voice, lang=pack.lang)


def default_wav_path() -> Path:
    """Where this run's narration goes with no sound card: a file of its own,
    so a second game never overwrites the first one's recording."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return default_cache_dir().parent / f"narration-{stamp}-{os.getpid()}.wav"


def _fallback_sink(rate: int) -> tuple[AudioOut, str]:
    """Where the voice goes with no sound card and no ``--wav``: the default
    WAV file, or (if even that cannot be written) nowhere, keeping time."""
    try:
        sink = WavFileSink(default_wav_path(), rate, pace=True, fill_gaps=True)
        return sink, str(sink.path)
    except VoiceError:
        return NullOut(rate, pace=True), ""


def _print_line(text: str) -> None:
    print(text, flush=True)


def _print_warning(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def make_speaker(pack: Any, *, wav_path: str | Path | None = None, fast: bool = False,
                 cues: bool = True, backend: str | None = None,
                 cache_dir: str | Path | None = None,
                 echo: bool | Callable[[str], None] | None = None,
                 warn: Callable[[str], None] | None = None,
                 open_device: Callable[[int], AudioOut] | None = None,
                 outdoors: bool = False, night_sounds: bool = False) -> Speaker:
    """A ready Speaker for ``pack`` (``voices.load(lang)``).

    - ``wav_path``: also record everything said, in order, into this WAV file.
    - ``fast``: no real waits and no sound card (tests, ``demo --fast``); the
      audio is still rendered and written to ``wav_path`` if given.
    - ``cues``: play the sound cues (night, dawn, vote, shot).
    - ``backend``: ``best`` (the packs' choice: the best of the pack's
      ``voices`` installed here, espeak-ng's own voice last), ``espeak-ng``,
      ``pyttsx3`` or ``piper``; one that cannot run here is reported once
      and espeak-ng is used instead; with no engine at all the box goes on
      in text only.
    - ``cache_dir``: where rendered lines are kept (default
      ``~/.cache/wakkerdam/tts``).
    - ``echo``: print each line to the terminal: True, False, a callable, or
      None = only when there is no sound card.
    - ``warn``: where the once-only reports go (default: stderr).
    - ``open_device``: the seam for tests; default opens sounddevice.
    - ``outdoors``: a battery kit's night outside: every line louder
      (the pack's ``outdoors_loudness``), peaks softly limited.
    - ``night_sounds``: Maneschijn nights: the ambience under the night and
      the owl at each call (``Speaker.night_sounds`` can change it later).

    Raises VoiceConfigError (one clear message) when the pack's voice
    settings are wrong.
    """
    settings = settings_for(pack)
    reporter = Reporter(pack, warn or _print_warning)

    synth: Synthesizer | None
    chosen = backend or settings.backend or DEFAULT_BACKEND
    try:
        # the best voice installed is the normal case, not worth a warning
        synth = best_backend(settings)[0] if chosen == BEST else make_backend(settings, chosen)
    except BackendUnavailable as exc:
        synth = None
        if chosen not in (DEFAULT_BACKEND, BEST):  # best has tried espeak-ng already
            try:
                synth = make_backend(settings, DEFAULT_BACKEND)
                reporter.once("voice.backend_unavailable", backend=chosen, reason=str(exc),
                              fallback=DEFAULT_BACKEND)
            except BackendUnavailable as exc2:
                exc = exc2
        if synth is None:
            reporter.once("voice.no_speech", reason=str(exc))

    cache_root = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cache = RenderCache(cache_root, on_disk_error=lambda d, r: reporter.once(
        "voice.cache_unwritable", path=str(d), reason=r))
    level = settings.outdoors_loudness if outdoors else settings.loudness
    renderer = Renderer(synth, cache, pack.lang, loudness=level,
                        limit=outdoors) if synth is not None else None

    record = Path(wav_path) if wav_path is not None else None
    out: AudioOut
    device: AudioOut | None = None
    if fast:
        out = WavFileSink(record, pace=False) if record else NullOut(pace=False)
    else:
        try:
            device = (open_device or (lambda rate: SoundDeviceOut(rate)))(SAMPLE_RATE)
        except BackendUnavailable as exc:
            if record is not None:  # asked for: a file that cannot be written is an error
                out = WavFileSink(record, pace=True, fill_gaps=True)
                where = str(record)
            else:
                out, where = _fallback_sink(SAMPLE_RATE)
            if where:
                reporter.once("voice.no_sound_device", reason=str(exc), path=where)
            else:
                reporter.once("voice.no_sound_device_text_only", reason=str(exc))
        if device is not None:
            # The card paces; the record only keeps the timeline.
            out = device if record is None else TeeOut(
                device, WavFileSink(record, device.sample_rate, pace=False, fill_gaps=True))

    def fallback() -> tuple[AudioOut, str]:
        # The sound card vanished mid-game: keep the record if there is one.
        if isinstance(out, TeeOut):
            sink = out.outs[1]
            assert isinstance(sink, WavFileSink)
            sink.pace = True
            return sink, str(sink.path)
        return _fallback_sink(out.sample_rate)

    if echo is None:
        echo = device is None
    echo_fn = _print_line if echo is True else (echo or None)
    return Speaker(pack, renderer, out, fast=fast, cues=cues, echo=echo_fn,
                   reporter=reporter, fallback=fallback if device is not None else None,
                   words_per_minute=settings.rate, night_sounds=night_sounds,
                   night_lufs=level - AMBIENCE_UNDER_LU)
