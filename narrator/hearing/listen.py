"""Listening for one answer: end-pointing or push-to-talk, and the level check.

Time is counted in audio read from the microphone, so a time-out means the
same with the real device and with the fake one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from hardware.microphone import Microphone

from .audio import dbfs
from .vad import Endpointer, VadSettings, frame_level_db

#: "the speaker holds their seat button": a callable that says whether it is
#: held now, or an Event that is set while it is held.
PushToTalk = Callable[[], bool] | threading.Event

#: receives the speech as it is captured (a streaming recognizer decodes
#: while the player speaks, so the answer is ready when the end is found)
Sink = Callable[[np.ndarray], None]

#: the speech-band level of a voice close to the microphone, short of
#: clipping (its peaks reach full scale about 6 dB above it)
LOUDEST_VOICE_DBFS = -6.0
#: how much more than the end-pointer's ``start_db`` a voice needs over the
#: room's floor to be heard whole, its quieter sounds too
HEADROOM_DB = 6.0

#: kept before and after the voice inside a press (a word's soft edges)
PTT_MARGIN_S = 0.15
#: inside a press, a frame is the voice's when it is this far over the
#: room's median level and not this far under the voice's loud part (a
#: word's soft sounds lie 10-20 dB under its vowels)
PTT_OVER_ROOM_DB = 6.0
PTT_UNDER_VOICE_DB = 25.0

#: told True when the speaker has paused long enough to decode what was
#: said so far, False when they speak on
OnPause = Callable[[bool], None]


@dataclass(frozen=True)
class Utterance:
    audio: np.ndarray        # int16 at the microphone's rate
    started_s: float         # audio clock at the start of the listen
    speech_end_s: float      # audio clock when the speaker fell silent
    detected_s: float        # audio clock when the end was detected


@dataclass(frozen=True)
class LevelReport:
    noise_dbfs: float
    peak_dbfs: float
    ok: bool
    #: a speech.level.* key: ok, silent (a dead or muted microphone), noisy
    key: str


def _held(ptt: PushToTalk) -> bool:
    return ptt.is_set() if isinstance(ptt, threading.Event) else bool(ptt())


class Listener:
    def __init__(self, mic: Microphone, settings: VadSettings | None = None) -> None:
        self.mic = mic
        self.settings = settings or VadSettings()
        self.rate = mic.sample_rate
        self.frame = self.settings.frame_len(self.rate)
        self.floor_db: float | None = None
        #: the room's median level around the last listen (talk included)
        self.room_db: float | None = None

    def listen(self, timeout_s: float, ptt: PushToTalk | None = None,
               sink: Sink | None = None, on_pause: OnPause | None = None) -> Utterance | None:
        """The next utterance, or None when nobody spoke within ``timeout_s``
        (with push-to-talk: nobody pressed and spoke in that time). ``sink``
        gets the utterance's audio while it is captured; ``on_pause`` hears
        of the speaker's pauses (``VadSettings.decode_after_ms``)."""
        self.mic.start()
        try:
            if ptt is not None:
                return self._listen_ptt(timeout_s, ptt, sink)
            return self._listen_vad(timeout_s, sink, on_pause)
        finally:
            self.mic.stop()

    def _listen_vad(self, timeout_s: float, sink: Sink | None = None,
                    on_pause: OnPause | None = None) -> Utterance | None:
        ep = Endpointer(self.settings, self.rate, self.floor_db, self.room_db)
        paused = False
        limit = int(timeout_s * 1000 / self.settings.frame_ms)
        hard_limit = limit + int(self.settings.max_speech_s * 1000 / self.settings.frame_ms) + 50
        n = 0
        while n < hard_limit:
            frame = self.mic.read(self.frame)
            event = ep.feed(frame)
            n += 1
            if sink is not None:
                if event == "start":
                    sink(ep.utterance())            # the pre-roll and the first frames
                elif ep.in_speech:
                    sink(frame)
            if on_pause is not None and ep.in_speech:
                if not paused and ep.quiet_ms >= self.settings.decode_after_ms:
                    paused = True
                    on_pause(True)
                elif paused and ep.quiet_ms == 0:
                    paused = False
                    on_pause(False)
            if event == "end":
                break
            if not ep.in_speech and n >= limit:
                self.floor_db, self.room_db = ep.floor_db, ep.room_db
                return None
        self.floor_db, self.room_db = ep.floor_db, ep.room_db
        if not ep.done:
            return None
        sec = self.settings.frame_ms / 1000
        end_frame = ep.speech_end_frame if ep.speech_end_frame is not None else n
        return Utterance(ep.utterance(), 0.0, end_frame * sec, n * sec)

    def _listen_ptt(self, timeout_s: float, ptt: PushToTalk,
                    sink: Sink | None = None) -> Utterance | None:
        limit = int(timeout_s * 1000 / self.settings.frame_ms)
        max_frames = int(self.settings.max_speech_s * 1000 / self.settings.frame_ms)
        frames: list[np.ndarray] = []
        n = 0
        while n < limit and not _held(ptt):
            self.mic.read(self.frame)
            n += 1
        while _held(ptt) and len(frames) < max_frames:
            frames.append(self.mic.read(self.frame))
            if sink is not None:
                sink(frames[-1])
            n += 1
        if not frames:
            return None
        # a press without a voice is no answer
        levels = [frame_level_db(f) for f in frames]
        if max(levels) < self.settings.min_speech_dbfs:
            return None
        sec = self.settings.frame_ms / 1000
        return Utterance(np.concatenate(self._voice_only(frames, levels)), 0.0, n * sec, n * sec)

    def _voice_only(self, frames: list[np.ndarray], levels: list[float]) -> list[np.ndarray]:
        """The held span without the room before and after the voice: a
        button is pressed before one speaks and let go after, and in a loud
        room that edge is other people's talk (measured: babble before the
        answer was heard as an answer of its own). Kept: from the first to
        the last frame over the room's level (from the level check) by
        ``PTT_OVER_ROOM_DB`` and within ``PTT_UNDER_VOICE_DB`` of the voice's
        loud part, with a margin of ``PTT_MARGIN_S``."""
        ordered = sorted(levels)
        loud = ordered[min(len(ordered) - 1, int(len(ordered) * self.settings.loud_quantile))]
        line = loud - PTT_UNDER_VOICE_DB
        if self.room_db is not None:
            line = max(line, self.room_db + PTT_OVER_ROOM_DB)
        voiced = [i for i, db in enumerate(levels) if db >= min(line, loud)]
        margin = round(PTT_MARGIN_S * 1000 / self.settings.frame_ms)
        return frames[max(0, voiced[0] - margin): voiced[-1] + 1 + margin]

    def level_check(self, seconds: float = 1.5) -> LevelReport:
        """Listen to the room for ``seconds`` at start-up: a dead microphone
        and a room too loud for end-pointing (advise push-to-talk) are
        reported; the noise floor found seeds the detector.

        "Too loud" is judged against the room itself, not a fixed level: a
        steady fan far over a quiet room's level leaves a voice free to stand
        out, a table's chatter does not. The room is too loud when its own
        sound, with nobody answering, would start an utterance in the
        end-pointer (people talking, music), or when its floor leaves a
        voice less than ``start_db`` (plus a margin) of room below clipping."""
        self.mic.start()
        try:
            frames = [self.mic.read(self.frame)
                      for _ in range(max(1, int(seconds * 1000 / self.settings.frame_ms)))]
        finally:
            self.mic.stop()
        audio = np.concatenate(frames)
        levels = sorted(frame_level_db(f) for f in frames)
        floor = levels[len(levels) // 5]   # the quieter part of the room
        peak = float(20 * np.log10(max(1, int(np.max(np.abs(audio.astype(np.int32))))) / 32768))
        self.floor_db = floor
        self.room_db = levels[len(levels) // 2]
        if dbfs(audio) <= -100:
            return LevelReport(floor, peak, False, "speech.level.silent")
        if floor > LOUDEST_VOICE_DBFS - self.settings.start_db - HEADROOM_DB \
                or self._room_starts_speech(frames):
            return LevelReport(floor, peak, False, "speech.level.noisy")
        return LevelReport(floor, peak, True, "speech.level.ok")

    def _room_starts_speech(self, frames: list[np.ndarray]) -> bool:
        """Whether the end-pointer, fed the room alone, would hear an answer."""
        # judged without the start over the room's own level, which would
        # hide the very sound asked about
        ep = Endpointer(replace(self.settings, start_over_room_db=None), self.rate)
        return any(ep.feed(f) == "start" for f in frames)
