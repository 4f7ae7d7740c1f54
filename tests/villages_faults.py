"""The evening under faults, one harness for the test suite (a few evenings)
and bench/villages_faults.py (200 evenings of each fault).

For one seed the harness plays the evening once without faults, then again
with one kind of fault:

    broker    the broker SIGKILLed at random moments and started again
    box       one box SIGKILLed at a random moment and started again on its
              journal (a power cut and the power back)
    network   PUBLISH packets dropped and doubled at random on the way, both
              ways (a proxy that holds the broker's certificate)

and checks what the issue asks: every player in exactly one village or in
one journaled transfer at every moment the journals were read (the rig's
watcher) and at the end: none lost, none doubled; and the same evening as
without faults: every village's moves (who left, arrived, was let in or sent
back, when) and its last roster. The villages are the test box's stand-in
(tests/villages_box.py, one process each); the evening is the real one.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.journal import Journal
from tests.villages_rig import Rig

FAULTS = ("broker", "box", "network")
BOXES = ("noord", "zuid", "oost")
#: a silent village is waited for this long: longer than any fault lasts here,
#: so that a village is never gone on without (that would be another evening)
WAIT_SECONDS = 20.0
SETTLE_SECONDS = 30.0


def shape(seed: int) -> dict[str, Any]:
    """The evening a seed plays: how many days each village, movers, limit."""
    rng = random.Random(f"shape-{seed}")
    return {"days_by_box": {b: rng.randint(2, 5) for b in BOXES}, "movers": rng.randint(1, 2),
            "limit": rng.randint(1, 2), "players": rng.randint(4, 7)}


def moves(rig: Rig) -> dict[str, Any]:
    """Each village's moves and last roster, as its journal has them."""
    out: dict[str, Any] = {}
    for box in rig.boxes:
        journal, _ = Journal.verify(rig.tmp / box / "journal")
        records = journal.records()
        out[box] = {
            "moves": sorted((r["type"], r["id"], r.get("name", ""), r.get("to", r.get("from", "")),
                             r.get("day", r.get("step", -1)))
                            for r in records if r["type"] in ("leave", "arrived", "join", "sent_back", "returned")),
            "steps": max((r["step"] for r in records if r["type"] == "step"), default=0),
            "summary": journal.summary if journal.finished else None,
        }
    return out


@dataclass
class Result:
    seed: int
    fault: str | None
    seconds: float
    faults: int = 0
    #: players not in exactly one place at a moment read (the rig's checks)
    problems: list[str] = field(default_factory=list)
    lost: int = 0
    doubled: int = 0
    diverged: bool = False
    exit_codes: dict[str, int] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)
    evening: dict[str, Any] = field(default_factory=dict)
    folder: Path | None = None


def play(folder: Path, seed: int, fault: str | None, *, timeout: float = 120.0, length: float = 2.0) -> Result:
    """One evening of ``seed`` with ``fault`` (None: none) in ``folder``;
    ``length``: how long the evening lasts without faults (the faults fall
    at random moments of it)."""
    rng = random.Random(f"{fault}-{seed}")
    proxy = {"drop": 0.08, "duplicate": 0.08, "rng": rng} if fault == "network" else None
    rig = Rig(folder, boxes=BOXES, wait=WAIT_SECONDS, settle=SETTLE_SECONDS, resend=0.3, seed=seed,
              proxy=proxy, **shape(seed))
    began = time.monotonic()
    result = Result(seed, fault, 0.0)
    try:
        rig.start()
        if fault == "broker":
            result.faults = _kill_the_broker(rig, rng, length)
        elif fault == "box":
            result.faults = _kill_a_box(rig, rng, length)
        try:
            result.exit_codes = rig.wait(timeout)
        except subprocess.TimeoutExpired:  # a box that never ended: counted, never waited for again
            result.exit_codes = {b: -1 if p.poll() is None else p.returncode for b, p in rig.procs.items()}
        snap = rig.snapshot()
        w = rig.check(snap) if snap is not None else None
        result.problems = list(dict.fromkeys(rig.problems))
        if w is not None:
            counts = {name: w.count(name) for name in rig.everyone}
            result.lost = sum(1 for n in counts.values() if n == 0)
            result.doubled = sum(1 for n in counts.values() if n > 1)
        result.evening = moves(rig)
        result.figures = rig.figures()
        if rig.proxy is not None:
            result.figures["dropped"] = rig.proxy.dropped
            result.figures["doubled_on_the_way"] = rig.proxy.duplicated
            result.faults = rig.proxy.dropped + rig.proxy.duplicated
    finally:
        rig.close()
        result.seconds = time.monotonic() - began
    return result


