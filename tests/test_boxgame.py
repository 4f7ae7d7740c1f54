"""``wakkerdam play --kit``: on a machine with none of the box's devices it
says once what is missing, falls back to the keyboard, journals every
decision before its effect, and a restart goes on from the journal."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import voices
from narrator.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
FAST = ["--text-only", "--call-seconds", "0.05,0.1", "--discussion", "0", "--answer-seconds", "0.02"]


def _run_for(seconds: float, *args: str) -> str:
    proc = subprocess.Popen([sys.executable, "-m", "narrator.cli", *args], cwd=ROOT, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    time.sleep(seconds)
    proc.send_signal(signal.SIGKILL)  # the power goes
    out, _ = proc.communicate(timeout=30)
    return out


def test_a_box_game_without_devices_plays_on_the_keyboard_and_survives_a_power_cut(tmp_path: Path) -> None:
    journal = tmp_path / "box.journal"
    out = _run_for(8, "play", "--kit", "minimal", "--deal", "box", "--seed", "3", "--journal", str(journal), *FAST)
    lines = out.splitlines()
    assert "Traceback" not in out
    assert lines[0].startswith("Niet gevonden:")          # missing devices, said once
    assert sum(line.startswith("Niet gevonden:") for line in lines) == 1
    # no microphone: votes by buttons (said before any recognizer is loaded)
    assert lines[1] == voices.load("nl").line("speech.no_microphone")
    j, report = Journal.verify(journal)
    assert report.ok or report.dropped
    assert j.header["mode"] == "box" and j.header["kit"] == "minimal"
    decided = [r for r in j.records() if r.get("type") == "decision"]
    assert decided, "no decision was journaled"
    out2 = _run_for(6, "resume", str(journal), "--text-only")
    assert "Traceback" not in out2
    assert "We gaan verder waar we waren" in out2


def test_a_box_game_takes_variants_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    journal = tmp_path / "box.journal"
    out = _run_for(6, "play", "--kit", "minimal", "--deal", "box", "--seed", "3", "--journal", str(journal),
                   "--variant", "lycantropische_besmetting", "--variant", "full_moon", *FAST)
    assert "Traceback" not in out
    j, _ = Journal.verify(journal)
    assert j.header["setup"]["variants"] == ["lycanthropy", "full_moon"]  # found by alias too
    r = subprocess.run([sys.executable, "-m", "narrator.cli", "play", "--kit", "minimal", "--variant", "nope",
                        "--journal", str(tmp_path / "x.journal"), *FAST],
                       cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "nope" in r.stderr
    assert not (tmp_path / "x.journal").exists()
