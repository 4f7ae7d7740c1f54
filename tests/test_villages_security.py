"""Dorpen, verenigt U: only the boxes of this evening take part, and nobody
reads a role off the network (a real mosquitto on a free localhost port)."""

from __future__ import annotations

import dataclasses
import threading
import time

import paho.mqtt.client as mqtt
import pytest

import voices
from engine import role_ids
from narrator.journal import Journal
from tests.mqtt_proxy import Proxy
from villages.broker import Broker, free_port
from villages.errors import BrokerError, WrongKey
from villages.evening import DAY, DOORS, NIGHT, Evening
from villages.pairing import Pairing, pair
from villages.seal import BUCKET, new_key, seal, unseal
from villages.tls import client_context, make_certificates

NL = voices.load("nl")


@pytest.fixture
def paired(tmp_path):
    pairings = pair(("noord", "zuid"), tmp_path / "pairing")
    broker = Broker(tmp_path / "pairing").start()
    yield {b: p.with_broker("127.0.0.1", broker.port) for b, p in pairings.items()}, broker
    broker.stop()


def _journal(tmp_path, name: str) -> Journal:
    return Journal.create(tmp_path / f"{name}.journal", {"village": name})


def _raw_client(p: Pairing, client_id: str, *, user: str | None = None, password: str | None = None):
    """A plain MQTT client (an eavesdropper, a stranger) that trusts the
    evening's broker, connected or refused."""
    result: dict = {}
    done = threading.Event()
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
    c.tls_set_context(client_context(p.ca))
    if user is not None:
        c.username_pw_set(user, password)

    def connected(_c, _u, _f, reason, _p):
        result["reason"] = reason
        done.set()

    c.on_connect = connected
    c.connect(p.host, p.port)
    c.loop_start()
    assert done.wait(5)
    return c, result["reason"]


def test_sealed_messages_are_padded_and_keyed():
    key = new_key()
    short = seal(key, {"role": "villager"})
    long = seal(key, {"role": "witch", "state": {"potions": ["save", "poison"], "lover": "Bram"}})
    # The length says nothing about what a traveller carries.
    assert len(short) == len(long) == BUCKET + 40
    assert unseal(key, long)["state"]["lover"] == "Bram"
    with pytest.raises(WrongKey):
        unseal(new_key(), long)
    with pytest.raises(WrongKey):
        unseal(key, long[:-1] + bytes([long[-1] ^ 1]))


@pytest.mark.parametrize("who", ["unknown box", "wrong password", "anonymous"])
def test_a_client_not_of_this_evening_is_refused_by_the_broker(paired, tmp_path, who):
    pairings, _ = paired
    noord = pairings["noord"]
    if who == "anonymous":
        c, reason = _raw_client(noord, "stranger")
        c.loop_stop()
        assert reason.is_failure
        return
    stranger = (dataclasses.replace(noord, box="vreemd", boxes=(*noord.boxes, "vreemd"))
                if who == "unknown box" else dataclasses.replace(noord, password="geraden"))
    evening = Evening(stranger, _journal(tmp_path, "stranger"))
    with pytest.raises(BrokerError) as refused:
        evening.start(connect_seconds=5)
    text = refused.value.message("nl")
    assert text.startswith(f"De berichtendienst laat de doos {stranger.box} niet toe")
    assert "\n" not in text and "Traceback" not in text


def test_a_box_cannot_read_another_box_s_inbox(paired, tmp_path):
    pairings, _ = paired
    noord, zuid = pairings["noord"], pairings["zuid"]
    heard: list[str] = []
    spy, reason = _raw_client(noord, "spy", user="noord", password=noord.password)
    assert not reason.is_failure
    spy.on_message = lambda _c, _u, msg: heard.append(msg.topic)
    spy.subscribe([(zuid.inbox(), 1), ("#", 1)])
    receiver = Evening(zuid, _journal(tmp_path, "zuid"))
    receiver.start()
    sender = Evening(noord, _journal(tmp_path, "noord"))
    sender.start()
    sender._send("zuid", {"type": "ack", "id": "x"})
    deadline = time.monotonic() + 5
    topics: list[str] = []
    while zuid.inbox() not in topics and time.monotonic() < deadline:
        if (got := receiver.link.take(0.1)) is not None:
            topics.append(got.topic)
    time.sleep(0.3)
    assert zuid.inbox() in topics
    # The ACL lets noord read its own inbox and the states, not zuid's inbox.
    assert zuid.inbox() not in heard
    spy.loop_stop()
    sender.close()
    receiver.close()


