"""One box's connection to the evening's broker (paho-mqtt, MQTT 3.1.1).

A persistent session (``clean_session=False``, a fixed client id) and QoS 1:
what the broker holds for a box that is away is delivered when it is back.
paho's own thread does the network; received messages wait in a queue until
the game's thread takes them (:meth:`Link.take`), so the journal keeps one
writer. paho reconnects by itself after the broker went away.

The connection is TLS, checked against the evening's CA (``villages/tls.py``):
a box tells a broker it cannot trust, or none at all, from one that says no.
"""

from __future__ import annotations

import queue
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion

from villages.errors import BrokerError
from villages.pairing import Pairing
from villages.tls import client_context

#: seconds between keep-alive pings: a broker that died is noticed this fast
KEEPALIVE = 5


@dataclass(frozen=True)
class Received:
    topic: str
    payload: bytes


class Link:
    def __init__(self, pairing: Pairing) -> None:
        self.pairing = pairing
        self.messages: queue.Queue[Received] = queue.Queue()
        self.connected = threading.Event()
        #: set when the broker said no (unknown user, wrong password): the reason
        self.refused: str | None = None
        self.connects = 0
        self.sent = 0
        self.received = 0
        self._lock = threading.Lock()
        #: called (in paho's thread) after every (re)connect: republish state
        self.on_connect: Any = None
        # the broker takes the user as the client id anyway (villages/broker.py)
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=pairing.user,
                             clean_session=False, protocol=MQTTProtocolVersion.MQTTv311)
        self.tls = client_context(pairing.ca)
        client.tls_set_context(self.tls)
        client.username_pw_set(pairing.user, pairing.password)
        client.reconnect_delay_set(min_delay=1, max_delay=2)
        client.on_connect = self._connected
        client.on_disconnect = self._disconnected
        client.on_message = self._message
        self.client = client

    def check(self, timeout: float = 5.0) -> None:
        """Reach the broker and check its certificate once, before paho goes
        on trying in the background: an address where no broker answers, or a
        broker that is not this evening's, is one clear error now."""
        address = f"{self.pairing.host}:{self.pairing.port}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                with socket.create_connection((self.pairing.host, self.pairing.port), timeout=timeout) as raw, \
                        self.tls.wrap_socket(raw, server_hostname=self.pairing.host):
                    return
            except ssl.SSLCertVerificationError:
                raise BrokerError("villages.broker_certificate", address=address) from None
            except (ssl.SSLEOFError, ssl.SSLZeroReturnError, ssl.SSLSyscallError):
                # the line cut mid-handshake: a broker that is stopping or
                # starting (a power cut of its box), not one without TLS
                if time.monotonic() >= deadline:
                    raise BrokerError("villages.broker_unreachable", address=address) from None
                time.sleep(0.2)
            except ssl.SSLError:
                raise BrokerError("villages.broker_no_tls", address=address) from None
            except OSError:
                # a broker that lost power with this box may be back a moment later
                if time.monotonic() >= deadline:
                    raise BrokerError("villages.broker_unreachable", address=address) from None
                time.sleep(0.2)

    def start(self) -> None:
        self.client.connect_async(self.pairing.host, self.pairing.port, keepalive=KEEPALIVE)
        self.client.loop_start()

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        """QoS 1; while the broker is away paho keeps it and sends it on reconnect."""
        with self._lock:
            self.sent += 1
        self.client.publish(topic, payload, qos=1, retain=retain)

    def refresh(self) -> None:
        """Ask the broker again for every village's retained state (MQTT
        sends the retained messages on each subscription): a state that was
        lost on its way to us comes again, even from a box that has left."""
        if self.connected.is_set():
            self.client.subscribe((self.pairing.state_topic("+"), 1))

    def take(self, timeout: float) -> Received | None:
        try:
            return self.messages.get(timeout=timeout) if timeout > 0 else self.messages.get_nowait()
        except queue.Empty:
            return None

    # paho's thread ------------------------------------------------------------
    def _connected(self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any,
                   _properties: Any) -> None:
        if reason.is_failure:
            self.refused = str(reason)
            # An unknown box is not let in by trying again: stop asking.
            client.disconnect()
            return
        self.refused = None
        sock = client.socket()
        if isinstance(sock, socket.socket):  # small messages, sent at once (no Nagle)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client.subscribe([(self.pairing.inbox(), 1), (self.pairing.state_topic("+"), 1)])
        with self._lock:
            self.connects += 1
        self.connected.set()
        if self.on_connect is not None:
            self.on_connect()

    def _disconnected(self, _client: mqtt.Client, _userdata: Any, _flags: Any, _reason: Any,
                      _properties: Any) -> None:
        self.connected.clear()

    def _message(self, _client: mqtt.Client, _userdata: Any, msg: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.received += 1
        self.messages.put(Received(msg.topic, bytes(msg.payload)))
