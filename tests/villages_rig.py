"""An evening of villages for the tests: pairing, a real mosquitto, optionally
the recording/faulty proxy, box processes, and the check that every player is
in exactly one village or in one journaled transfer, read from the journals."""

from __future__ import annotations

import json
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
                 resend: float = 0.4, proxy: dict | None = None) -> None:
        self.tmp = tmp
        self.boxes = boxes
        pairings = pair(boxes, tmp / "pairing", limit_in=limit, limit_out=limit)
        self.broker = Broker(tmp / "pairing").start()
        self.proxy = Proxy(self.broker.port, **proxy) if proxy is not None else None
        port = self.proxy.port if self.proxy else self.broker.port
        self.configs: dict[str, Path] = {}
        self.everyone: set[str] = set()
        for i, b in enumerate(boxes):
            folder = tmp / b
            pairings[b].with_broker("127.0.0.1", port).save(folder / "pairing.json")
            people = [{"name": f"{b.capitalize()}{k + 1}", "role": ROLES[k % len(ROLES)],
                       "state": {"potions": ["save", "poison"]} if ROLES[k % len(ROLES)] == "witch" else {}}
                      for k in range(players)]
            self.everyone |= {p["name"] for p in people}
            cfg = {"box": b, "pairing": str(folder / "pairing.json"), "journal": str(folder / "journal"),
                   "stats": str(folder / "stats.json"), "players": people, "days": days + i % 2,
                   "movers": movers, "seed": 7 * i + 1, "wait_seconds": wait, "resend_seconds": resend,
                   "settle_seconds": 6 * wait}
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
