"""A TCP proxy between boxes and the broker, for the villages tests.

Without ``tls`` it passes the bytes on as they come and records them: what a
player with a laptop on the box's network could read (TLS records, since the
broker speaks nothing else); it can hold back every n-th chunk. With ``tls``
(the pairing's broker folder) it stands in the broker's place — its
certificate and key, as only the set-up holds them — and speaks TLS to the
real broker, so it can duplicate or delay MQTT PUBLISH packets on the way."""

from __future__ import annotations

import random
import select
import socket
import ssl
import threading
import time
from pathlib import Path

PUBLISH = 3


def _packets(buffer: bytearray) -> list[bytes]:
    """Cut complete MQTT packets off the front of ``buffer``."""
    out = []
    while len(buffer) >= 2:
        length, mult, i = 0, 1, 1
        while True:
            if i >= len(buffer):
                return out
            byte = buffer[i]
            length += (byte & 0x7F) * mult
            mult *= 128
            i += 1
            if not byte & 0x80:
                break
        end = i + length
        if len(buffer) < end:
            return out
        out.append(bytes(buffer[:end]))
        del buffer[:end]
    return out


def _send(dst: socket.socket, data: bytes) -> None:
    """All of ``data`` on a non-blocking (TLS) socket."""
    view = memoryview(data)
    while view:
        try:
            view = view[dst.send(view):]
        except (ssl.SSLWantWriteError, ssl.SSLWantReadError, BlockingIOError):
            select.select([], [dst], [], 0.5)


def _publish_ack(packet: bytes) -> bytes | None:
    """The PUBACK that answers a QoS-1 PUBLISH (None for QoS 0)."""
    if (packet[0] >> 1) & 3 != 1:
        return None
    i = 1
    while packet[i] & 0x80:  # the remaining length, a varint
        i += 1
    i += 1
    topic_length = int.from_bytes(packet[i:i + 2], "big")
    packet_id = packet[i + 2 + topic_length:i + 4 + topic_length]
    return bytes([0x40, 0x02]) + packet_id


class Proxy:
    def __init__(self, upstream_port: int, *, tls: Path | None = None, duplicate_every: int = 0,
                 delay_every: int = 0, delay_seconds: float = 0.0, drop: float = 0.0,
                 duplicate: float = 0.0, rng: random.Random | None = None) -> None:
        """``drop``, ``duplicate``: the chance of each for a PUBLISH (either
        way, drawn from ``rng``). A dropped QoS-1 PUBLISH is acknowledged
        to its sender in the receiver's name: a message lost after it was
        taken (a broker that died before it saved it, a box before it read
        it), while the MQTT session flows on."""
        self.upstream_port = upstream_port
        self.server_tls = self.upstream_tls = None
        if tls is not None:
            self.server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self.server_tls.load_cert_chain(tls / "broker.crt", tls / "broker.key")
            self.upstream_tls = ssl.create_default_context(cafile=str(tls / "ca.crt"))
        elif duplicate_every or drop or duplicate:
            raise ValueError("to drop or double MQTT packets the proxy must speak TLS at both ends")
        self.drop = drop
        self.duplicate = duplicate
        self.rng = rng or random.Random(0)
        self.dropped = 0
        self.duplicate_every = duplicate_every
        self.delay_every = delay_every
        self.delay_seconds = delay_seconds
        self.recorded = bytearray()
        self.publishes = 0
        self.duplicated = 0
        self.delayed = 0
        self._lock = threading.Lock()
        self._server = socket.socket()
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(16)
        self.port = self._server.getsockname()[1]
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._connect, args=(client,), daemon=True).start()

    def _connect(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=2)
            upstream.settimeout(None)  # a quiet broker is no reason to cut the line
            if self.server_tls is not None and self.upstream_tls is not None:
                client.settimeout(5)
                client = self.server_tls.wrap_socket(client, server_side=True)
                upstream = self.upstream_tls.wrap_socket(upstream, server_hostname="127.0.0.1")
        except OSError:
            client.close()
            return
        if self.server_tls is None:
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()
        else:
            self._relay(client, upstream)

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        """One direction of TLS records, passed on as they come (plain TCP
        sockets: one thread each way is safe)."""
        try:
            while chunk := src.recv(65536):
                with self._lock:
                    self.recorded += chunk
                    self.publishes += 1
                    delay = bool(self.delay_every and self.publishes % self.delay_every == 0)
                    self.delayed += delay
                if delay:
                    time.sleep(self.delay_seconds)
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()

    def _relay(self, client: socket.socket, upstream: socket.socket) -> None:
        """MQTT packets, both directions in one thread: a TLS connection must
        not be read and written from two threads at once."""
        peer = {client: upstream, upstream: client}
        buffers = {client: bytearray(), upstream: bytearray()}
        for s in peer:
            s.setblocking(False)
        try:
            while not self._stopped:
                ready = [s for s in peer if isinstance(s, ssl.SSLSocket) and s.pending()]
                if not ready:
                    ready, _, _ = select.select(list(peer), [], [], 0.5)
                for src in ready:
                    try:
                        chunk = src.recv(65536)
                    except (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError):
                        continue
                    if not chunk:
                        return
                    buffers[src] += chunk
                    for packet in _packets(buffers[src]):
                        self._forward(packet, peer[src], src)
        except OSError:
            pass
        finally:
            for s in peer:
                s.close()

    def _forward(self, packet: bytes, dst: socket.socket, src: socket.socket) -> None:
        copies, delay = 1, 0.0
        with self._lock:
            self.recorded += packet
            if packet[0] >> 4 == PUBLISH:
                self.publishes += 1
                if self.drop and self.rng.random() < self.drop:
                    self.dropped += 1
                    ack = _publish_ack(packet)
                    if ack is not None:
                        _send(src, ack)
                    return
                if (self.duplicate_every and self.publishes % self.duplicate_every == 0) or (
                        self.duplicate and self.rng.random() < self.duplicate):
                    copies = 2
                    self.duplicated += 1
                if self.delay_every and self.publishes % self.delay_every == 0:
                    delay = self.delay_seconds
                    self.delayed += 1
        if delay:
            time.sleep(delay)
        for _ in range(copies):
            _send(dst, packet)

    def close(self) -> None:
        self._stopped = True
        self._server.close()
