"""The kill test: pull the plug on bot games at random moments, resume them,
and check that every game ends exactly as it would have uninterrupted.

For each game (seed ``S``) it first plays the game through uninterrupted
(twice, to tell a non-deterministic game from a resume bug), then:

1. starts ``CMD demo --fast --json --journal FILE --seed S`` and SIGKILLs it at
   a random moment: mostly when its journal has grown past a random size
   (inside the game), sometimes after a random time (start-up, shutdown);
2. after each cut verifies the journal read-only: it must open (a torn last
   record is fine, it is dropped), keep every record seen after the previous
   cut unchanged, and its decisions so far must be the uninterrupted game's;
   With ``--tear`` it then also cuts the journal inside its last line, as a
   power cut during that write would: resume must drop it and ask again;
3. runs ``CMD resume FILE --fast --json`` (or ``demo`` again when the cut came
   before the journal existed), killing it the same way, until a run ends;
4. compares that run's JSON summary and the journal's decisions with the
   uninterrupted game's.

Usage::

    python bench/kill_test.py                 # 1000 cuts against `python -m narrator.cli`
    python bench/kill_test.py --quick --json  # 60 cuts, machine-readable
    python bench/kill_test.py --demo-args "--players 14"
    python bench/kill_test.py --cmd "python my_standin.py" --cuts 50

Prints the number of cuts, resumes and divergences; exits 1 if anything
diverged, was lost, was refused or failed. Contract for the command: ``demo``
and ``resume`` print exactly one JSON summary on stdout when they finish (the
narration goes to stderr), exit 0, and ``resume`` of a finished journal prints
that game's summary again. Decisions are the journal records of type
``decision`` (``ask`` and ``answer``) and ``undo``; their order must be the
uninterrupted game's (records of other types are only checked to stay unchanged).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from narrator.journal import Journal, JournalError  # noqa: E402

DEFAULT_CUTS = 1000
QUICK_CUTS = 60
MAX_RUNS_PER_GAME = 400
TIME_CUT_SHARE = 0.25  # the rest are cut when the journal reaches a random size
SOURCE_FOLDERS = ("engine", "narrator", "voices", "config", "hardware")


@dataclass
class Reference:
    summary: Any
    decisions: list[tuple[Any, ...]]
    seconds: float
    journal_bytes: int


@dataclass
class Tally:
    cuts: int = 0
    resumes: int = 0
    games: int = 0
    restarts: int = 0          # cut before the journal existed: demo started again
    torn_records: int = 0      # cuts that left a torn last record (dropped at resume)
    tears: int = 0             # last lines the harness tore itself (simulated power cuts)
    divergences: list[str] = field(default_factory=list)
    lost_or_changed: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    nondeterministic: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, name: str, value: Any = 1) -> None:
        with self.lock:
            current = getattr(self, name)
            if isinstance(current, list):
                current.append(value)
            else:
                setattr(self, name, current + value)

    @property
    def ok(self) -> bool:
        return not (self.divergences or self.lost_or_changed or self.refused or self.failures
                    or self.nondeterministic)

    def as_dict(self, seconds: float) -> dict[str, Any]:
        return {
            "cuts": self.cuts, "resumes": self.resumes, "games": self.games,
            "restarts": self.restarts, "torn_records": self.torn_records, "tears": self.tears,
            "divergences": len(self.divergences), "lost_or_changed": len(self.lost_or_changed),
            "refused_journals": len(self.refused), "failures": len(self.failures),
            "nondeterministic": len(self.nondeterministic), "seconds": round(seconds, 2),
            "details": (self.divergences + self.lost_or_changed + self.refused + self.failures
                        + self.nondeterministic)[:20],
        }


def decisions_of(records: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The trail of decisions as written: each ``decision`` (ask, answer) and
    each ``undo``. A bot game must write the same trail whether it was cut or
    not; comparing the trail, not only the decisions left standing, also
    allows a cut between a decision and its undo."""
    out: list[tuple[Any, ...]] = []
    for r in records:
        if r.get("type") == "decision":
            out.append(("decision", r.get("ask"), r.get("answer")))
        elif r.get("type") == "undo":
            out.append(("undo",))
    return out


