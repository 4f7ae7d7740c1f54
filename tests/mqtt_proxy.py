"""A TCP proxy between boxes and the broker, for the villages tests: it records
every byte (what a player with a laptop on the box's network could read), and
can duplicate or delay MQTT PUBLISH packets on the way."""

from __future__ import annotations

import socket
import threading
import time

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


class Proxy:
    def __init__(self, upstream_port: int, *, duplicate_every: int = 0, delay_every: int = 0,
                 delay_seconds: float = 0.0) -> None:
        self.upstream_port = upstream_port
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
            try:
                upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=2)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        buffer = bytearray()
        try:
            while chunk := src.recv(65536):
                buffer += chunk
                for packet in _packets(buffer):
                    self._forward(packet, dst)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()

    def _forward(self, packet: bytes, dst: socket.socket) -> None:
        copies, delay = 1, 0.0
        with self._lock:
            self.recorded += packet
            if packet[0] >> 4 == PUBLISH:
                self.publishes += 1
                if self.duplicate_every and self.publishes % self.duplicate_every == 0:
                    copies = 2
                    self.duplicated += 1
                if self.delay_every and self.publishes % self.delay_every == 0:
                    delay = self.delay_seconds
                    self.delayed += 1
        if delay:
            time.sleep(delay)
        for _ in range(copies):
            dst.sendall(packet)

    def close(self) -> None:
        self._stopped = True
        self._server.close()
