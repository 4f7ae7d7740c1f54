"""A forum game cut anywhere and resumed ends exactly as the uninterrupted one
(its journal keeps the edition and the extra roles; the day's round and the
fold are rebuilt from the decisions)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DECK = ["--edition", "forum", "--roles",
        "werewolf,werewolf,seer,witch,hunter,hangman,gambler,mirror,skin_changer,villager",
        "--extra", "noble,cupid,drunk"]


def wakkerdam(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "narrator.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def full_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("j") / "forum.journal"
    r = wakkerdam("demo", "--fast", "--json", "--text-only", "--seed", "7", "--journal", str(path), *DECK)
    assert r.returncode == 0, r.stderr
    return path, json.loads(r.stdout)


@pytest.mark.parametrize("keep", [0, 1, 4, 9, 15])
def test_a_forum_game_resumed_from_any_record_ends_the_same(full_game: tuple[Path, dict],
                                                            tmp_path: Path, keep: int) -> None:
    path, summary = full_game
    lines = path.read_bytes().splitlines()
    assert len(lines) > 2 + keep, "the game is shorter than this cut"
    from narrator.journal import Journal

    journal, _ = Journal.verify(path)
    assert journal.header["setup"]["edition"] == "forum" and journal.header["setup"]["extra"]
    cut = tmp_path / "cut.journal"
    cut.write_bytes(b"\n".join(lines[: 2 + keep]) + b"\n")
    cut.chmod(0o600)
    r = wakkerdam("resume", str(cut), "--fast", "--json", "--text-only")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == summary
