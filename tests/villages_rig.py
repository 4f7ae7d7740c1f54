"""An evening of villages for the tests: pairing, a real mosquitto, optionally
the recording/faulty proxy, box processes, and the check that every player is
in exactly one village or in one journaled transfer, read from the journals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from narrator.journal import Journal, JournalError
from tests.mqtt_proxy import Proxy
from villages.broker import Broker
from villages.pairing import pair

ROOT = Path(__file__).resolve().parent.parent
ROLES = ("werewolf", "seer", "witch", "villager", "hunter", "villager")


def traveller(name: str, role: str) -> dict:
    """A player with his card, as the engine's ``Traveller`` crosses the network."""
    memory = {"potions": {"save": True, "poison": True}} if role == "witch" else {}
    return {"name": name, "role": role, "memory": memory, "charmed": False, "powerless": False, "lover": None}


@dataclass
class Where:
    """Where everyone is, at one consistent moment of the journals."""

    villages: dict[str, set[str]]
    travelling: dict[str, str]  # transfer id -> name
    problems: list[str] = field(default_factory=list)
    joins: dict[str, int] = field(default_factory=dict)

    def count(self, name: str) -> int:
        return sum(name in v for v in self.villages.values()) + sum(
            n == name for n in self.travelling.values())


def starting_names(header: dict) -> list[str]:
    """The village's players at the start: the test box's roster, or a game's set-up."""
    if "players" in header:
        return [p["name"] for p in header["players"]]
    return list(header["setup"]["players"])


def where(snapshot: dict[str, tuple[dict, list[dict]]]) -> Where:
    villages: dict[str, set[str]] = {}
    names: dict[str, str] = {}
    left: dict[str, str] = {}
    joins: dict[str, int] = {}
    problems = []
    for box, (header, records) in snapshot.items():
        here = set(starting_names(header))
        for r in records:
            if r["type"] in ("leave", "arrived"):
                names[r["id"]] = r["name"]
            if r["type"] == "leave":
                left[r["id"]] = r["name"]
                if r["name"] not in here:
                    problems.append(f"{box}: {r['name']} left but was not there")
                here.discard(r["name"])
            elif r["type"] == "join":
                name = names[r["id"]]
                joins[r["id"]] = joins.get(r["id"], 0) + 1
                if name in here:
                    problems.append(f"{box}: {name} let in twice")
                here.add(name)
        villages[box] = here
    travelling = {tid: name for tid, name in left.items() if tid not in joins}
    problems += [f"transfer {tid} let in {n} times" for tid, n in joins.items() if n != 1]
    return Where(villages, travelling, problems, joins)


