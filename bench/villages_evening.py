"""Dorpen, verenigt U: an evening of three villages on a real mosquitto, clean
and with faults; prints the note's numbers side by side.

    python bench/villages_evening.py [--days 6] [--runs 1] [--tls-rounds 200]

For each run: messages (all boxes' publishes) per day, the time for the
villages to agree on night after the last one was ready (ms: median, max), and
the fault figures (transfers, open at the end, doubled, resends, duplicates
dropped, reconnects, villages gone on without). The villages are the test box's
stand-in (tests/villages_box.py); the evening is the real one.

Then what TLS costs, side by side in one run: connecting (TCP, TLS handshake,
MQTT CONNECT/CONNACK) and one sealed QoS-1 message to the box itself and back,
against the evening's broker (TLS, passwords) and a plaintext mosquitto
started only for this comparison (the product never runs one).
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import paho.mqtt.client as mqtt  # noqa: E402

from tests.villages_rig import Rig  # noqa: E402
from villages.broker import Broker, free_port  # noqa: E402
from villages.pairing import Pairing, pair  # noqa: E402
from villages.seal import seal  # noqa: E402
from villages.tls import client_context  # noqa: E402


def clean(rig: Rig) -> str:
    return "none"


def broker_kills(rig: Rig, kills: int = 3) -> str:
    for _ in range(kills):
        reached = rig.lowest_step()
        deadline = time.monotonic() + 20
        while rig.lowest_step() < reached + 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        rig.broker.kill()
        time.sleep(0.3)
        rig.broker.start()
    return f"broker SIGKILLed {kills}x, back after 0.3 s"


def box_kills(rig: Rig) -> str:
    sender = rig.kill_when(Rig.sending)
    if sender:
        rig.spawn(sender)
    receiver = rig.kill_when(Rig.at_a_door)
    if receiver:
        time.sleep(2.0)
        rig.spawn(receiver)
    return f"{sender} SIGKILLed mid-send (back at once), {receiver} with a newcomer at its door (back after 2 s)"


def proxy_faults(rig: Rig) -> str:
    return "proxy doubles every 2nd PUBLISH, delays every 5th by 0.1 s"


RUNS = (
    ("clean", clean, {}),
    ("broker killed", broker_kills, {"wait": 4.0}),
    ("boxes killed", box_kills, {"wait": 1.0, "proxy": {"delay_every": 6, "delay_seconds": 0.2}}),
    ("doubled+delayed", proxy_faults, {"proxy": {"duplicate_every": 2, "delay_every": 5, "delay_seconds": 0.1}}),
)


def _client(port: int, pairing: Pairing | None) -> tuple[mqtt.Client, float]:
    """Connected (TLS and the box's user when ``pairing``); the seconds it took."""
    done = threading.Event()
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-{time.monotonic_ns()}")
    if pairing is not None:
        c.tls_set_context(client_context(pairing.ca))
        c.username_pw_set(pairing.user, pairing.password)

    def connected(*_: object) -> None:
        sock = c.socket()  # as villages/link.py: small messages sent at once (no Nagle)
        if isinstance(sock, socket.socket):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        done.set()

    c.on_connect = connected
    t0 = time.perf_counter()
    c.connect("127.0.0.1", port)
    c.loop_start()
    if not done.wait(10):
        raise SystemExit("bench: the broker did not answer")
    return c, time.perf_counter() - t0


def _round_trips(c: mqtt.Client, topic: str, payload: bytes, rounds: int) -> list[float]:
    got = threading.Event()
    c.on_message = lambda *_: got.set()
    c.subscribe(topic, qos=1)
    time.sleep(0.2)
    out = []
    for _ in range(rounds):
        got.clear()
        t0 = time.perf_counter()
        c.publish(topic, payload, qos=1)
        if not got.wait(5):
            raise SystemExit("bench: a message did not come back")
        out.append(time.perf_counter() - t0)
    return out


def tls_overhead(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        noord = pair(("noord", "zuid"), folder / "p")["noord"]
        plain_port = free_port()
        (folder / "plain.conf").write_text(f"listener {plain_port} 127.0.0.1\nallow_anonymous true\n")
        plain = subprocess.Popen([shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c",
                                  str(folder / "plain.conf")], stderr=subprocess.DEVNULL)
        time.sleep(0.3)
        payload = seal(noord.key, {"type": "state", "box": "noord", "step": 1, "over": False, "done": False,
                                   "sent": {}})
        rows = {}
        try:
            with Broker(folder / "p") as broker:
                for name, port, pairing in (("plaintext", plain_port, None), ("TLS", broker.port, noord)):
                    connects = []
                    for _ in range(10):
                        c, took = _client(port, pairing)
                        connects.append(took)
                        c.disconnect()
                        c.loop_stop()
                    c, _ = _client(port, pairing)
                    trips = _round_trips(c, noord.state_topic(), payload, rounds)
                    c.disconnect()
                    c.loop_stop()
                    rows[name] = (statistics.median(connects) * 1000, statistics.median(trips) * 1000,
                                  sorted(trips)[int(0.95 * len(trips))] * 1000)
        finally:
            plain.terminate()
            plain.wait()
    print(f"\n{'broker':10} {'connect ms':>10} {'QoS-1 round trip ms med/p95':>28}   ({len(payload)}-byte sealed message)")
    for name, (conn, med, p95) in rows.items():
        print(f"{name:10} {conn:10.2f} {med:19.3f}/{p95:.3f}")
    (pc, pm, _), (tc, tm, _) = rows["plaintext"], rows["TLS"]
    print(f"{'TLS/plain':10} {tc / pc:9.1f}x {tm / pm:18.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=6)
    parser.add_argument("--runs", type=int, default=1, help="evenings per kind")
    parser.add_argument("--tls-rounds", type=int, default=200, help="messages for the TLS comparison")
    parser.add_argument("--tls-only", action="store_true", help="only the TLS comparison")
    args = parser.parse_args()
    if args.tls_only:
        tls_overhead(args.tls_rounds)
        return 0
    print(f"{'run':16} {'s':>5} {'days':>4} {'msg/day':>7} {'agree ms med/max':>17} {'moves':>5} "
          f"{'open':>4} {'2x':>3} {'resend':>6} {'dups':>5} {'recon':>5} {'wenton':>6}  faults")
    for name, fault, kw in RUNS:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.monotonic()
                rig = Rig(Path(tmp), days=args.days, **kw).start()
                try:
                    what = fault(rig)
                    codes = rig.wait(120)
                    f = rig.figures()
                finally:
                    rig.close()
                took = time.monotonic() - t0
                agree = f["agree_night_ms"]
                agree_s = f"{statistics.median(agree):.1f}/{max(agree):.1f}" if agree else "-"
                ok = "" if set(codes.values()) == {0} else f"  exit codes {codes}"
                print(f"{name:16} {took:5.1f} {f['days']:4} {f['messages_per_day']:7} {agree_s:>17} "
                      f"{f['transfers']:5} {f['open_at_end']:4} {f['doubled']:3} {f['resends']:6} "
                      f"{f['duplicates_dropped']:5} {f['reconnects']:5} {f['went_on_without']:6}  {what}{ok}")
    tls_overhead(args.tls_rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