def _kill_the_broker(rig: Rig, rng: random.Random, length: float) -> int:
    """1 to 3 SIGKILLs of the broker at random moments of the evening, each
    back after a random 0.05-0.5 s."""
    kills = 0
    began = time.monotonic()
    for at in sorted(rng.uniform(0.1, 0.9) * length for _ in range(rng.randint(1, 3))):
        time.sleep(max(0.0, began + at - time.monotonic()))
        if all(p.poll() is not None for p in rig.procs.values()):
            break
        rig.broker.kill()
        kills += 1
        time.sleep(rng.uniform(0.05, 0.5))
        rig.broker.start()
    return kills


def _kill_a_box(rig: Rig, rng: random.Random, length: float) -> int:
    """One box SIGKILLed at a random moment of its evening, started again
    on its own journal after a random 0-0.5 s."""
    time.sleep(rng.uniform(0.15, 0.85) * length)
    running = [b for b in rig.boxes if rig.procs[b].poll() is None]
    if not running:
        return 0
    box = rng.choice(running)
    proc = rig.procs[box]
    proc.kill()
    proc.wait()
    time.sleep(rng.uniform(0.0, 0.5))
    rig.spawn(box)
    return 1


@dataclass
class Harness:
    """Evenings of each fault against the same seed's evening without one."""

    root: Path
    keep: bool = False
    results: list[Result] = field(default_factory=list)
    _baselines: dict[int, Result] = field(default_factory=dict)

    def baseline(self, seed: int) -> Result:
        if seed not in self._baselines:
            self._baselines[seed] = self._play(seed, None)
            self._tidy(self._baselines[seed])
        return self._baselines[seed]

    def run(self, seed: int, fault: str) -> Result:
        base = self.baseline(seed)
        result = self._play(seed, fault, base.seconds)
        result.diverged = result.evening != base.evening
        self.results.append(result)
        self._tidy(result)
        return result

    def _play(self, seed: int, fault: str | None, length: float = 2.0) -> Result:
        folder = self.root / f"{fault or 'clean'}-{seed}"
        result = play(folder, seed, fault, length=length)
        result.folder = folder
        return result

    def _tidy(self, result: Result) -> None:
        """An evening that went right leaves nothing behind (unless kept)."""
        if not self.keep and not self.bad(result) and result.folder is not None:
            shutil.rmtree(result.folder, ignore_errors=True)

    def bad(self, result: Result) -> bool:
        return bool(result.problems or result.lost or result.doubled or result.diverged
                    or set(result.exit_codes.values()) != {0})

    def summary(self, fault: str) -> dict[str, Any]:
        rs = [r for r in self.results if r.fault == fault]
        return {
            "fault": fault, "evenings": len(rs), "faults": sum(r.faults for r in rs),
            "players_lost": sum(r.lost for r in rs), "players_doubled": sum(r.doubled for r in rs),
            "moments_with_a_problem": sum(len(r.problems) for r in rs),
            "divergences": sum(r.diverged for r in rs),
            "boxes_failed": sum(1 for r in rs for c in r.exit_codes.values() if c != 0),
            "transfers": sum(r.figures.get("transfers") or 0 for r in rs),
            "snapshots_checked": sum(r.figures.get("snapshots_checked", 0) for r in rs),
            "dropped": sum(r.figures.get("dropped", 0) for r in rs),
            "doubled_on_the_way": sum(r.figures.get("doubled_on_the_way", 0) for r in rs),
            "went_on_without": sum(r.figures.get("went_on_without", 0) for r in rs),
            "seconds_median": sorted(r.seconds for r in rs)[len(rs) // 2] if rs else 0.0,
        }
