"""One box's connection to the evening's broker (paho-mqtt, MQTT 3.1.1).

A persistent session (``clean_session=False``, a fixed client id) and QoS 1:
what the broker holds for a box that is away is delivered when it is back.
paho's own thread does the network; received messages wait in a queue until
the game's thread takes them (:meth:`Link.take`), so the journal keeps one
writer. paho reconnects by itself after the broker went away.
"""

from __future__ import annotations

import queue
import socket
import threading
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion

from villages.pairing import Pairing

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
        client = mqtt.Client(CallbackAPIVersion.VERSION2,
                             client_id=f"wakkerdam-{pairing.evening}-{pairing.box}",
                             clean_session=False, protocol=MQTTProtocolVersion.MQTTv311)
        client.username_pw_set(pairing.user, pairing.password)
        client.reconnect_delay_set(min_delay=1, max_delay=2)
        client.on_connect = self._connected
        client.on_disconnect = self._disconnected
        client.on_message = self._message
        self.client = client

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
