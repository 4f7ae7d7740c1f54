"""Secrecy audit over many games: nothing private reaches the terminal unless
--reveal is given."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import voices
from narrator import announce
from narrator.journal import Journal
from narrator.session import rebuild

ROOT = Path(__file__).resolve().parents[1]


def _demo(tmp: Path, seed: int, *extra: str) -> tuple[str, list[str]]:
    journal = tmp / f"g{seed}{'r' if extra else ''}.journal"
    r = subprocess.run(
        [sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only", "--seed", str(seed),
         "--players", str(8 + seed % 11), "--journal", str(journal), *extra],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    j, _ = Journal.verify(journal)
    game, _ = rebuild(j)
    pack = voices.load("nl")
    secrets = [announce.private_line(e, pack) for e in game.events if not e.public]
    return r.stdout + r.stderr, secrets


def test_no_private_line_in_the_terminal(tmp_path: Path) -> None:
    checked = 0
    for seed in range(12):
        out, secrets = _demo(tmp_path, seed)
        assert secrets
        for line in secrets:
            assert line not in out, f"seed {seed}: private line on screen: {line!r}"
            checked += 1
    assert checked > 100


def test_reveal_shows_them(tmp_path: Path) -> None:
    out, secrets = _demo(tmp_path, 3, "--reveal")
    assert sum(line in out for line in set(secrets)) >= len(set(secrets)) // 2