class Rig:
    def __init__(self, tmp: Path, *, boxes: tuple[str, ...] = ("noord", "zuid", "oost"), days: int = 4,
                 players: int = 6, movers: int = 1, limit: int = 2, wait: float = 2.0,
                 resend: float = 0.4, proxy: dict | None = None, seed: int = 0,
                 days_by_box: dict[str, int] | None = None, settle: float | None = None) -> None:
        """``seed`` changes every box's draws; ``days_by_box``: how many days
        each village plays (default ``days``, one more for every second box)."""
        self.tmp = tmp
        self.boxes = boxes
        pairings = pair(boxes, tmp / "pairing", limit_in=limit, limit_out=limit)
        self.broker = Broker(tmp / "pairing").start()
        # to double MQTT packets the proxy must see them (TLS at both ends); to delay, TLS records will do
        tls = tmp / "pairing" / "broker" if proxy and (
            proxy.get("duplicate_every") or proxy.get("drop") or proxy.get("duplicate")) else None
        self.proxy = Proxy(self.broker.port, tls=tls, **proxy) if proxy is not None else None
        port = self.proxy.port if self.proxy else self.broker.port
        self.configs: dict[str, Path] = {}
        self.everyone: set[str] = set()
        for i, b in enumerate(boxes):
            folder = tmp / b
            pairings[b].with_broker("127.0.0.1", port).save(folder / "pairing.json")
            people = [traveller(f"{b.capitalize()}{k + 1}", ROLES[k % len(ROLES)]) for k in range(players)]
            self.everyone |= {p["name"] for p in people}
            cfg = {"box": b, "pairing": str(folder / "pairing.json"), "journal": str(folder / "journal"),
                   "stats": str(folder / "stats.json"), "players": people,
                   "days": days_by_box[b] if days_by_box else days + i % 2,
                   "movers": movers, "seed": 7 * i + 1 + 1000 * seed, "wait_seconds": wait,
                   "resend_seconds": resend, "settle_seconds": 6 * wait if settle is None else settle}
            self.configs[b] = folder / "config.json"
            self.configs[b].write_text(json.dumps(cfg))
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.snapshots = 0
        self.problems: list[str] = []
        self._watching = False

    def spawn(self, box: str) -> None:
        out = (self.tmp / box / "out.txt").open("ab")
        self.procs[box] = subprocess.Popen([sys.executable, "-m", "tests.villages_box", str(self.configs[box])],
                                           cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)

    def start(self) -> Rig:
        for b in self.boxes:
            self.spawn(b)
        self._watching = True
        self._watcher = threading.Thread(target=self._watch, daemon=True)
        self._watcher.start()
        return self

    def journal(self, box: str) -> tuple[dict, list[dict]] | None:
        path = self.tmp / box / "journal"
        try:
            j, _ = Journal.verify(path)
        except JournalError:
            return None
        return j.header, j.records()

    def snapshot(self) -> dict[str, tuple[dict, list[dict]]] | None:
        """A consistent cut: two reads in a row that agree (nothing changed
        between them, so that is how all the journals stood at one moment)."""
        first = {b: self.journal(b) for b in self.boxes}
        second = {b: self.journal(b) for b in self.boxes}
        if first != second or any(v is None for v in first.values()):
            return None
        return first  # type: ignore[return-value]

    def check(self, snap: dict[str, tuple[dict, list[dict]]]) -> Where:
        w = where(snap)
        problems = list(w.problems)
        for name in sorted(self.everyone):
            if (n := w.count(name)) != 1:
                problems.append(f"{name} is in {n} places")
        self.problems += problems
        return w

    def _watch(self) -> None:
        while self._watching:
            snap = self.snapshot()
            if snap is not None:
                self.snapshots += 1
                self.check(snap)
            time.sleep(0.03)  # the boxes share two cores with the checker

    def wait(self, timeout: float = 60.0) -> dict[str, int]:
        deadline = time.monotonic() + timeout
        codes = {}
        for b in self.boxes:
            codes[b] = self.procs[b].wait(timeout=max(0.1, deadline - time.monotonic()))
        self._watching = False
        self._watcher.join()
        return codes

    # -- for the fault runs -------------------------------------------------------
    def lowest_step(self) -> int:
        """The lowest step any village has reached (0 before they start)."""
        steps = []
        for box in self.boxes:
            snap = self.journal(box)
            steps.append(max((r["step"] for r in snap[1] if r["type"] == "step"), default=0) if snap else 0)
        return min(steps)

    def sending(self, box: str, records: list[dict]) -> bool:
        """A transfer left here and is not yet acknowledged."""
        settled = {r["id"] for r in records if r["type"] in ("acked", "returned")}
        return any(r["type"] == "leave" and r["id"] not in settled for r in records)

    def at_a_door(self, box: str, records: list[dict]) -> bool:
        """A newcomer arrived here and is not yet let in."""
        joined = {r["id"] for r in records if r["type"] == "join"}
        return any(r["type"] == "arrived" and r["id"] not in joined for r in records)

    def kill_when(self, found, timeout: float = 20.0) -> str | None:
        """SIGKILL the first box for which ``found(rig, box, records)`` holds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for box in self.boxes:
                snap = self.journal(box)
                if snap is not None and found(self, box, snap[1]) and self.procs[box].poll() is None:
                    os.kill(self.procs[box].pid, signal.SIGKILL)
                    self.procs[box].wait()
                    return box
            time.sleep(0.002)
        return None

    def figures(self) -> dict:
        """What the note reports: messages, the time to agree on night, faults."""
        stats = {b: self.stats(b) for b in self.boxes if (self.tmp / b / "stats.json").exists()}
        by_step: dict[int, list[dict]] = {}
        for st in stats.values():
            for x in st["barriers"]:
                by_step.setdefault(x["step"], []).append(x)
        agree = [1000 * (max(x["passed"] for x in xs) - max(x["ready"] for x in xs))
                 for k, xs in sorted(by_step.items())
                 if k % 3 == 1 and len(xs) == len(stats) and not any(x["went_on"] for x in xs)]
        days = max(by_step, default=3) // 3
        snap = self.snapshot()
        w = where(snap) if snap else None
        return {
            "days": days,
            "messages": sum(st["sent"] for st in stats.values()),
            "messages_per_day": round(sum(st["sent"] for st in stats.values()) / max(days, 1), 1),
            "agree_night_ms": sorted(agree),
            "transfers": len(w.joins) if w else None,
            "open_at_end": len(w.travelling) if w else None,
            "doubled": sum(1 for p in self.problems if "twice" in p or "times" in p),
            "problems": len(self.problems),
            "snapshots_checked": self.snapshots,
            "resends": sum(st["resends"] for st in stats.values()),
            "duplicates_dropped": sum(st["duplicates"] for st in stats.values()),
            "reconnects": sum(st["connects"] - 1 for st in stats.values()),
            "went_on_without": sum(st["went_on_without"] for st in stats.values()),
        }

    def stats(self, box: str) -> dict:
        return json.loads((self.tmp / box / "stats.json").read_text())

    def output(self, box: str) -> str:
        return (self.tmp / box / "out.txt").read_text()

    def close(self) -> None:
        self._watching = False
        for p in self.procs.values():
            if p.poll() is None:
                p.kill()
                p.wait()
        if self.proxy:
            self.proxy.close()
        self.broker.stop()