class Runner:
    def __init__(self, cmd: list[str], extra: list[str], workdir: Path, timeout: float,
                 cuts_per_game: int = 10, tear: float = 0.0) -> None:
        self.cmd, self.extra, self.workdir, self.timeout = cmd, extra, workdir, timeout
        self.cuts_per_game, self.tear = cuts_per_game, tear

    def argv(self, verb: str, journal: Path, seed: int) -> list[str]:
        if verb == "demo":
            return [*self.cmd, "demo", "--fast", "--json", "--journal", str(journal),
                    "--seed", str(seed), *self.extra]
        return [*self.cmd, "resume", str(journal), "--fast", "--json"]

    def start(self, argv: list[str], out: Path) -> tuple[subprocess.Popen[bytes], Any, Any]:
        # Files, not pipes: a killed child must never block on a full pipe.
        stdout, stderr = out.with_suffix(".out").open("wb"), out.with_suffix(".err").open("wb")
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=stdout, stderr=stderr,
                                stdin=subprocess.DEVNULL)
        return proc, stdout, stderr

    def run_whole(self, argv: list[str], out: Path) -> tuple[int, str, str, float]:
        start = time.perf_counter()
        proc, so, se = self.start(argv, out)
        try:
            code = proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            code = -999
        so.close()
        se.close()
        return (code, out.with_suffix(".out").read_text(errors="replace"),
                out.with_suffix(".err").read_text(errors="replace"), time.perf_counter() - start)

    def run_and_cut(self, argv: list[str], out: Path, journal: Path, rng: random.Random,
                    ref: Reference, guard: Guard | None) -> tuple[int, str, str]:
        """Run ``argv`` and SIGKILL it at a random moment; returncode -9 if cut.
        While it runs, ``guard`` watches that the journal is only appended to."""
        size_now = journal.stat().st_size if journal.exists() else 0
        by_time = rng.random() < TIME_CUT_SHARE or size_now >= ref.journal_bytes
        # Steps of about 1/cuts_per_game of a game: many cuts per game, at any byte.
        target_size = size_now + rng.randint(1, max(1, 2 * ref.journal_bytes // self.cuts_per_game))
        delay = rng.uniform(0, ref.seconds * 1.2)
        proc, so, se = self.start(argv, out)
        start = time.perf_counter()
        deadline = start + self.timeout
        code: int | None = None
        while True:
            code = proc.poll()
            if code is not None:
                break
            now = time.perf_counter()
            if now > deadline:
                proc.kill()
                proc.wait()
                code = -999
                break
            try:
                st = journal.stat()
            except FileNotFoundError:
                st = None
            if guard is not None:
                guard.watch(st)
            due = (now - start >= delay) if by_time else (st is not None and st.st_size >= target_size)
            if due:
                proc.send_signal(signal.SIGKILL)
                code = proc.wait()
                break
            time.sleep(0.0002)
        so.close()
        se.close()
        return (code, out.with_suffix(".out").read_text(errors="replace"),
                out.with_suffix(".err").read_text(errors="replace"))


class Guard:
    """The journal as it was verified after a cut: from then on it may only
    grow. The same file (inode), never shorter, its first bytes unchanged. A
    resume that rewrites or shortens the journal is caught even when a bot
    then decides the lost decision again the same way (a person might not)."""

    def __init__(self, journal: Path, good_length: int) -> None:
        self.path = journal
        self.inode = journal.stat().st_ino
        self.length = good_length
        self.prefix = journal.read_bytes()[:good_length]
        self.broken = ""

    def watch(self, st: os.stat_result | None) -> None:
        if self.broken:
            return
        if st is None:
            self.broken = "the journal vanished"
        elif st.st_ino != self.inode:
            self.broken = "the journal was replaced by another file"
        elif st.st_size < self.length:
            self.broken = "the journal became shorter than its verified records"

    def check(self) -> str:
        try:
            st: os.stat_result | None = self.path.stat()
        except FileNotFoundError:
            st = None
        self.watch(st)
        if not self.broken and self.path.read_bytes()[:self.length] != self.prefix:
            self.broken = "verified records were rewritten"
        return self.broken


def source_fingerprint() -> str:
    """Names, sizes and times of the program's files: if another checkout step
    or an editor changes them mid-run, an old reference game is no reference
    for a new resume, and the run must stop rather than report divergences."""
    digest = hashlib.sha256()
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".yaml", ".yml") and "__pycache__" not in path.parts:
                st = path.stat()
                digest.update(f"{path}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def tear_last_line(journal: Path, rng: random.Random) -> bool:
    """Cut the journal inside its last line (never the header): what a power
    cut during that write would leave. False if there is no such line."""
    data = journal.read_bytes()
    if data.count(b"\n") < 3 or not data.endswith(b"\n"):
        return False
    start = data.rfind(b"\n", 0, len(data) - 1) + 1
    os.truncate(journal, rng.randint(start + 1, len(data) - 1))
    return True


def parse_summary(stdout: str) -> Any:
    try:
        return json.loads(stdout)
    except ValueError:
        return None


def reference(runner: Runner, seed: int, folder: Path, tally: Tally) -> Reference | None:
    refs = []
    for i in range(2):
        journal = folder / f"ref{i}.journal"
        code, out, err, seconds = runner.run_whole(runner.argv("demo", journal, seed),
                                                   folder / f"ref{i}")
        if code != 0:
            tally.add("failures", f"seed {seed}: uninterrupted demo exited {code}: {err.strip()[-300:]}")
            return None
        try:
            j, _ = Journal.verify(journal)
        except JournalError as exc:
            tally.add("failures", f"seed {seed}: the uninterrupted game's journal: {exc}")
            return None
        refs.append(Reference(parse_summary(out), decisions_of(j.records()), seconds,
                              journal.stat().st_size))
    a, b = refs
    if a.summary != b.summary or a.decisions != b.decisions:
        tally.add("nondeterministic", f"seed {seed}: two uninterrupted games differ")
        return None
    if a.summary is None:
        tally.add("failures", f"seed {seed}: demo printed no JSON summary")
        return None
    return Reference(a.summary, a.decisions, min(a.seconds, b.seconds), a.journal_bytes)


def cut_game(runner: Runner, seed: int, rng: random.Random, tally: Tally, folder: Path,
             want_more: Any) -> None:
    ref = reference(runner, seed, folder, tally)
    if ref is None:
        return
    journal = folder / "cut.journal"
    seen: list[dict[str, Any]] = []
    guard: Guard | None = None
    verb = "demo"
    for run in range(MAX_RUNS_PER_GAME):
        argv = runner.argv(verb, journal, seed)
        if verb == "resume":
            tally.add("resumes")
        if want_more():
            code, out, err = runner.run_and_cut(argv, folder / f"run{run}", journal, rng, ref, guard)
        else:
            code, out, err, _ = runner.run_whole(argv, folder / f"run{run}")
        if guard is not None and (problem := guard.check()):
            tally.add("lost_or_changed", f"seed {seed}, run {run}: {problem}")
            return
        if code == -signal.SIGKILL:
            tally.add("cuts")
            if not journal.exists():
                tally.add("restarts")
                verb = "demo"
                continue
            try:
                j, report = Journal.verify(journal)
            except JournalError as exc:
                tally.add("refused", f"seed {seed}, cut {run}: {exc}")
                return
            if report.dropped:
                tally.add("torn_records")
            records = j.records()
            if records[:len(seen)] != seen:
                tally.add("lost_or_changed", f"seed {seed}, cut {run}: a record seen before the cut changed or vanished")
                return
            got = decisions_of(records)
            if got != ref.decisions[:len(got)]:
                tally.add("lost_or_changed", f"seed {seed}, cut {run}: decision {len(got)} differs from the uninterrupted game")
                return
            if rng.random() < runner.tear and tear_last_line(journal, rng):
                # A power cut during the last write: resume must drop that
                # line, ask its question again and still end the same way.
                tally.add("tears")
                j, report = Journal.verify(journal)
                records = j.records()
            seen = records
            guard = Guard(journal, journal.stat().st_size - report.dropped_bytes)
            verb = "resume"
            continue
        if code != 0:
            tally.add("failures", f"seed {seed}, {verb} run {run}: exit {code}: {err.strip()[-300:]}")
            return
        summary = parse_summary(out)
        if summary is None:
            tally.add("failures", f"seed {seed}, {verb} run {run}: no JSON summary on stdout: {out.strip()[-200:]!r}")
            return
        try:
            final = decisions_of(Journal.verify(journal)[0].records())
        except JournalError as exc:
            tally.add("refused", f"seed {seed}, final journal: {exc}")
            return
        if summary != ref.summary:
            tally.add("divergences", f"seed {seed}: summary after {run} cut(s) differs from the uninterrupted game's")
        elif final != ref.decisions:
            tally.add("divergences", f"seed {seed}: decisions after {run} cut(s) differ from the uninterrupted game's")
        tally.add("games")
        return
    tally.add("failures", f"seed {seed}: no run finished in {MAX_RUNS_PER_GAME} runs")


def run(cmd: list[str], cuts: int, seed: int, jobs: int, extra: list[str],
        timeout: float = 120.0, fail_fast: bool = False,
        cuts_per_game: int = 10, tear: float = 0.0) -> tuple[Tally, float]:
    tally = Tally()
    start = time.perf_counter()
    next_game = iter(range(10**9))
    pick = threading.Lock()

    def want_more() -> bool:
        # Without a good uninterrupted game there is nothing to compare: stop.
        blocked = tally.failures or tally.nondeterministic
        return tally.cuts < cuts and not blocked and not (fail_fast and not tally.ok)

    fingerprint = source_fingerprint()

    def worker() -> None:
        with tempfile.TemporaryDirectory(prefix="kill-test-") as tmp:
            runner = Runner(cmd, extra, Path(tmp), timeout, cuts_per_game, tear)
            while want_more():
                with pick:
                    index = next(next_game)
                game_seed = seed * 100_003 + index
                folder = Path(tmp) / f"game{index}"
                folder.mkdir()
                before = len(tally.divergences) + len(tally.lost_or_changed)
                cut_game(runner, game_seed, random.Random(game_seed), tally, folder, want_more)
                if source_fingerprint() != fingerprint:
                    if len(tally.divergences) + len(tally.lost_or_changed) > before:
                        tally.add("failures", f"seed {game_seed}: the program's files changed "
                                  "during this game; its result says nothing")
                    tally.add("failures", "the program's files changed during the run: stopped")
                    return

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for f in [pool.submit(worker) for _ in range(jobs)]:
            f.result()
    return tally, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kill_test", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuts", type=int, help=f"number of SIGKILLs (default {DEFAULT_CUTS}, --quick {QUICK_CUTS})")
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the cut moments")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--cmd", default=f"{shlex.quote(sys.executable)} -m narrator.cli",
                        help="the wakkerdam command (default: this Python's narrator.cli)")
    parser.add_argument("--demo-args", default="", help="extra arguments for demo, e.g. '--players 12'")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a run counts as hung")
    parser.add_argument("--cuts-per-game", type=int, default=10,
                        help="about how many cuts each game gets (default 10)")
    parser.add_argument("--tear", type=float, default=0.1,
                        help="share of cuts after which the last journal line is also torn, as a "
                             "power cut mid-write would (default 0.1)")
    parser.add_argument("--fail-fast", action="store_true", help="stop cutting at the first problem")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cuts = args.cuts if args.cuts is not None else (QUICK_CUTS if args.quick else DEFAULT_CUTS)
    if min(cuts, args.jobs, args.cuts_per_game) < 1:
        parser.error("--cuts, --jobs and --cuts-per-game must be at least 1")
    if not 0 <= args.tear <= 1:
        parser.error("--tear is a share between 0 and 1")
    tally, seconds = run(shlex.split(args.cmd), cuts, args.seed, args.jobs,
                         shlex.split(args.demo_args), args.timeout, args.fail_fast,
                         args.cuts_per_game, args.tear)
    result = tally.as_dict(seconds)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"kill test: {result['cuts']} cuts over {result['games']} finished games, "
              f"{result['resumes']} resumes, {result['restarts']} restarts before the journal existed, "
              f"{result['torn_records']} torn last records found, {result['tears']} more torn "
              f"on purpose; {result['seconds']} s")
        print(f"  divergences {result['divergences']}, lost or changed decisions "
              f"{result['lost_or_changed']}, refused journals {result['refused_journals']}, "
              f"failures {result['failures']}, non-deterministic games {result['nondeterministic']}")
        for line in result["details"]:
            print(f"  - {line}")
    return 0 if tally.ok else 1


if __name__ == "__main__":
    sys.exit(main())
