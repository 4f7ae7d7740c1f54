"""The box's memory over a whole game, both recognizers loaded.

One fresh process a language does what the box does in a game with spoken
votes: it loads the recognizers as the box chooses them (Whisper and
pocketsphinx, two opinions), narrates a whole bot game with the pack's best
installed voice (every line rendered, levelled and kept in the speech cache,
the WAV written), and hears every vote of that game spoken by a simulated
voter through the fake microphone (the box's level check, end-pointer,
dialogue and repetition). Printed: the process's peak resident memory
(VmHWM, the kernel's own count) and its resident memory at the end, with how
many lines were said and votes heard.

    python bench/game_memory.py [--lang nl de en] [--players 10] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, tempfile
sys.path.insert(0, '.')
import numpy as np
import voices
from engine import Game
from hardware.microphone import FakeMicrophone
from narrator.demo import deal, run_bot_game
from narrator.hearing.dialogue import VoteDialogue
from narrator.hearing.grammar import Vocabulary
from narrator.hearing.listen import Listener
from narrator.hearing.setup import default_recognizer
from narrator.hearing.simulate import SimulatedTable
from narrator.hearing.synth import speak

lang, players, seed, voice = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
def status(key):
    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key)) / 1024

recognizer, notices = default_recognizer(lang, order=("whisper", "pocketsphinx"))
loaded = status("VmHWM")
setup = deal(players, seed, None, {}, ())
with tempfile.TemporaryDirectory() as d:
    game = run_bot_game(setup, lang=lang, fast=True, wav=f"{d}/game.wav", quiet_stdout=True)
    narrated = status("VmHWM")
    pack = voices.load(lang).playing(setup.variants)
    vocab = Vocabulary(pack)
    seats = {p: i + 1 for i, p in enumerate(setup.players)}
    hiss = (np.random.default_rng(1).standard_normal(16000 * 7) * 10).astype(np.int16)
    mic = FakeMicrophone(noise=hiss)
    listener = Listener(mic)
    listener.level_check()
    try:
        table = SimulatedTable(pack, mic, lambda text: speak(text, voice), seats=seats)
    except TypeError:   # the code before this bench (a before/after run)
        table = SimulatedTable(pack, mic, lambda text: speak(text, voice))
    def buttons(q):     # the voter's seat button, pressed right (a repetition confirmed)
        meant = table.truth[q.seats[0]]
        return q.params.get("target") == meant if q.kind == "yes_no" else ((meant,) if meant else ())
    dialogue = VoteDialogue(pack=pack, recognizer=recognizer, listener=listener, say=table.say,
                            seats=seats, fallback=buttons)
    votes = right = 0
    replay = Game(setup)
    for decision in game.decisions:
        req = replay.request
        if req is not None and req.ballot and isinstance(decision, dict):
            for voter, target in decision.items():
                if isinstance(target, list):
                    continue
                options = [p for p in req.choices if p != voter]
                table.truth = {voter: target}
                table.phrase = {}
                ballot = dialogue.pick(voter, options or list(setup.players), allow_none=True)
                votes += 1
                right += ballot.choice == target and ballot.via == 'voice'
                if '-v' in sys.argv: print(voter, target, ballot, table.lines[-4:], file=sys.stderr)
                mic.clear()
        replay.apply(decision)
print(json.dumps({"loaded_mb": loaded, "narrated_mb": narrated,
                  "peak_mb": status("VmHWM"), "end_mb": status("VmRSS"), "votes": votes,
                  "right": right, "recognizer": recognizer.name if recognizer else None}))
"""

VOICE = {"nl": "nl+m2/145/40", "de": "de+m2/145/40", "en": "en-us+m2/145/40"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="*", default=["nl", "de", "en"])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'lang':<4} {'recognizer':<22} {'votes':>5} {'right':>5} {'loaded':>7} "
          f"{'narrated':>8} {'peak MB':>8} {'end MB':>7}")
    for lang in args.lang:
        env = dict(os.environ)
        env.pop("WAKKERDAM_RECOGNIZER", None)
        with tempfile.TemporaryDirectory() as cache:
            env["XDG_CACHE_HOME"] = cache           # a box's first game: nothing cached yet
            done = subprocess.run([sys.executable, "-c", CHILD, lang, str(args.players),
                                   str(args.seed), VOICE[lang]], cwd=ROOT, env=env,
                                  capture_output=True, text=True, check=False)
        try:
            r = json.loads(done.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            print(f"# {lang}: {done.stderr.strip()[-400:]}", file=sys.stderr)
            continue
        print(f"{lang:<4} {r['recognizer']!s:<22} {r['votes']:>5} {r['right']:>5} "
              f"{r['loaded_mb']:7.0f} {r['narrated_mb']:8.0f} {r['peak_mb']:8.0f} "
              f"{r['end_mb']:7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
