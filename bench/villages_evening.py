"""Dorpen, verenigt U: an evening of three villages on a real mosquitto, clean
and with faults; prints the note's numbers side by side.

    python bench/villages_evening.py [--days 6] [--runs 1]

For each run: messages (all boxes' publishes) per day, the time for the
villages to agree on night after the last one was ready (ms: median, max), and
the fault figures (transfers, open at the end, doubled, resends, duplicates
dropped, reconnects, villages gone on without). The villages are the test box's
stand-in (tests/villages_box.py); the evening is the real one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.villages_rig import Rig  # noqa: E402


def clean(rig: Rig) -> str:
    return "none"


def broker_kills(rig: Rig, kills: int = 3) -> str:
    for _ in range(kills):
        reached = rig.lowest_step()
        deadline = time.monotonic() + 20
        while rig.lowest_step() < reached + 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        rig.broker.kill()
        time.sleep(0.3)
        rig.broker.start()
    return f"broker SIGKILLed {kills}x, back after 0.3 s"


def box_kills(rig: Rig) -> str:
    sender = rig.kill_when(Rig.sending)
    if sender:
        rig.spawn(sender)
    receiver = rig.kill_when(Rig.at_a_door)
    if receiver:
        time.sleep(2.0)
        rig.spawn(receiver)
    return f"{sender} SIGKILLed mid-send (back at once), {receiver} with a newcomer at its door (back after 2 s)"


def proxy_faults(rig: Rig) -> str:
    return "proxy doubles every 2nd PUBLISH, delays every 5th by 0.1 s"


RUNS = (
    ("clean", clean, {}),
    ("broker killed", broker_kills, {"wait": 4.0}),
    ("boxes killed", box_kills, {"wait": 1.0, "proxy": {"delay_every": 6, "delay_seconds": 0.2}}),
    ("doubled+delayed", proxy_faults, {"proxy": {"duplicate_every": 2, "delay_every": 5, "delay_seconds": 0.1}}),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=6)
    parser.add_argument("--runs", type=int, default=1, help="evenings per kind")
    args = parser.parse_args()
    print(f"{'run':16} {'s':>5} {'days':>4} {'msg/day':>7} {'agree ms med/max':>17} {'moves':>5} "
          f"{'open':>4} {'2x':>3} {'resend':>6} {'dups':>5} {'recon':>5} {'wenton':>6}  faults")
    for name, fault, kw in RUNS:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.monotonic()
                rig = Rig(Path(tmp), days=args.days, **kw).start()
                try:
                    what = fault(rig)
                    codes = rig.wait(120)
                    f = rig.figures()
                finally:
                    rig.close()
                took = time.monotonic() - t0
                agree = f["agree_night_ms"]
                agree_s = f"{statistics.median(agree):.1f}/{max(agree):.1f}" if agree else "-"
                ok = "" if set(codes.values()) == {0} else f"  exit codes {codes}"
                print(f"{name:16} {took:5.1f} {f['days']:4} {f['messages_per_day']:7} {agree_s:>17} "
                      f"{f['transfers']:5} {f['open_at_end']:4} {f['doubled']:3} {f['resends']:6} "
                      f"{f['duplicates_dropped']:5} {f['reconnects']:5} {f['went_on_without']:6}  {what}{ok}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
