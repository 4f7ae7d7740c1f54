"""Child process that renders with Piper, one line per request.

Run as ``python -m narrator.voice._piper_worker MODEL.onnx``. Piper's
onnxruntime session takes about 200 MB while it renders (measured: 27 MB
before loading, 229 MB after a few lines); in a child of its own that stays
out of the game's process, which holds the recognizers (the issue's budget:
300 MB with both), and a hung render is killed without the game.

Protocol: one JSON object per line on stdin ``{"text", "length_scale",
"volume"}``; on stdout one JSON line ``{"rate": R, "samples": N}`` (or
``{"error": "..."}``) followed by N int16 samples, little-endian.
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np


def main(model: str) -> int:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)    # anything the library prints
    from piper import PiperVoice, SynthesisConfig

    try:
        voice = PiperVoice.load(model)
    except Exception as exc:  # a broken model file: said once, by the parent
        out.write((json.dumps({"error": f"Piper cannot load {os.path.basename(model)}: {exc}"})
                   + "\n").encode())
        out.flush()
        return 1
    rate = int(voice.config.sample_rate)
    for line in sys.stdin:
        req = json.loads(line)
        config = SynthesisConfig(length_scale=float(req["length_scale"]), volume=float(req["volume"]))
        chunks = [c.audio_int16_array for c in voice.synthesize(str(req["text"]), syn_config=config)]
        samples = np.concatenate(chunks).astype("<i2") if chunks else np.zeros(0, "<i2")
        out.write((json.dumps({"rate": rate, "samples": len(samples)}) + "\n").encode())
        out.write(samples.tobytes())
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
