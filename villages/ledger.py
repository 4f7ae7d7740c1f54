"""The transfers as one box's journal has them.

Every step of a transfer is a journal record (``narrator.journal``: fsync'd
before ``append`` returns) written *before* its effect is spoken or sent:

    at the village he leaves         at the village he goes to
    leave     {id, name, to, ...}  ->  arrived   {id, from, ...}   (then: ack)
    acked     {id}                 <-
                                       join      {id, day}         (let in, announced)
    returned  {id}  (refused, or sent home from a door that closed; then a join)

So a box that loses power finds in its own journal every transfer it still
owes: one to send again (left, not acked), one waiting at its door (arrived,
not joined). A transfer id is ``<box>-<n>``: a message seen twice is
recognised, never let in twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the record types this module writes (the moderator's are "decision", "undo")
TYPES = frozenset({"leave", "arrived", "acked", "join", "returned", "sent_back", "step"})


@dataclass
class Transfer:
    id: str
    name: str
    src: str
    dst: str
    day: int
    traveller: dict[str, Any]

    def message(self) -> dict[str, Any]:
        return {"type": "transfer", "id": self.id, "name": self.name, "from": self.src,
                "to": self.dst, "day": self.day, "traveller": self.traveller}


@dataclass
class Ledger:
    box: str
    journal: Any
    out: dict[str, Transfer] = field(default_factory=dict)
    acked: set[str] = field(default_factory=set)
    returned: set[str] = field(default_factory=set)
    inn: dict[str, Transfer] = field(default_factory=dict)
    joined: dict[str, int] = field(default_factory=dict)
    sent_back: set[str] = field(default_factory=set)
    step: int = 0

    @classmethod
    def open(cls, box: str, journal: Any) -> Ledger:
        ledger = cls(box, journal)
        for record in journal.records():
            ledger._apply(record)
        return ledger

    # writing: durable first, then the state in memory ------------------------
    def _write(self, record: dict[str, Any]) -> None:
        stored = dict(record)
        self.journal.append(stored)
        self._apply(stored)

    def leave(self, transfer: Transfer) -> None:
        self._write({"type": "leave", "id": transfer.id, "name": transfer.name, "to": transfer.dst,
                     "day": transfer.day, "traveller": transfer.traveller})

    def arrive(self, transfer: Transfer) -> None:
        self._write({"type": "arrived", "id": transfer.id, "name": transfer.name, "from": transfer.src,
                     "day": transfer.day, "traveller": transfer.traveller})

    def ack(self, tid: str) -> None:
        self._write({"type": "acked", "id": tid})

    def join(self, tid: str, day: int) -> None:
        self._write({"type": "join", "id": tid, "day": day})

    def return_home(self, tid: str) -> None:
        self._write({"type": "returned", "id": tid})

    def send_back(self, tid: str) -> None:
        self._write({"type": "sent_back", "id": tid})

    def reach(self, step: int) -> None:
        self._write({"type": "step", "step": step})

    def _apply(self, r: dict[str, Any]) -> None:
        kind = r.get("type")
        if kind == "leave":
            self.out[r["id"]] = Transfer(r["id"], r["name"], self.box, r["to"], r["day"], r["traveller"])
        elif kind == "arrived":
            self.inn[r["id"]] = Transfer(r["id"], r["name"], r["from"], self.box, r["day"], r["traveller"])
        elif kind == "acked":
            self.acked.add(r["id"])
        elif kind == "join":
            self.joined[r["id"]] = r["day"]
        elif kind == "returned":
            self.returned.add(r["id"])
        elif kind == "sent_back":
            self.sent_back.add(r["id"])
        elif kind == "step":
            self.step = max(self.step, r["step"])

    # reading ----------------------------------------------------------------
    def next_id(self) -> str:
        return f"{self.box}-{len(self.out) + 1}"

    def knows(self, tid: str) -> bool:
        return tid in self.inn or tid in self.out

    def unsettled(self) -> list[Transfer]:
        """Left here, neither acknowledged nor come back: to be sent (again)."""
        return [t for t in self.out.values() if t.id not in self.acked and t.id not in self.returned]

    def at_door(self) -> list[Transfer]:
        """Waiting to be let in: newcomers, and our own coming back."""
        waiting = [t for t in self.inn.values() if t.id not in self.joined and t.id not in self.sent_back]
        waiting += [t for t in self.out.values() if t.id in self.returned and t.id not in self.joined]
        return waiting

    def left_on(self, day: int) -> int:
        return sum(1 for t in self.out.values() if t.day == day)

    def let_in_on(self, day: int) -> int:
        """Newcomers let in that day (our own coming home do not count)."""
        return sum(1 for tid, d in self.joined.items() if d == day and tid in self.inn)
