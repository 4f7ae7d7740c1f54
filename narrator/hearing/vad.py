"""Voice activity detection and end-pointing on 30 ms frames.

A frame is speech when two detectors agree: WebRTC's voice-activity
detector (``webrtcvad-wheels``: a small C library with wheels for the Pi,
about 30 µs a frame) says it sounds like a voice, and its energy in the
speech band (250-4000 Hz, which leaves out most of the rumble of wind) is
``start_db`` above a noise floor that follows the room. Either alone fails
at a table: energy calls music and wind speech, WebRTC calls the whole
babble of a room speech. ``detector="energy"`` keeps the first version's
energy-only detector for comparison.

Speech starts after ``start_ms`` of speech frames and ends after
``end_silence_ms`` of quiet; "quiet" is also relative to the speaker: a
frame ``below_speech_db`` under the utterance's loud part counts as quiet,
so a room's babble cannot hold an utterance open. But only as far as the
room allows: that line never lies more than ``over_room_db`` above the
room's own level, so in a quiet room a speaker's quieter words (Piper's
"seat five" 13 dB under its "i vote") stay speech, while in babble the
line sits over the room's voices. A little audio before the start is kept
so the first sound is whole.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class VadSettings:
    frame_ms: int = 30
    start_ms: int = 90            # this much speech in a row starts an utterance
    end_silence_ms: int = 400     # this much quiet after speech ends it (budget: 500 ms)
    #: after this much quiet the recognizer decodes what it has, while the
    #: end-pointer waits out the rest: the answer is ready when the end is
    #: found (speech that goes on throws that decoding away). 250 ms was
    #: measured (docs/hearing.md): more babble answers right, but a short
    #: "yes" refused by the phone margin (flite-kal, every time)
    decode_after_ms: int = 150
    preroll_ms: int = 300         # kept from before the start
    max_speech_s: float = 6.0     # a stuck noise cannot hold the floor longer
    start_db: float = 10.0        # above the noise floor: speech
    stop_db: float = 6.0          # below floor + this: quiet (hysteresis)
    min_speech_dbfs: float = -55.0  # never call quieter sounds speech
    calibrate_frames: int = 6     # measure the room first when no floor is known
    floor_frames: int = 50        # the noise floor follows the last 1.5 s of quiet
    detector: str = "webrtc"      # or "energy" (the first version's)
    webrtc_mode: int = 2          # 0 (lenient) .. 3 (strict)
    below_speech_db: float = 9.0   # this far below the utterance's loud part is quiet
    #: the utterance's loud part: this quantile of its voiced frames' levels
    loud_quantile: float = 0.97
    #: the speaker's line for quiet never lies more than this over the room's
    #: median level before the speech (None: no cap, as before). Without it,
    #: the line above cut Piper's "i vote | seat five" in a quiet room
    over_room_db: float | None = 10.0
    #: the room's level for that: this quantile of its frames before the speech
    room_quantile: float = 0.5
    #: speech starts only this far over the room's median level too (None:
    #: the floor alone, as before): in babble, after an answer was refused,
    #: the room's voices started utterances of their own, and those were
    #: taken for votes ("i pick seat one please")
    start_over_room_db: float | None = 10.0

    def frame_len(self, rate: int) -> int:
        return rate * self.frame_ms // 1000


#: however quiet the room, a frame this far under the speaker's loud part is quiet
QUIET_BELOW_SPEECH_DB = 20.0
#: this many frames of the room before the speech measure it (300 ms)
ROOM_FRAMES = 10

#: the band where speech carries its energy (first and second formants);
#: wind, traffic and hum lie mostly below it
BAND_HZ = (250.0, 4000.0)


def frame_level_db(frame: np.ndarray, rate: int = 16_000) -> float:
    """Level of one frame in the speech band, in dB relative to full scale."""
    x = frame.astype(np.float64)
    if len(x) < 2:
        return -120.0
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x)))) ** 2
    freqs = np.fft.rfftfreq(len(x), 1.0 / rate)
    band = spectrum[(freqs >= BAND_HZ[0]) & (freqs <= BAND_HZ[1])]
    # Parseval with the Hann window's power (3/8): a full-scale sine in band reads about -3 dB
    power = float(np.sum(band)) * 2 / (len(x) ** 2 * 0.375)
    return 10 * np.log10(power / 32768.0**2) if power > 0 else -120.0


def _webrtc(mode: int) -> Any:
    try:
        import webrtcvad
    except ImportError:
        return None         # energy alone, as before (said by ``voice_detector``)
    return webrtcvad.Vad(mode)


def voice_detector(settings: VadSettings) -> Callable[[np.ndarray, int], bool] | None:
    """A frame -> "sounds like a voice" test, or None for energy alone."""
    if settings.detector != "webrtc":
        return None
    vad = _webrtc(settings.webrtc_mode)
    if vad is None:
        return None
    return lambda frame, rate: bool(vad.is_speech(np.asarray(frame, np.int16).tobytes(), rate))


class Endpointer:
    """Feed frames in order; ``feed`` returns "start" when speech begins and
    "end" when it has ended (then ``utterance()`` holds the audio)."""

    def __init__(self, settings: VadSettings, rate: int = 16_000, floor_db: float | None = None,
                 room_db: float | None = None):
        self.s = settings
        self.rate = rate
        # without a floor from an earlier listen, the first frames measure it
        self._calibrating = 0 if floor_db is not None else settings.calibrate_frames
        self.floor_db = -70.0 if floor_db is None else floor_db
        self._recent: deque[float] = deque(maxlen=settings.floor_frames)
        if floor_db is not None:
            self._recent.append(floor_db)
        self._pre: deque[np.ndarray] = deque(maxlen=max(1, settings.preroll_ms // settings.frame_ms))
        self._speech: list[np.ndarray] = []
        self._run = 0
        self._quiet = 0
        self.in_speech = False
        self.done = False
        self.frames_seen = 0
        self.speech_end_frame: int | None = None
        self._voice = voice_detector(settings)
        self._loud: list[float] = []
        #: every frame outside speech, voiced or not: how loud the room is
        #: (babble is voiced, so the noise floor leaves it out)
        self._room: deque[float] = deque(maxlen=settings.floor_frames * 2)
        #: the room as the last listen left it: stands in for the room when
        #: the speaker starts before ``ROOM_FRAMES`` of it were heard
        self._room_before = room_db
        #: the room's level (``room_quantile``) when the speech started
        self._room_at_start: float | None = None

    def _threshold(self, db: float) -> float:
        return max(self.floor_db + db, self.s.min_speech_dbfs)

    def feed(self, frame: np.ndarray) -> str | None:
        if self.done:
            return None
        self.frames_seen += 1
        level = frame_level_db(frame, self.rate)
        voiced = self._voice is None or self._voice(frame, self.rate)
        if self._calibrating:
            self._calibrating -= 1
            self._pre.append(frame)
            self._track_floor(level)
            return None
        if not self.in_speech:
            self._room.append(level)
            self._pre.append(frame)
            if voiced and level > self._start_threshold():
                self._run += 1
                if self._run * self.s.frame_ms >= self.s.start_ms:
                    self.in_speech = True
                    self._room_at_start = self._room_now(self.s.room_quantile)
                    self._speech = list(self._pre)
                    self._quiet = 0
                    return "start"
            else:
                self._run = 0
                self._track_floor(level)
            return None
        self._speech.append(frame)
        if voiced and level >= self._threshold(self.s.stop_db):
            self._loud.append(level)
        if not voiced or level < self._stop_threshold():
            self._quiet += 1
        else:
            self._quiet = 0
        speech_ms = len(self._speech) * self.s.frame_ms
        if self._quiet * self.s.frame_ms >= self.s.end_silence_ms or speech_ms >= self.s.max_speech_s * 1000:
            self.done = True
            self.speech_end_frame = self.frames_seen - self._quiet
            return "end"
        return None

    @property
    def quiet_ms(self) -> int:
        """How long the speaker has been quiet (0 while speaking)."""
        return self._quiet * self.s.frame_ms if self.in_speech else 0

    @property
    def room_db(self) -> float | None:
        """The median level around the speech: the room, people talking included."""
        return self._room_level(0.5)

    def _room_now(self, quantile: float) -> float | None:
        """The room's level, from the last listen's until enough of it was heard."""
        if len(self._room) < ROOM_FRAMES and self._room_before is not None:
            return self._room_before
        return self._room_level(quantile)

    def _start_threshold(self) -> float:
        line = self._threshold(self.s.start_db)
        room = self._room_now(0.5) if self.s.start_over_room_db is not None else None
        return line if room is None else max(line, room + self.s.start_over_room_db)

    def _room_level(self, quantile: float) -> float | None:
        if not self._room:
            return None
        ordered = sorted(self._room)
        return ordered[min(len(ordered) - 1, int(len(ordered) * quantile))]

    def _stop_threshold(self) -> float:
        floor = self._threshold(self.s.stop_db)
        if self._voice is None or not self._loud:
            return floor
        ordered = sorted(self._loud)
        loud = ordered[min(len(ordered) - 1, int(len(ordered) * self.s.loud_quantile))]
        line = loud - self.s.below_speech_db
        if self.s.over_room_db is not None and self._room_at_start is not None:
            # but never under the first version's line (20 dB under), which
            # cut a short answer's faint tail in a quiet room: flite-kal's
            # "yes" decoded with it was refused by the phone margin
            line = max(min(line, self._room_at_start + self.s.over_room_db),
                       loud - QUIET_BELOW_SPEECH_DB)
        return max(floor, line)

    def _track_floor(self, level: float) -> None:
        # a low percentile of the recent quiet: the start of a voice, which
        # is not yet called speech, does not lift the floor
        self._recent.append(level)
        ordered = sorted(self._recent)
        self.floor_db = ordered[len(ordered) // 4]

    def utterance(self) -> np.ndarray:
        if not self._speech:
            return np.zeros(0, dtype=np.int16)
        return np.concatenate(self._speech)
