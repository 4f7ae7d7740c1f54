"""The laptop kit as a group meets it (issues 10 and 11): each point a short
scripted laptop game in a pseudo-terminal (pexpect), or the real command on
a real (tiny) file system."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

import voices

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
WAKKERDAM = [sys.executable, "-m", "narrator.cli"]
NL = voices.load("nl")


def env_for(state: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "STATE_DIRECTORY": str(state)}


def spawn(args: list[str], state: Path, timeout: float = 20) -> pexpect.spawn:
    child = pexpect.spawn(WAKKERDAM[0], [*WAKKERDAM[1:], *args], cwd=str(ROOT), encoding="utf-8",
                          timeout=timeout, env=env_for(state))
    child.delaybeforesend = 0
    return child


def journals(state: Path) -> list[Path]:
    folder = state / "journals"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_laptop_game_journals_by_default_and_a_bare_resume_goes_on_with_its_settings(tmp_path: Path) -> None:
    # Issue 11: without --journal no journal was written and a bare `resume`
    # found nothing. Issue 10: a game started with short calls was resumed
    # with the default 20-30 s calls.
    state = tmp_path / "state"
    cut = subprocess.run([*WAKKERDAM, "play", "--text-only", "--names", ",".join(NAMES), "--seed", "4",
                          "--call-seconds", "0.3,0.4", "--discussion", "0", "--answer-seconds", "7"],
                         input=b"\n" * 17, capture_output=True, cwd=ROOT, env=env_for(state), timeout=60)
    assert cut.returncode == 1 and b"Traceback" not in cut.stderr
    [journal] = journals(state)
    assert journal.name.startswith("laptop-")
    resumed = spawn(["resume", "--text-only"], state)
    resumed.expect_exact(NL.line("narration.resume_night", n=1))
    began = time.monotonic()
    # Nobody answers: with the journaled 0.3-0.4 s calls the night is over in
    # seconds (with the defaults it would take minutes).
    resumed.expect([re.escape(NL.line("laptop.morning_round")), re.escape(NL.line("announce.day_breaks"))])
    assert time.monotonic() - began < 12
    resumed.sendeof()
    resumed.expect(pexpect.EOF)


def test_a_full_disk_is_one_line_in_the_games_language_and_leaves_no_temp_journal(tmp_path: Path) -> None:
    # Issue 10: `play` on a full disk ended in a traceback, in English, and
    # left a temp journal behind. A real full file system: a one-page tmpfs,
    # filled, in a mount namespace of the test's own.
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare (util-linux) for a private tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    play = " ".join([*WAKKERDAM, "play", "--text-only", "--names", ",".join(NAMES), "--seed", "1"])
    script = (f"mount -t tmpfs -o size=4k tmpfs {disk} || exit 99; "
              f"head -c 8192 /dev/zero > {disk}/filler 2>/dev/null; "
              f"STATE_DIRECTORY={disk}/state {play} </dev/null; echo rc=$?; "
              f"ls -A {disk}/state/journals")
    ran = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    if ran.returncode == 99 or b"unshare:" in ran.stderr:
        pytest.skip(f"no private tmpfs here: {ran.stderr.decode()[:200]}")
    out, err = ran.stdout.decode(), ran.stderr.decode()
    assert "rc=2" in out
    assert out.split("rc=2", 1)[1].strip() == ""  # no journal, no temp journal
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1
    full = re.escape(NL.lines["journal.disk_full"]).replace(re.escape("{file}"), r"\S+")
    assert re.search(full, lines[0]), lines[0]
