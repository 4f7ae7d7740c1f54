"""The transfers as one box's journal has them.

Every step of a transfer is a journal record (``narrator.journal``: fsync'd
before ``append`` returns) written *before* its effect is spoken or sent:

    at the village he leaves           at the village he goes to
    leave     {id, name, to, ...}  ->  arrived   {id, from, ...}   (then: its state says so)
    acked     {id}                 <-
                                       join      {id, day}         (let in, announced)
                                       sent_back {id, step}        (or: turned away at its door)
    returned  {id, step}           <-  (his village lets him in at its next door: a join)

and the evening's own: ``step`` {step, live} (this box reached a step of the
evening, its game going on or over), ``final`` (over, every newcomer it will
ever get decided), ``epoch`` {n} (a start of the box: its messages' sequence).

So a box that loses power finds in its own journal every transfer it still
owes: one to send again (left, not acked), one waiting at its door (arrived,
not joined). A transfer id is ``<box>-<n>``: a message seen twice is
recognised, never let in twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the record types this module writes (the moderator's are "decision", "undo")
TYPES = frozenset({"leave", "arrived", "acked", "join", "returned", "sent_back", "step", "final", "epoch"})


@dataclass
class Transfer:
    id: str
    name: str
    src: str
    dst: str
    day: int
    traveller: dict[str, Any]

    def message(self) -> dict[str, Any]:
        return {"type": "transfer", "id": self.id, "name": self.name, "to": self.dst, "day": self.day,
                "traveller": self.traveller}

    @property
    def number(self) -> int:
        return int(self.id.rpartition("-")[2])


@dataclass
class Ledger:
    box: str
    journal: Any
    out: dict[str, Transfer] = field(default_factory=dict)
    acked: set[str] = field(default_factory=set)
    #: ours sent back to us: id -> the step of the other village that decided it
    returned: dict[str, int] = field(default_factory=dict)
    inn: dict[str, Transfer] = field(default_factory=dict)
    joined: dict[str, int] = field(default_factory=dict)
    #: newcomers we sent back: id -> our step when we did
    sent_back: dict[str, int] = field(default_factory=dict)
    step: int = 0
    #: the last day this village reached with its game going on
    live_until: int = 0
    final: bool = False
    epoch: int = 0
    #: ours let in by the other village (its state says so; not journaled:
    #: the states are retained at the broker, heard again after a restart)
    settled_out: set[str] = field(default_factory=set)

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

    def return_home(self, tid: str, step: int) -> None:
        self._write({"type": "returned", "id": tid, "step": step})

    def send_back(self, tid: str) -> None:
        self._write({"type": "sent_back", "id": tid, "step": self.step})

    def reach(self, step: int, live: bool) -> None:
        self._write({"type": "step", "step": step, "live": live})

    def mark_final(self) -> None:
        self._write({"type": "final"})

    def start(self) -> int:
        """A new start of the box: its messages are numbered from here."""
        self._write({"type": "epoch", "n": self.epoch + 1})
        return self.epoch

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
            self.returned[r["id"]] = int(r.get("step", 0))
        elif kind == "sent_back":
            self.sent_back[r["id"]] = int(r.get("step", 0))
        elif kind == "step":
            self.step = max(self.step, r["step"])
            if r["step"] % 3 == 2 and r.get("live", True):  # a day, reached with the game going on
                self.live_until = max(self.live_until, (r["step"] - 1) // 3 + 1)
        elif kind == "final":
            self.final = True
        elif kind == "epoch":
            self.epoch = max(self.epoch, int(r["n"]))

    # reading ----------------------------------------------------------------
    def next_id(self) -> str:
        return f"{self.box}-{len(self.out) + 1}"

    def knows(self, tid: str) -> bool:
        return tid in self.inn or tid in self.out

    def unsettled(self) -> list[Transfer]:
        """Left here, neither let in there nor come back: still on our books."""
        return [t for t in self.out.values() if t.id not in self.settled_out and t.id not in self.returned]

    def unacked(self) -> list[Transfer]:
        """Left here, not yet arrived there (as far as we heard): to send (again)."""
        return [t for t in self.out.values() if t.id not in self.acked and t.id not in self.returned]

    def newcomers(self, day: int) -> list[Transfer]:
        """Waiting at our door on ``day``: those who set out on it or before,
        in an order every box agrees on (the day, the sender, its count)."""
        waiting = [t for t in self.inn.values()
                   if t.day <= day and t.id not in self.joined and t.id not in self.sent_back]
        return sorted(waiting, key=lambda t: (t.day, t.src, t.number))

    def coming_home(self, before_step: int) -> list[Transfer]:
        """Ours sent back by a decision taken before ``before_step``, not yet let in."""
        return sorted((t for t in self.out.values()
                       if self.returned.get(t.id, before_step) < before_step and t.id not in self.joined),
                      key=lambda t: t.number)

    def left_on(self, day: int) -> int:
        return sum(1 for t in self.out.values() if t.day == day)

    def let_in_on(self, day: int) -> int:
        """Newcomers let in that day (our own coming home do not count)."""
        return sum(1 for tid, d in self.joined.items() if d == day and tid in self.inn)
