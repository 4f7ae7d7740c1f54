"""``wakkerdam play --kit``: on a machine with none of the box's devices it
says once what is missing, falls back to the keyboard, journals every
decision before its effect, and a restart goes on from the journal (with
``wakkerdam resume``, or at boot: ``play --kit`` finds the unfinished game).
The power goes when the game has got far enough (its journal, its output),
whatever the time that took."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import voices
from narrator.journal import Journal
from tests.waits import until

ROOT = Path(__file__).resolve().parents[1]
FAST = ["--text-only", "--call-seconds", "0.05,0.1", "--discussion", "0", "--answer-seconds", "0.02"]
RESUMED = "We gaan verder waar we waren"


def _run_until(far_enough: Callable[[str], bool], tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """``wakkerdam ARGS`` until ``far_enough(its output so far)``, then the
    power goes (SIGKILL); its output. (A file, not a pipe: it never blocks.)"""
    out = tmp_path / f"out-{len(list(tmp_path.glob('out-*')))}.txt"
    with open(out, "w", encoding="utf-8") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "narrator.cli", *args], cwd=ROOT, text=True, env=env,
                                stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
        try:
            until(lambda: far_enough(out.read_text(encoding="utf-8")) or proc.poll() is not None, " ".join(args))
        finally:
            proc.send_signal(signal.SIGKILL)  # the power goes
            proc.wait(timeout=60)
    return out.read_text(encoding="utf-8")


def _decided(journal: Path) -> Callable[[str], bool]:
    """The game is far enough once a decision is in the journal."""
    return lambda _out: journal.exists() and b'"type":"decision"' in journal.read_bytes()


def test_a_box_game_without_devices_plays_on_the_keyboard_and_survives_a_power_cut(tmp_path: Path) -> None:
    journal = tmp_path / "box.journal"
    out = _run_until(_decided(journal), tmp_path, "play", "--kit", "minimal", "--deal", "box", "--seed", "3",
                     "--journal", str(journal), *FAST)
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
    j.close()
    out2 = _run_until(lambda out: RESUMED in out, tmp_path, "resume", str(journal), "--text-only")
    assert "Traceback" not in out2
    assert RESUMED in out2
    # at boot: a plain ``play --kit`` finds the unfinished box game in the state directory
    state = tmp_path / "state"
    (state / "journals").mkdir(parents=True)
    shutil.copy2(journal, state / "journals" / journal.name)
    out3 = _run_until(lambda out: RESUMED in out, tmp_path, "play", "--kit", "minimal", "--text-only",
                      env={**os.environ, "STATE_DIRECTORY": str(state)})
    assert "Traceback" not in out3 and RESUMED in out3, out3[-2000:]


def test_a_box_game_takes_variants_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    journal = tmp_path / "box.journal"
    out = _run_until(_decided(journal), tmp_path, "play", "--kit", "minimal", "--deal", "box", "--seed", "3",
                     "--journal", str(journal), "--variant", "lycantropische_besmetting", "--variant", "full_moon",
                     *FAST)
    assert "Traceback" not in out
    j, _ = Journal.verify(journal)
    assert j.header["setup"]["variants"] == ["lycanthropy", "full_moon"]  # found by alias too
    r = subprocess.run([sys.executable, "-m", "narrator.cli", "play", "--kit", "minimal", "--variant", "nope",
                        "--journal", str(tmp_path / "x.journal"), *FAST],
                       cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "nope" in r.stderr
    assert not (tmp_path / "x.journal").exists()