def test_a_transfer_sealed_with_another_key_is_refused_with_one_clear_line(paired, tmp_path):
    pairings, _ = paired
    zuid = pairings["zuid"]
    lines: list[str] = []
    journal = _journal(tmp_path, "zuid")
    receiver = Evening(zuid, journal, on_line=lines.append)
    receiver.start()
    intruder = Evening(dataclasses.replace(pairings["noord"], key=new_key()), _journal(tmp_path, "noord"))
    intruder.start()
    forged = {"type": "transfer", "id": "noord-1", "name": "Anna", "day": 1,
              "traveller": {"name": "Anna", "role": "werewolf"}}
    intruder._send("zuid", forged)
    intruder._send("zuid", forged)
    deadline = time.monotonic() + 5
    while receiver.stats.wrong_key < 3 and time.monotonic() < deadline:
        receiver.pump(0.05)
    assert receiver.stats.wrong_key == 3  # its state and the transfer, twice
    assert lines == ["Een bericht is geweigerd: het is niet verzegeld met de sleutel van deze avond."]
    assert not receiver.ledger.inn and not any(r["type"] == "arrived" for r in journal.records())
    intruder.close()
    receiver.close()


def test_no_role_in_plaintext_on_the_wire(paired, tmp_path):
    pairings, broker = paired
    proxy = Proxy(broker.port)
    noord = Evening(pairings["noord"].with_broker("127.0.0.1", proxy.port), _journal(tmp_path, "noord"),
                    wait_seconds=5)
    zuid = Evening(pairings["zuid"].with_broker("127.0.0.1", proxy.port), _journal(tmp_path, "zuid"),
                   wait_seconds=5)
    traveller = {"name": "Fenna", "role": "witch", "memory": {"potions": {"save": True, "poison": False}},
                 "lover": "Geert", "charmed": True, "powerless": False}

    def play(evening: Evening, leaving: bool) -> None:
        evening.start()
        evening.reach(NIGHT, 1)
        evening.reach(DAY, 1)
        if leaving:
            evening.leave("Fenna", "zuid", 1, traveller)
        evening.reach(DOORS, 1)
        for t in evening.at_door(1):
            evening.admit(t, 1)
        evening.finish()

    threads = [threading.Thread(target=play, args=(noord, True)),
               threading.Thread(target=play, args=(zuid, False))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert zuid.ledger.joined and zuid.ledger.inn["noord-1"].traveller == traveller
    wire = bytes(proxy.recorded)
    assert len(wire) > 2000 and wire[:3] == b"\x16\x03\x01"  # the evening's traffic, TLS from the start
    passwords = [p.password for p in pairings.values()]
    for secret in [*role_ids(), "potions", "lover", "charmed", "Fenna", "Geert", "traveller", *passwords,
                   "noord", "wakkerdam/"]:
        assert secret.encode() not in wire, secret
    noord.close()
    zuid.close()
    proxy.close()


def test_pairing_writes_private_files_and_no_plain_password(tmp_path):
    from narrator.cli import main

    assert main(["villages", "pair", "noord", "zuid", "oost", "--out", str(tmp_path / "p")]) == 0
    files = [tmp_path / "p" / f"{b}.json" for b in ("noord", "zuid", "oost")]
    files += [tmp_path / "p" / "broker" / "passwd", tmp_path / "p" / "broker" / "acl"]
    assert all(f.stat().st_mode & 0o077 == 0 for f in files)
    pairings = [Pairing.load(f) for f in files[:3]]
    assert len({p.key for p in pairings}) == 1 and len({p.password for p in pairings}) == 3
    passwd = (tmp_path / "p" / "broker" / "passwd").read_text()
    assert all(p.password not in passwd and f"{p.box}:$" in passwd for p in pairings)
    assert main(["villages", "pair", "noord", "noord", "--out", str(tmp_path / "q")]) == 2


def test_a_client_without_tls_is_refused(paired):
    """The broker has no plaintext listener: a box's own user and password,
    sent in the clear, get no CONNACK, only a closed connection."""
    pairings, _ = paired
    noord = pairings["noord"]
    answered, closed = threading.Event(), threading.Event()
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="plain")
    c.username_pw_set(noord.user, noord.password)
    c.on_connect = lambda *_: answered.set()
    c.on_disconnect = lambda *_: closed.set()
    c.connect(noord.host, noord.port)
    c.loop_start()
    try:
        assert closed.wait(5) and not answered.is_set()
    finally:
        c.loop_stop()


