"""A mosquitto process for one evening: the generated config (the pairing's
password file and ACLs, persistence for QoS 1 sessions) on a chosen port,
TLS only: there is no plaintext listener, so no password and no topic crosses
the box network in the clear.

The box that hosts the broker runs it with ``wakkerdam villages broker``; the
tests and the demo start one on a free localhost port. Debian's system service
is never used.
"""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from villages.errors import BrokerError

#: how often the broker saves its sessions and retained states to disk
AUTOSAVE_SECONDS = 1


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def config_text(folder: Path, port: int, bind: str) -> str:
    broker = folder / "broker"
    return (
        f"listener {port} {bind}\n"
        # TLS on the only listener: the certificate pair() made, TLS 1.2 at least
        f"cafile {broker / 'ca.crt'}\n"
        f"certfile {broker / 'broker.crt'}\n"
        f"keyfile {broker / 'broker.key'}\n"
        "tls_version tlsv1.2\n"
        "allow_anonymous false\n"
        # A box's user is its client id: no box (not even with its own
        # password) takes over another's session and its queued messages.
        "use_username_as_clientid true\n"
        f"password_file {broker / 'passwd'}\n"
        f"acl_file {broker / 'acl'}\n"
        # QoS 1 sessions and retained states survive a restart; saved every
        # second, so a power cut loses at most that (the boxes resend anyway).
        "persistence true\n"
        f"persistence_location {broker / 'data'}/\n"
        f"autosave_interval {AUTOSAVE_SECONDS}\n"
        "persistent_client_expiration 1d\n"
        "max_queued_messages 10000\n"
        # small messages, sent at once: no 40 ms of Nagle in every barrier
        "set_tcp_nodelay true\n"
        # As root, mosquitto would drop to a 'mosquitto' user who cannot read
        # the 0600 files; stay the user who owns them.
        f"user {getpass.getuser()}\n"
        f"log_dest file {broker / 'mosquitto.log'}\n"
        "log_type error\nlog_type warning\nlog_type notice\n"
    )


class Broker:
    """``Broker(folder)`` for a folder made by :func:`villages.pairing.pair`."""

    def __init__(self, folder: str | os.PathLike[str], port: int | None = None,
                 bind: str = "127.0.0.1") -> None:
        self.folder = Path(folder)
        self.bind = bind
        self.port = port or free_port(bind)
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def config_path(self) -> Path:
        return self.folder / "broker" / "mosquitto.conf"

    def start(self, timeout: float = 10.0) -> Broker:
        program = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
        if program is None:
            raise BrokerError("villages.broker_missing", program="mosquitto")
        (self.folder / "broker" / "data").mkdir(parents=True, exist_ok=True, mode=0o700)
        self.config_path.write_text(config_text(self.folder, self.port, self.bind))
        self.process = subprocess.Popen([program, "-c", str(self.config_path)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = (self.process.stderr.read() if self.process.stderr else b"").decode(errors="replace")
                raise BrokerError("villages.broker_failed", reason=err.strip()[-300:] or "exit")
            try:
                socket.create_connection((self.bind, self.port), timeout=0.2).close()
                self.starts += 1
                return self
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise BrokerError("villages.broker_failed", reason="no answer on the port")

    def kill(self) -> None:
        """A power cut: SIGKILL, no goodbye, nothing saved beyond the last autosave."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        self._end(signal.SIGTERM)

    def _end(self, sig: int) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process is not None and self.process.stderr:
            self.process.stderr.close()
        self.process = None

    def restart(self) -> None:
        self.start()

    def __enter__(self) -> Broker:
        return self.start() if self.process is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()
