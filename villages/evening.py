"""One box's side of the evening: night and day in step with the other
villages, and players moving between them.

The steps of an evening, the same for every box (``step()``):

    night n  ->  day n  ->  doors n  ->  night n+1 ...

At each step a box says it is ready (its *state*, retained at the broker) and
waits until every other village is ready too: the slower one is waited for.
A village that stays silent is waited for ``wait_seconds``, then the others go
on without it; it is not waited for again until it has caught up (its own
barriers then pass at once, the others being ahead).

The same seeds play the same evening (issue 29, 6), however fast each box
is and whatever the network drops, doubles or delays: what a village decides
at a step depends only on what every village decided before that step, and
a box passes a step only once it has heard all of that. A state is
cumulative (every transfer a village ever sent, got, let in and sent back,
each send-back with the step it was decided at), so any state a village
publishes at step k or later holds everything it decided before k.

- The villages one may leave for on day n are those whose state says they
  reached day n with their game going on.
- Leaving is only possible in the day (before *doors*). At doors n a village
  waits for every transfer sent to it on day n or before, then lets in:
  first its own sent back by a decision taken before doors n, then the
  newcomers (by day, sender and count, an order every box agrees on) as far
  as its limit goes; the rest wait at the door for the next day.
- A village whose game is over first waits for what may still come to it
  (the transfers of its last day), sends every newcomer at its door home and
  says it is *final*; its own who come back after that are home after the end.

The transport is at-least-once (QoS 1, persistent sessions, the sender sends
again every ``resend_seconds`` until the other's state says it arrived, and
a state again while it waits); the ledger makes it exactly-once (a transfer
id seen twice is never let in twice). Every message is signed by its sender
and checked before use (``villages/messages.py``): a bad one is refused with
one log line, never a crash.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from villages.broker import AUTOSAVE_SECONDS
from villages.errors import BrokerError, NotAllowed, WrongKey, line
from villages.ledger import Ledger, Transfer
from villages.link import Link, Received
from villages.messages import MAX_DAY, BadMessage, transfer_id
from villages.pairing import Pairing

NIGHT, DAY, DOORS = 0, 1, 2
#: for the power-cut test only: seconds to stand still right after a departure
#: is journaled, before anyone hears of it (tests/test_villages_demo.py)
HOLD_AFTER_LEAVE = "WAKKERDAM_TEST_HOLD_AFTER_LEAVE"
_PHASES = ("night", "day", "doors")
log = logging.getLogger("wakkerdam.villages")


def step(phase: int, n: int) -> int:
    """The evening's steps in order: night 1 is 1, day 1 is 2, doors 1 is 3, ..."""
    return 3 * (n - 1) + phase + 1


def step_name(k: int) -> str:
    return f"{_PHASES[(k - 1) % 3]} {(k - 1) // 3 + 1}"


@dataclass
class Peer:
    box: str
    step: int = 0
    #: the last day it reached with its game going on (a place to go to that day)
    live_until: int = 0
    #: over, and every newcomer it will ever get decided
    final: bool = False
    #: final, and nothing of its own open anywhere
    done: bool = False
    #: the transfers it sent to us: id -> day
    sent: dict[str, int] = field(default_factory=dict)
    #: missed a barrier: not waited for until it has caught up
    behind: bool = False
    #: when it was last heard from (time.monotonic()), None: not since we started
    heard_at: float | None = None