def test_a_broker_with_another_evening_s_certificate_is_refused_with_one_clear_line(paired, tmp_path):
    pairings, _ = paired
    other_ca, _, _ = make_certificates("elders", "127.0.0.1")
    box = Evening(dataclasses.replace(pairings["noord"], ca=other_ca), _journal(tmp_path, "noord"))
    with pytest.raises(BrokerError) as refused:
        box.start(connect_seconds=5)
    for lang, start in (("nl", "De berichtendienst op 127.0.0.1:"), ("en", "The message broker at 127.0.0.1:")):
        text = refused.value.message(lang)
        assert text.startswith(start) and "certifica" in text and "\n" not in text
    assert box.link.connects == 0


def test_a_broker_that_does_not_answer_is_one_clear_line(paired, tmp_path):
    pairings, _ = paired
    nowhere = pairings["noord"].with_broker("127.0.0.1", free_port())
    with pytest.raises(BrokerError) as away:
        Evening(nowhere, _journal(tmp_path, "noord")).start(connect_seconds=0.5)
    assert away.value.message("nl") == (f"Op 127.0.0.1:{nowhere.port} antwoordt geen berichtendienst. "
                                        "Staat de doos met mosquitto aan, en klopt het adres?")


# -- issue 29: what one box of the evening could do to another ------------------------------
@pytest.fixture
def three(tmp_path):
    pairings = pair(("a", "b", "c"), tmp_path / "pairing")
    broker = Broker(tmp_path / "pairing").start()
    yield {x: p.with_broker("127.0.0.1", broker.port) for x, p in pairings.items()}, broker
    broker.stop()


