"""The kill-test harness (bench/kill_test.py) proves itself on a stand-in.

Run as a script, this file *is* the stand-in: a tiny "game" with the same
command line as ``wakkerdam demo``/``resume`` that writes its decisions to the
real journal, each one depending only on the seed and the decisions so far.
``STANDIN_BUG`` plants a resume bug, which the harness must catch.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from narrator.journal import Journal, JournalError  # noqa: E402

KILL_TEST = ROOT / "bench" / "kill_test.py"
NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna"]
ASKS = ["seer", "werewolves", "witch", "vote"]
DECISIONS = 30


# --- the stand-in program -------------------------------------------------

def _next_decision(seed: int, done: list[tuple[str, Any]]) -> dict[str, Any]:
    rng = random.Random(f"{seed}/{len(done)}/{done[-1] if done else ''}")
    if os.environ.get("STANDIN_BUG") == "reseed" and os.environ.get("STANDIN_RESUMED"):
        rng = random.Random(f"{seed + 1}/{len(done)}")
    if os.environ.get("STANDIN_BUG") == "unseeded":
        rng = random.Random()
    return {"type": "decision", "ask": ASKS[len(done) % len(ASKS)], "answer": rng.choice(NAMES)}


def _decisions(records: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    done: list[tuple[str, Any]] = []
    for r in records:
        if r["type"] == "decision":
            done.append((r["ask"], r["answer"]))
        elif r["type"] == "undo":
            done.pop()
    return done


def _play(journal: Journal, seed: int) -> dict[str, Any]:
    done = _decisions(journal.records())
    while len(done) < DECISIONS:
        record = _next_decision(seed, done)
        # Like a player taking an answer back: decision, undo, decision. Each
        # step is decided from the journal alone, so a cut between them resumes.
        if done and done[-1][1] == "Nobody":
            journal.append({"type": "undo"})
            done.pop()
            continue
        if len(done) == 10 and not any(r.get("type") == "undo" for r in journal.records()):
            record = {**record, "answer": "Nobody"}
        journal.append(record)
        done.append((record["ask"], record["answer"]))
        time.sleep(0.001)  # room for a cut between decisions
    summary = {"winner": "village", "answers": [a for _, a in done]}
    if os.environ.get("STANDIN_BUG") == "summary" and os.environ.get("STANDIN_RESUMED"):
        summary["resumed"] = True
    journal.mark_finished(summary)
    return summary


def standin(argv: list[str]) -> int:
    verb, rest = argv[0], argv[1:]
    try:
        if verb == "demo":
            path, seed = Path(rest[rest.index("--journal") + 1]), int(rest[rest.index("--seed") + 1])
            journal = Journal.create(path, {"seed": seed, "players": NAMES})
        elif verb == "resume":
            os.environ["STANDIN_RESUMED"] = "1"
            journal, _report = Journal.open(rest[0])
            seed = journal.header["seed"]
            if os.environ.get("STANDIN_BUG") == "forget" and len(journal) > 3:
                _forget_last(journal)
                journal, _report = Journal.open(rest[0])
        else:
            print(f"standin: unknown command {verb}", file=sys.stderr)
            return 2
    except JournalError as exc:
        print(exc, file=sys.stderr)
        return 2
    summary = journal.summary if journal.finished else _play(journal, seed)
    print(json.dumps(summary, sort_keys=True))
    return 0


def _forget_last(journal: Journal) -> None:
    """The planted bug: rewrite the journal without its last record."""
    header, records = journal.header, journal.records()[:-1]
    path = journal.path
    journal.close()
    os.unlink(path)
    with Journal.create(path, header) as j:
        for r in records:
            j.append(r)


# --- the tests ------------------------------------------------------------

def _harness(*args: str, bug: str | None = None, jobs: int = 4) -> dict[str, Any]:
    env = {**os.environ}
    env.pop("STANDIN_RESUMED", None)
    if bug:
        env["STANDIN_BUG"] = bug
    proc = subprocess.run(
        [sys.executable, str(KILL_TEST), "--cmd", f"{sys.executable} {Path(__file__).resolve()}",
         "--json", "--jobs", str(jobs), *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    result = json.loads(proc.stdout)
    result["exit"] = proc.returncode
    return result


def test_the_standin_is_deterministic_and_resumable(tmp_path: Path) -> None:
    def run(*argv: str) -> tuple[int, str]:
        p = subprocess.run([sys.executable, __file__, *argv], capture_output=True, text=True,
                           timeout=60)
        return p.returncode, p.stdout
    a = run("demo", "--fast", "--json", "--journal", str(tmp_path / "a.journal"), "--seed", "3")
    b = run("demo", "--fast", "--json", "--journal", str(tmp_path / "b.journal"), "--seed", "3")
    assert a == b and a[0] == 0
    assert run("resume", str(tmp_path / "a.journal"), "--fast", "--json") == a


def test_harness_counts_cuts_and_finds_no_divergence_in_a_correct_program() -> None:
    result = _harness("--cuts", "20", "--seed", "5", "--tear", "0.5")
    assert result["exit"] == 0, result["details"]
    assert result["cuts"] >= 20
    assert result["tears"] >= 1  # resumed from torn journals too
    assert result["resumes"] >= result["cuts"] - result["restarts"]
    assert result["games"] >= 1
    assert result["divergences"] == result["lost_or_changed"] == result["failures"] == 0


@pytest.mark.parametrize(("bug", "counter"), [
    ("reseed", "lost_or_changed"),   # a resumed game takes another course
    ("forget", "lost_or_changed"),   # a resume loses a durable decision
    ("summary", "divergences"),      # same decisions, different ending reported
])
def test_harness_catches_a_planted_resume_bug(bug: str, counter: str) -> None:
    # One game at a time, so the cuts fall on resumed runs, where the bug is.
    result = _harness("--cuts", "8", "--cuts-per-game", "3", "--seed", "9", "--fail-fast",
                      bug=bug, jobs=1)
    assert result["exit"] == 1
    assert result[counter] >= 1, result


def test_harness_tells_a_game_that_is_not_deterministic_from_a_resume_bug() -> None:
    result = _harness("--cuts", "5", "--seed", "2", bug="unseeded", jobs=1)
    assert result["exit"] == 1
    assert result["nondeterministic"] == 1 and result["cuts"] == 0


def test_harness_reports_a_broken_command_as_a_failure_not_a_hang() -> None:
    proc = subprocess.run(
        [sys.executable, str(KILL_TEST), "--cmd", f"{sys.executable} -c 'import sys; sys.exit(3)'",
         "--cuts", "5", "--json", "--jobs", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1
    result = json.loads(proc.stdout)
    assert result["failures"] >= 1 and "exited 3" in result["details"][0]
    proc = subprocess.run(
        [sys.executable, str(KILL_TEST), "--cmd", f"{sys.executable} -c 'print(1)'",
         "--cuts", "5", "--json", "--jobs", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1
    assert "does not exist" in json.loads(proc.stdout)["details"][0]


@pytest.mark.slow
def test_kill_test_against_the_real_wakkerdam() -> None:
    from narrator.cli import COMMANDS

    if "resume" not in COMMANDS:
        pytest.skip("wakkerdam resume is not wired yet")
    proc = subprocess.run([sys.executable, str(KILL_TEST), "--quick", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    result = json.loads(proc.stdout)
    assert proc.returncode == 0, result["details"]
    assert result["cuts"] >= 60 and result["divergences"] == 0 and result["lost_or_changed"] == 0


if __name__ == "__main__":
    sys.exit(standin(sys.argv[1:]))
