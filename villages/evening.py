"""One box's side of the evening: night and day in step with the other
villages, and players moving between them.

The steps of an evening, the same for every box (``step()``):

    night n  ->  day n  ->  doors n  ->  night n+1 ...

At each step a box says it is ready (its *state*, retained at the broker) and
waits until every other village is ready too: the slower one is waited for.
A village that stays silent is waited for ``wait_seconds``, then the others go
on without it; it is not waited for again until it has caught up (its own
barriers then pass at once, the others being ahead).

Leaving is only possible in the day (before *doors*); at *doors* each village
waits also for every transfer the others' states say is on its way to it, then
lets in whom its limit allows; the rest wait at the door for the next day.

The transport is at-least-once (QoS 1, persistent sessions, and the sender
sends again every ``resend_seconds`` until acknowledged); the ledger makes it
exactly-once (a transfer id seen twice is acknowledged again, never let in
twice).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from villages.errors import BrokerError, NotAllowed, WrongKey, line
from villages.ledger import Ledger, Transfer
from villages.link import Link, Received
from villages.pairing import Pairing
from villages.seal import seal, unseal

NIGHT, DAY, DOORS = 0, 1, 2
#: for the power-cut test only: seconds to stand still right after a departure
#: is journaled, before anyone hears of it (tests/test_villages_demo.py)
HOLD_AFTER_LEAVE = "WAKKERDAM_TEST_HOLD_AFTER_LEAVE"
_PHASES = ("night", "day", "doors")


def step(phase: int, n: int) -> int:
    """The evening's steps in order: night 1 is 1, day 1 is 2, doors 1 is 3, ..."""
    return 3 * (n - 1) + phase + 1


def step_name(k: int) -> str:
    return f"{_PHASES[(k - 1) % 3]} {(k - 1) // 3 + 1}"


@dataclass
class Peer:
    box: str
    step: int = 0
    over: bool = False
    #: every transfer this village ever sent, by destination
    sent: dict[str, set[str]] = field(default_factory=dict)
    #: over, with nothing of its own on the way and nobody at its door
    done: bool = False
    #: missed a barrier: not waited for until it has caught up
    behind: bool = False
    #: when it was last heard from (time.monotonic()), None: not since we started
    heard_at: float | None = None


@dataclass
class Stats:
    #: per barrier: step, when this box was ready, when it went on (time.time())
    barriers: list[dict[str, Any]] = field(default_factory=list)
    wrong_key: int = 0
    duplicates: int = 0
    resends: int = 0
    went_on_without: int = 0

    def to_dict(self, link: Link) -> dict[str, Any]:
        return {"barriers": self.barriers, "wrong_key": self.wrong_key, "duplicates": self.duplicates,
                "resends": self.resends, "went_on_without": self.went_on_without,
                "sent": link.sent, "received": link.received, "connects": link.connects}