def _until(predicate, evening: Evening | None = None, seconds: float = 10.0) -> bool:
    """Pump ``evening`` until ``predicate()`` holds (or ``seconds`` pass)."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            return False
        if evening is not None:
            evening.pump(0.02)
        else:
            time.sleep(0.02)
    return True


def _stranger(name: str = "Mallory") -> dict:
    return {"name": name, "role": "werewolf", "memory": {}, "charmed": False, "powerless": False, "lover": None}


def test_a_box_cannot_speak_for_another(three, tmp_path):
    """Issue 29, 3: with box a's credentials, a sealed a transfer "from b"
    with the evening's key and published it to c's inbox; c let Mallory in.
    Now what a box sends is signed with its own key from the pairing."""
    from villages.messages import Signer

    pairings, _ = three
    a, b, c = pairings["a"], pairings["b"], pairings["c"]
    lines: list[str] = []
    journal = _journal(tmp_path, "c")
    victim = Evening(c, journal, on_line=lines.append)
    victim.start()
    thief, reason = _raw_client(a, "mallory", user=a.user, password=a.password)
    assert not reason.is_failure, "a is a box of the evening: the broker lets it in"
    forged = {"type": "transfer", "id": "b-1", "name": "Mallory", "from": "b", "to": "c", "day": 1,
              "traveller": _stranger()}
    body = {k: v for k, v in forged.items() if k != "from"}
    payloads = [
        seal(a.key, forged),  # the issue's: sealed with the evening key, nothing more
        Signer("b", a.signing_key, a.key).seal(c.inbox(), (1, 1), body),  # b's name, a's signature
        Signer("a", a.signing_key, a.key).seal(c.inbox(), (1, 2), body),  # a's own, with b's transfer id
        Signer("a", a.signing_key, a.key).seal(b.inbox(), (1, 3), {**body, "id": "a-1"}),  # signed for b's inbox
    ]
    for payload in payloads:
        thief.publish(c.inbox(), payload, qos=1).wait_for_publish(5)
    assert _until(lambda: victim.stats.refused + victim.stats.wrong_key >= len(payloads), victim)
    victim.pump(0.3)
    assert victim.stats.refused == len(payloads) and not victim.ledger.inn
    assert not any(r["type"] == "arrived" for r in journal.records()), "Mallory stands at no door"
    # one line for the table per sender, named only when its signature says so (not b: a forged it)
    assert sorted(lines) == sorted([NL.line("villages.refused_stranger"), NL.line("villages.refused", village="a")])
    thief.loop_stop()
    victim.close()


def test_a_box_cannot_take_over_another_s_session(three, tmp_path):
    """Issue 29, 4: a connected with c's fixed client id (clean_session off)
    and was let in; c was kicked off, and a QoS-1 message from b to c sent
    meanwhile never reached c. Now the broker makes each user its client id."""
    pairings, _ = three
    a, b, c = pairings["a"], pairings["b"], pairings["c"]
    victim = Evening(c, _journal(tmp_path, "c"))
    victim.start()
    sender = Evening(b, _journal(tmp_path, "b"))
    sender.start()
    victim_id = victim.link.client._client_id.decode()
    thief = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=victim_id, clean_session=False,
                        protocol=mqtt.MQTTProtocolVersion.MQTTv311)
    thief.tls_set_context(client_context(a.ca))
    thief.username_pw_set(a.user, a.password)
    answered = threading.Event()
    thief.on_connect = lambda *_: answered.set()
    thief.connect(a.host, a.port)
    thief.loop_start()
    try:
        assert answered.wait(5)
        sender._send("c", {"type": "transfer", "id": "b-1", "name": "Bert", "to": "c", "day": 1,
                           "traveller": _stranger("Bert")})
        assert _until(lambda: "b-1" in victim.ledger.inn, victim), "the message from b reached c"
        assert victim.link.connects == 1 and victim.link.connected.is_set(), "c was never kicked off"
    finally:
        thief.loop_stop()
        sender.close()
        victim.close()


def test_a_malformed_sealed_message_is_refused_and_the_game_thread_goes_on(three, tmp_path):
    """Issue 29, 5: one {"type":"transfer","from":"b","to":"c"}, sealed with
    the evening's key, ended c's game thread (pump() let a KeyError out)."""
    pairings, _ = three
    a, b, c = pairings["a"], pairings["b"], pairings["c"]
    victim = Evening(c, _journal(tmp_path, "c"))
    victim.start()
    sender = Evening(b, _journal(tmp_path, "b"))
    sender.start()
    thief, _ = _raw_client(a, "mallory", user=a.user, password=a.password)
    failures: list[BaseException] = []
    stop = threading.Event()

    def game_thread() -> None:
        try:
            while not stop.is_set():
                victim.pump(0.02)
        except BaseException as exc:  # noqa: BLE001 - the test's finding
            failures.append(exc)

    thread = threading.Thread(target=game_thread)
    thread.start()
    try:
        thief.publish(c.inbox(), seal(a.key, {"type": "transfer", "from": "b", "to": "c"}), qos=1).wait_for_publish(5)
        assert _until(lambda: bool(failures) or getattr(victim.stats, "refused", 0) == 1)
        sender._send("c", {"type": "transfer", "id": "b-1", "name": "Bert", "to": "c", "day": 1,
                           "traveller": _stranger("Bert")})
        assert _until(lambda: "b-1" in victim.ledger.inn or bool(failures)), "the game thread goes on"
    finally:
        stop.set()
        thread.join(10)
        thief.loop_stop()
        sender.close()
        victim.close()
    assert failures == [] and victim.stats.refused == 1
