"""The real sounddevice microphone, without a sound card: ALSA's ``file``
plugin captures from a raw file (set up in ``~/.asoundrc`` before
sounddevice is imported, so the check runs in a child process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from narrator.hearing.synth import espeak

ROOT = Path(__file__).resolve().parent.parent

ASOUNDRC = """
pcm.capfile {{
    type file
    slave.pcm "null"
    file "/dev/null"
    infile "{infile}"
    format "raw"
}}
pcm.!default {{
    type asym
    capture.pcm {{
        type plug
        slave {{ pcm "capfile" format S16_LE rate 16000 channels 1 }}
    }}
    playback.pcm "null"
}}
"""

CHILD = textwrap.dedent("""
    import json, sys
    import sounddevice
    import voices
    from hardware.microphone import MicrophoneUnavailable, open_microphone
    from narrator.hearing.grammar import Vocabulary, pick_grammar
    from narrator.hearing.listen import Listener
    from narrator.hearing.sphinx_backend import PocketsphinxRecognizer
    try:
        mic = open_microphone()
    except MicrophoneUnavailable as exc:
        print(json.dumps({"unavailable": str(exc)}))
        sys.exit(0)
    players = ["Anna", "Brian", "Charles", "David"]
    grammar = pick_grammar(Vocabulary(voices.load("en")), players[1:],
                           {p: i + 1 for i, p in enumerate(players)}, allow_none=True)
    listener = Listener(mic)
    level = listener.level_check(0.3)
    heard = listener.listen(timeout_s=3.0)
    text = PocketsphinxRecognizer().recognize(heard.audio, grammar).text if heard else None
    mic.close()
    print(json.dumps({"level": level.key, "text": text}))
""")


def test_real_capture_through_alsa_hears_a_vote(tmp_path):
    pytest.importorskip("sounddevice")
    rng = np.random.default_rng(1)
    hiss = (rng.standard_normal(16000 * 3) * 20).astype(np.int16)
    speech = np.concatenate([hiss[:8000], espeak("charles", "en-us+f2"), hiss])
    infile = tmp_path / "capture.raw"
    speech.astype("<i2").tofile(infile)
    (tmp_path / ".asoundrc").write_text(ASOUNDRC.format(infile=infile))
    env = {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if "unavailable" in result:
        pytest.skip(f"ALSA's file plugin is not usable here: {result['unavailable']}")
    assert result == {"level": "speech.level.ok", "text": "charles"}