class Evening:
    def __init__(self, pairing: Pairing, journal: Any, *, lang: str = "nl", wait_seconds: float = 60.0,
                 resend_seconds: float = 3.0, settle_seconds: float | None = None,
                 on_line: Callable[[str], None] | None = None) -> None:
        self.pairing = pairing
        self.me = pairing.box
        self.lang = lang
        self.wait_seconds = wait_seconds
        self.resend_seconds = resend_seconds
        self.settle_seconds = settle_seconds if settle_seconds is not None else 4 * wait_seconds
        self.on_line = on_line or (lambda _line: None)
        self.ledger = Ledger.open(pairing.box, journal)
        self.peers = {b: Peer(b) for b in pairing.peers}
        self.over = False
        self.stats = Stats()
        self.link = Link(pairing)
        self.link.on_connect = self._on_connect
        self._state_payload = b""
        self._last_sent: dict[str, float] = {}
        self._tries: dict[str, int] = {}
        self._resend_all = True
        self._said: set[str] = set()

    # -- connection -----------------------------------------------------------
    def start(self, connect_seconds: float = 10.0) -> None:
        """Connect: a broker not reached, not trusted (its certificate), or
        that refuses this box (unknown, wrong password) is one clear error;
        after that, a broker that goes away is waited for by paho."""
        self._refresh_state()
        self.link.check(connect_seconds)
        self.link.start()
        deadline = time.monotonic() + connect_seconds
        while time.monotonic() < deadline and not self.link.connected.is_set():
            if self.link.refused is not None:
                self.link.close()
                raise BrokerError("villages.broker_refused", box=self.me, reason=self.link.refused)
            time.sleep(0.01)

    def close(self) -> None:
        self.link.close()

    def _on_connect(self) -> None:
        # paho's thread: only the prepared, sealed state; the rest in pump().
        self.link.publish(self.pairing.state_topic(), self._state_payload, retain=True)
        self._resend_all = True

    def _refresh_state(self) -> None:
        # Only what grows (steps, sent transfers) or turns true once (over,
        # done): states that arrive out of order merge to the same picture.
        sent: dict[str, list[str]] = {}
        for t in self.ledger.out.values():
            sent.setdefault(t.dst, []).append(t.id)
        self._state_payload = seal(self.pairing.key, {
            "type": "state", "box": self.me, "step": self.ledger.step, "over": self.over,
            "done": self._is_done(), "sent": sent,
        })

    def _publish_state(self) -> None:
        self._refresh_state()
        self.link.publish(self.pairing.state_topic(), self._state_payload, retain=True)

    def _send(self, box: str, message: dict[str, Any]) -> None:
        self.link.publish(self.pairing.inbox(box),
                          seal(self.pairing.key, {**message, "from": self.me, "to": box}))

    def _say_once(self, key: str, **params: Any) -> None:
        text = line(self.lang, key, **params)
        if text not in self._said:
            self._said.add(text)
            self.on_line(text)

    # -- receiving ----------------------------------------------------------------
    def pump(self, seconds: float = 0.0) -> None:
        """Take what has come in (for up to ``seconds``) and send again what is
        not yet acknowledged."""
        deadline = time.monotonic() + seconds
        while True:
            msg = self.link.take(min(0.02, max(0.0, deadline - time.monotonic())))
            if msg is not None:
                self._receive(msg)
            self._resend()
            if msg is None and time.monotonic() >= deadline:
                return

    def _resend(self) -> None:
        """Each unacknowledged transfer again, less often each time (a slow
        village is not flooded), and all of them after a reconnect."""
        if not self.link.connected.is_set():
            return  # paho holds what was sent; a reconnect sends all again
        now = time.monotonic()
        force, self._resend_all = self._resend_all, False
        for t in self.ledger.unsettled():
            last = self._last_sent.get(t.id)
            tries = self._tries.get(t.id, 0)
            if force or last is None or now - last >= self.resend_seconds * min(2 ** tries, 16):
                if last is not None:
                    self.stats.resends += 1
                    self._tries[t.id] = tries + 1
                self._last_sent[t.id] = now
                self._send(t.dst, t.message())

    def _receive(self, msg: Received) -> None:
        try:
            m = unseal(self.pairing.key, msg.payload)
        except WrongKey as exc:
            self.stats.wrong_key += 1
            self._say_once(exc.key)
            return
        sender = m.get("from") if m.get("type") != "state" else m.get("box")
        topic_ok = (msg.topic == self.pairing.inbox() and m.get("to") == self.me) or (
            m.get("type") == "state" and msg.topic == self.pairing.state_topic(str(sender)))
        if sender not in self.peers or not topic_ok:
            return  # sealed by this evening but not meant for us (a replay)
        peer = self.peers[sender]
        peer.heard_at = time.monotonic()
        kind = m.get("type")
        if kind == "state":
            self._merge_state(peer, m)
        elif kind == "transfer":
            self._incoming(m)
        elif kind == "ack":
            self._answered(str(m["id"]), self.ledger.acked, self.ledger.ack)
        elif kind == "refused":
            self._answered(str(m["id"]), self.ledger.returned, self.ledger.return_home)

    def _answered(self, tid: str, seen: set[str], record: Callable[[str], None]) -> None:
        """The other village's answer to one of ours, written once however often it comes."""
        if tid in self.ledger.out and tid not in seen:
            record(tid)
            self._publish_state()
        else:
            self.stats.duplicates += 1

    def _merge_state(self, peer: Peer, m: dict[str, Any]) -> None:
        peer.step = max(peer.step, int(m["step"]))
        peer.over = peer.over or bool(m["over"])
        peer.done = peer.done or bool(m["done"])
        for dst, ids in m["sent"].items():
            peer.sent.setdefault(dst, set()).update(ids)
        if peer.step >= self.ledger.step:
            peer.behind = False

    def _incoming(self, m: dict[str, Any]) -> None:
        tid = str(m["id"])
        if self.ledger.knows(tid):
            self.stats.duplicates += 1
            reply = "refused" if tid in self.ledger.sent_back else "ack"
            self._send(m["from"], {"type": reply, "id": tid})
            return
        if self.over:
            # This village's game is over: he goes home (his village lets him in again).
            self._send(m["from"], {"type": "refused", "id": tid})
            return
        t = Transfer(tid, str(m["name"]), str(m["from"]), self.me, int(m["day"]), dict(m["traveller"]))
        self.ledger.arrive(t)  # durable before the ack: from now on he is ours to let in
        self._send(t.src, {"type": "ack", "id": tid})

    # -- the steps ---------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.ledger.step

    def reach(self, phase: int, n: int) -> list[str]:
        """Ready for ``phase`` of day/night ``n``: wait for the others (bounded).
        Returns the villages gone on without."""
        k = step(phase, n)
        if k > self.ledger.step:
            self.ledger.reach(k)
        self._publish_state()
        ready = time.time()
        deadline = time.monotonic() + self.wait_seconds
        went_on: list[str] = []
        while True:
            self.pump(0.0)
            waiting = self._waiting_for(k)
            if not waiting:
                break
            if time.monotonic() >= deadline:
                for box in waiting:
                    self.peers[box].behind = True
                    self.on_line(line(self.lang, "villages.went_on", village=box))
                went_on = waiting
                self.stats.went_on_without += len(waiting)
                break
            self.pump(0.01)
        self.stats.barriers.append({"step": k, "ready": ready, "passed": time.time(), "went_on": went_on})
        return went_on

    def _waiting_for(self, k: int) -> list[str]:
        waiting = [p.box for p in self.peers.values() if not p.over and not p.behind and p.step < k]
        if k % 3 == 0:  # doors: also every transfer on its way here
            for p in self.peers.values():
                if not p.behind and any(not self.ledger.knows(t) for t in p.sent.get(self.me, ())):
                    waiting.append(p.box)
        return sorted(set(waiting))

    # -- moving ---------------------------------------------------------------------
    def open_villages(self) -> list[str]:
        """Where a player may go now: the villages whose game goes on (as
        far as we have heard since we started)."""
        return [p.box for p in self.peers.values() if p.heard_at is not None and not p.over]

    def may_leave(self, day: int) -> int:
        """How many more may leave today (0 outside the day)."""
        if self.over or self.ledger.step != step(DAY, day):
            return 0
        return max(0, self.pairing.limit_out - self.ledger.left_on(day))

    def check_leave(self, to: str, day: int) -> None:
        if self.over or self.ledger.step != step(DAY, day):
            raise NotAllowed("villages.not_now")
        if to not in self.open_villages():
            raise NotAllowed("villages.no_such_village", village=to)
        if self.ledger.left_on(day) >= self.pairing.limit_out:
            raise NotAllowed("villages.limit_out", limit=self.pairing.limit_out)

    def leave(self, name: str, to: str, day: int, traveller: dict[str, Any]) -> Transfer:
        """Journal the departure (call :meth:`check_leave` first), then send it."""
        self.check_leave(to, day)
        t = Transfer(self.ledger.next_id(), name, self.me, to, day, traveller)
        self.ledger.leave(t)
        if hold := float(os.environ.get(HOLD_AFTER_LEAVE) or 0):
            time.sleep(hold)
        self._publish_state()
        self._last_sent[t.id] = time.monotonic()
        self._send(to, t.message())
        return t

    def at_door(self, day: int) -> list[Transfer]:
        """Whom to let in today: everyone of ours coming home, and newcomers
        as far as the limit goes (the others wait for the next day)."""
        room = max(0, self.pairing.limit_in - self.ledger.let_in_on(day))
        home = [t for t in self.ledger.at_door() if t.src == self.me]
        newcomers = [t for t in self.ledger.at_door() if t.src != self.me]
        return home + newcomers[:room]

    def admit(self, t: Transfer, day: int) -> None:
        """Journal that ``t`` is let in (before the game hears of it)."""
        self.ledger.join(t.id, day)

    # -- the end -----------------------------------------------------------------
    def finish(self) -> list[Transfer]:
        """This village's game is over: send the door's newcomers home, take our
        own back, and stay in the evening until every other village is done
        (over, with nothing on the way and nobody at its door) or silent for
        ``settle_seconds``. Returns the transfers still open then (none in a
        good evening)."""
        self.over = True
        self._publish_state()
        since = time.monotonic()
        while True:
            self._close_door()
            if self._settled() or self._others_silent(since):
                break
            self.pump(0.05)
        self.pump(0.2)  # the last answers out
        self._close_door()
        return self.ledger.unsettled()

    def turn_away(self, t: Transfer) -> None:
        """A newcomer this village does not let in: journaled, then his own
        village hears he comes home."""
        self.ledger.send_back(t.id)
        self._send(t.src, {"type": "refused", "id": t.id})

    def _close_door(self) -> None:
        waiting = self.ledger.at_door()
        for t in waiting:
            if t.src == self.me:
                self.ledger.join(t.id, 0)  # home after the end: no game to join
            else:
                self.turn_away(t)
        if waiting:
            self._publish_state()

    def _waiting_on(self) -> list[Peer]:
        """The villages this one still stays for: every one not yet done (it
        may still send us someone, or send one of ours back)."""
        return [p for p in self.peers.values() if not p.done]

    def _settled(self) -> bool:
        return self._is_done() and not self._waiting_on()

    def _is_done(self) -> bool:
        return self.over and not self.ledger.unsettled() and not self.ledger.at_door()

    def _others_silent(self, since: float) -> bool:
        """Every village we stay for has said nothing for ``settle_seconds``
        (one that plays on says something at each of its steps)."""
        now = time.monotonic()
        return all(now - max(since, p.heard_at or since) >= self.settle_seconds for p in self._waiting_on())

    def stats_dict(self) -> dict[str, Any]:
        return self.stats.to_dict(self.link)
