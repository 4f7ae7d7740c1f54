"""Resume: a demo cut anywhere and resumed ends exactly as the uninterrupted one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.journal import Journal
from narrator.seeds import Seeds
from narrator.session import decisions, rebuild

ROOT = Path(__file__).resolve().parents[1]


def wakkerdam(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "narrator.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def full_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("j") / "game.journal"
    r = wakkerdam("demo", "--fast", "--json", "--text-only", "--seed", "12", "--journal", str(path))
    assert r.returncode == 0, r.stderr
    return path, json.loads(r.stdout)


def test_the_journal_is_private_and_finished(full_game: tuple[Path, dict]) -> None:
    path, summary = full_game
    assert os.stat(path).st_mode & 0o777 == 0o600
    journal, report = Journal.verify(path)
    assert report.ok and journal.finished
    assert journal.summary == summary
    # Every seed derived one-way from --seed, each kept for the resume.
    seeds = Seeds.derived(12)
    assert journal.header["setup"]["seed"] == seeds.game
    assert journal.header["seeds"] == Seeds.derived(seeds.game).to_dict()


@pytest.mark.parametrize("keep", [0, 1, 3, 7, 12, 16])
def test_resumed_from_any_record_the_game_ends_the_same(full_game: tuple[Path, dict], tmp_path: Path, keep: int) -> None:
    path, summary = full_game
    lines = path.read_bytes().splitlines()
    assert len(lines) > 2 + keep, "the game is shorter than this cut"
    cut = tmp_path / "cut.journal"
    # magic + header + `keep` records: as if the power went just after them
    cut.write_bytes(b"\n".join(lines[: 2 + keep]) + b"\n")
    cut.chmod(0o600)
    r = wakkerdam("resume", str(cut), "--fast", "--json", "--text-only")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == summary


def test_resume_says_where_the_game_stands(full_game: tuple[Path, dict], tmp_path: Path) -> None:
    path, _ = full_game
    lines = path.read_bytes().split(b"\n")
    cut = tmp_path / "cut.journal"
    cut.write_bytes(b"\n".join(lines[:6]) + b"\n")
    cut.chmod(0o600)
    r = wakkerdam("resume", str(cut), "--fast", "--text-only")
    assert r.returncode == 0, r.stderr
    assert "We gaan verder waar we waren" in r.stdout.splitlines()[0]


def test_a_torn_last_record_is_reported_and_asked_again(full_game: tuple[Path, dict], tmp_path: Path) -> None:
    path, summary = full_game
    data = path.read_bytes()
    lines = data.split(b"\n")
    cut = tmp_path / "torn.journal"
    torn = b"\n".join(lines[:8]) + b"\n" + lines[8][: len(lines[8]) // 2]
    cut.write_bytes(torn)
    cut.chmod(0o600)
    r = wakkerdam("resume", str(cut), "--fast", "--json", "--text-only")
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip()  # the dropped record was reported
    assert json.loads(r.stdout) == summary


def test_undo_records_take_decisions_back() -> None:
    records = [{"type": "decision", "answer": "A"}, {"type": "decision", "answer": "B"},
               {"type": "undo"}, {"type": "decision", "answer": "C"}]
    assert decisions(records) == ["A", "C"]


def test_rebuild_narrates_again_from_the_last_decision(full_game: tuple[Path, dict]) -> None:
    path, _ = full_game
    journal, _ = Journal.verify(path)
    game, start_at = rebuild(journal)
    assert 0 < start_at < len(game.events)