@dataclass
class Stats:
    #: per barrier: step, when this box was ready, when it went on (time.time())
    barriers: list[dict[str, Any]] = field(default_factory=list)
    wrong_key: int = 0
    refused: int = 0
    duplicates: int = 0
    resends: int = 0
    went_on_without: int = 0

    def to_dict(self, link: Link) -> dict[str, Any]:
        return {"barriers": self.barriers, "wrong_key": self.wrong_key, "refused": self.refused,
                "duplicates": self.duplicates, "resends": self.resends,
                "went_on_without": self.went_on_without, "sent": link.sent, "received": link.received,
                "connects": link.connects}


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
        self.signer = pairing.signer()
        self.reader = pairing.reader()
        self.link = Link(pairing)
        self.link.on_connect = self._on_connect
        self._state_payload = b""
        self._state_said: dict[str, Any] = {}
        self._state_at = 0.0
        self._state_due = False
        self._seq = (self.ledger.epoch, 0)
        #: our newest state, and the newest the broker has sent back to us (so it holds it)
        self._state_seq = self._echoed = (-1, -1)
        #: when, and on which connection, the broker sent our newest state back
        self._echoed_at = (0.0, -1)
        #: the newest sequence number taken on each (sender, topic)
        self._heard: dict[tuple[str, str], tuple[int, int]] = {}
        self._last_sent: dict[str, float] = {}
        self._tries: dict[str, int] = {}
        self._resend_all = True
        self._said: set[str] = set()

    # -- connection -----------------------------------------------------------
    def start(self, connect_seconds: float = 10.0) -> None:
        """Connect: a broker not reached, not trusted (its certificate), or
        that refuses this box (unknown, wrong password) is one clear error;
        after that, a broker that goes away is waited for by paho."""
        self._seq = (self.ledger.start(), 0)
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

    def _sealed(self, topic: str, body: dict[str, Any]) -> bytes:
        self._seq = (self._seq[0], self._seq[1] + 1)
        return self.signer.seal(topic, self._seq, body)

    def state_body(self) -> dict[str, Any]:
        """What this village has decided, all of it (see the module's doc)."""
        ledger = self.ledger
        sent: dict[str, dict[str, int]] = {}
        for t in ledger.out.values():
            sent.setdefault(t.dst, {})[t.id] = t.day
        return {"type": "state", "step": ledger.step, "live": ledger.live_until, "final": ledger.final,
                "done": self._is_done(), "sent": sent, "got": sorted(ledger.inn),
                "joined": sorted(t for t in ledger.joined if t in ledger.inn), "back": dict(ledger.sent_back)}

    def _refresh_state(self) -> None:
        topic = self.pairing.state_topic()
        self._state_said = self.state_body()
        self._state_payload = self._sealed(topic, self._state_said)
        self._state_seq = self._seq

    def _publish_state(self) -> None:
        self._refresh_state()
        self._state_at, self._state_due = time.monotonic(), False
        self.link.publish(self.pairing.state_topic(), self._state_payload, retain=True)

    def _send(self, box: str, message: dict[str, Any]) -> None:
        topic = self.pairing.inbox(box)
        self.link.publish(topic, self._sealed(topic, message))

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
            if self._state_due:
                self._publish_state()
            if msg is None and time.monotonic() >= deadline:
                return

    def _resend(self) -> None:
        """Each transfer not yet arrived again, less often each time (a slow
        village is not flooded), and all of them after a reconnect."""
        if not self.link.connected.is_set():
            return  # paho holds what was sent; a reconnect sends all again
        now = time.monotonic()
        force, self._resend_all = self._resend_all, False
        for t in self.ledger.unacked():
            last = self._last_sent.get(t.id)
            tries = self._tries.get(t.id, 0)
            if force or last is None or now - last >= self.resend_seconds * min(2 ** tries, 16):
                if last is not None:
                    self.stats.resends += 1
                    self._tries[t.id] = tries + 1
                self._last_sent[t.id] = now
                self._send(t.dst, t.message())

    def _receive(self, msg: Received) -> None:
        """One message off the network: checked, then used; a bad one is
        refused with one log line and changes nothing."""
        try:
            m = self.reader.open(msg.topic, msg.payload)
        except WrongKey as exc:
            self.stats.wrong_key += 1
            self._say_once(exc.key)
            return
        except BadMessage as exc:
            self._refuse(exc)
            return
        if m.sender == self.me:  # our own state, back from the broker: it holds it
            if m.seq > self._echoed:
                self._echoed, self._echoed_at = m.seq, (time.monotonic(), self.link.connects)
            return
        key = (m.sender, m.topic)
        if m.seq <= self._heard.get(key, (-1, -1)):
            self.stats.duplicates += 1  # doubled on the way, or older than one taken
            return
        peer = self.peers[m.sender]
        try:
            if m.body["type"] == "state":
                self._merge_state(peer, m.body)
            else:
                self._incoming(m.sender, m.body)
        except BadMessage as exc:
            self._refuse(exc)
            return
        self._heard[key] = m.seq
        peer.heard_at = time.monotonic()

    def _refuse(self, exc: BadMessage) -> None:
        self.stats.refused += 1
        log.warning("%s: refused a message from %s: %s", self.me, exc.sender or "a stranger", exc.reason)
        if exc.sender:
            self._say_once("villages.refused", village=exc.sender)
        else:
            self._say_once("villages.refused_stranger")

    def _merge_state(self, peer: Peer, m: dict[str, Any]) -> None:
        """A village's state: checked against our own books first (nobody
        answers for a transfer we did not send it), then taken in."""
        out = self.ledger.out
        mine = [t for field_ in ("got", "joined", "back") for t in m[field_] if transfer_id(t, self.me)]
        if any(t not in out or out[t].dst != peer.box for t in mine):
            raise BadMessage("answers for a transfer not sent to it", peer.box)
        if set(m["joined"]) & set(m["back"]) or not set(m["joined"]) <= set(m["got"]):
            raise BadMessage("a transfer both let in and sent back", peer.box)
        peer.step = max(peer.step, m["step"])
        peer.live_until = max(peer.live_until, m["live"])
        peer.final = peer.final or m["final"]
        peer.done = peer.done or m["done"]
        peer.sent.update(m["sent"].get(self.me, {}))
        changed = False
        for tid in m["got"]:
            if transfer_id(tid, self.me) and tid not in self.ledger.acked:
                self.ledger.ack(tid)
        for tid in m["joined"]:
            if transfer_id(tid, self.me) and tid not in self.ledger.settled_out:
                self.ledger.settled_out.add(tid)
                changed = True
        for tid, at in m["back"].items():
            if transfer_id(tid, self.me) and tid not in self.ledger.returned:
                self.ledger.return_home(tid, at)  # let in at our first door after ``at``
                changed = True
        if peer.step >= self.ledger.step:
            peer.behind = False
        if changed and self.ledger.final:
            self._state_due = True  # "done" may have turned true

    def _incoming(self, sender: str, m: dict[str, Any]) -> None:
        tid = m["id"]
        if self.ledger.knows(tid):
            self.stats.duplicates += 1
            self._state_due = True  # our state says it arrived: the sender stops
            return
        t = Transfer(tid, m["name"], sender, self.me, m["day"], m["traveller"])
        self.ledger.arrive(t)  # durable before our state says so: from now on he is ours to decide
        if self.ledger.final:
            self.ledger.send_back(tid)  # nobody is let in here any more
        self._state_due = True

    # -- the steps ---------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.ledger.step

    def reach(self, phase: int, n: int, *, live: bool = True) -> list[str]:
        """Ready for ``phase`` of day/night ``n`` (``live``: this village's
        game goes on): wait for the others (bounded). Returns the villages
        gone on without."""
        k = step(phase, n)
        if k > self.ledger.step:
            self.ledger.reach(k, live)
        self._publish_state()
        ready = time.time()
        went_on = self._wait(lambda: self._waiting_for(k, n if phase == DOORS else 0))
        self.stats.barriers.append({"step": k, "ready": ready, "passed": time.time(), "went_on": went_on})
        return went_on

    def _wait(self, waiting: Callable[[], list[str]]) -> list[str]:
        """Until ``waiting()`` names no village, or for ``wait_seconds``:
        then the villages it still names are gone on without."""
        deadline = time.monotonic() + self.wait_seconds
        while True:
            self.pump(0.0)
            still = waiting()
            if not still:
                return []
            if time.monotonic() >= deadline:
                for box in still:
                    self.peers[box].behind = True
                    self.on_line(line(self.lang, "villages.went_on", village=box))
                self.stats.went_on_without += len(still)
                return still
            self._keep_asking()
            self.pump(0.01)

    def _keep_asking(self) -> None:
        """While waiting: our state again while the broker has not sent it
        back (lost on the way; the same message, so that an echo can catch
        up), and the others' states again, in case one was lost on its way here."""
        if time.monotonic() - self._state_at >= self.resend_seconds:
            if self.state_body() != self._state_said:
                self._publish_state()  # something changed since we last said it
            else:
                self._state_at = time.monotonic()
                if self._echoed < self._state_seq:
                    self.link.publish(self.pairing.state_topic(), self._state_payload, retain=True)
            self.link.refresh()

    def _waiting_for(self, k: int, day: int) -> list[str]:
        """The villages not yet at step ``k``; with ``day``, also those whose
        transfers of that day or before have not all arrived."""
        waiting = {p.box for p in self.peers.values() if not p.behind and not p.final and p.step < k}
        if day:
            waiting |= {p.box for p in self.peers.values() if not p.behind and any(
                d <= day and not self.ledger.knows(t) for t, d in p.sent.items())}
        return sorted(waiting)

    # -- moving ---------------------------------------------------------------------
    def open_villages(self, day: int | None = None) -> list[str]:
        """Where a player may go on ``day`` (default: the day this box is in):
        the villages that reached it with their game going on."""
        if day is None:
            day = (self.ledger.step - 1) // 3 + 1
        return sorted(p.box for p in self.peers.values() if p.live_until >= day and not p.behind)

    def may_leave(self, day: int) -> int:
        """How many more may leave today (0 outside the day)."""
        if self.over or self.ledger.step != step(DAY, day):
            return 0
        return max(0, self.pairing.limit_out - self.ledger.left_on(day))

    def check_leave(self, to: str, day: int) -> None:
        if self.over or self.ledger.step != step(DAY, day):
            raise NotAllowed("villages.not_now")
        if to not in self.open_villages(day):
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
        """Who stands at the door at doors ``day``, in the order they are
        let in: ours sent back before today's doors, then the newcomers of
        today and before. A newcomer is let in while :meth:`has_room`."""
        return self.ledger.coming_home(step(DOORS, day)) + self.ledger.newcomers(day)

    def has_room(self, day: int) -> bool:
        return self.ledger.let_in_on(day) < self.pairing.limit_in

    def admit(self, t: Transfer, day: int) -> None:
        """Journal that ``t`` is let in (before the game hears of it)."""
        self.ledger.join(t.id, day)
        self._state_due = True

    def turn_away(self, t: Transfer) -> None:
        """A newcomer this village does not let in: journaled; his own
        village hears it from our state."""
        self.ledger.send_back(t.id)
        self._publish_state()

    # -- the end -----------------------------------------------------------------
    def finish(self) -> list[Transfer]:
        """This village's game is over: take in what may still come (the
        transfers of its last day), send every newcomer home, say it is
        final; then stay in the evening until every village is done (ours
        out there let in or back, and theirs) and the broker holds our last
        state, or the villages not done are silent for ``settle_seconds``.
        A box that left earlier could take with it a state the others still
        need, should the broker lose it. Returns the transfers still open
        then (none in a good evening)."""
        self.over = True
        if not self.ledger.final:
            last = self.ledger.live_until
            self._wait(lambda: self._still_coming(last))
            for t in self.ledger.newcomers(MAX_DAY):
                self.ledger.send_back(t.id)
            self.ledger.mark_final()
        self._home_after_the_end()
        self._publish_state()
        since = time.monotonic()
        while not self._settled() and not self._others_silent(since):
            self.pump(0.05)
            self._home_after_the_end()
            self._keep_asking()
        self._publish_state()
        self.pump(0.2)  # the last states out
        return self.ledger.unsettled()

    def _still_coming(self, day: int) -> list[str]:
        """The villages that may still send us someone of ``day`` or before."""
        if day <= 0:
            return []
        return self._waiting_for(step(DOORS, day), day)

    def _home_after_the_end(self) -> None:
        for t in self.ledger.coming_home(1 << 30):
            self.ledger.join(t.id, 0)  # home after the end: no game to join
            self._state_due = True  # we may be done now: the others hear it

    def _settled(self) -> bool:
        """Done, every other village done, and our last state on the
        broker's disk: sent back to us on this connection long enough ago
        for the broker to have saved it (a broker that dies later keeps it)."""
        at, connection = self._echoed_at
        saved = (self._echoed >= self._state_seq and connection == self.link.connects
                 and time.monotonic() - at >= 2 * AUTOSAVE_SECONDS)
        return self._is_done() and all(p.done for p in self.peers.values()) and saved

    def _is_done(self) -> bool:
        ledger = self.ledger
        return ledger.final and not ledger.unsettled() and not ledger.coming_home(1 << 30)

    def _others_silent(self, since: float) -> bool:
        """Every village not yet done has said nothing for ``settle_seconds``
        (one that plays on says something at each step)."""
        now = time.monotonic()
        waiting = [p for p in self.peers.values() if not p.done]
        if not waiting:  # only the broker's copy of our last state is missing
            return now - since >= self.settle_seconds
        return all(now - max(since, p.heard_at or since) >= self.settle_seconds for p in waiting)

    def stats_dict(self) -> dict[str, Any]:
        return self.stats.to_dict(self.link)
