"""Pairing at set-up: one evening key shared by the boxes (it seals), and for
each box its own signing key (it says which box wrote a message: the others
hold its public half) and its own broker user (password and ACL; the broker
makes the user the client id, so no box takes over another's session).

``pair()`` writes, into one folder:

    <box>.json        what that box needs (copy it onto the box; 0600)
    broker/passwd     mosquitto's password file (hashed by mosquitto_passwd)
    broker/acl        each box reads only its own inbox, writes only its own state
    broker/ca.crt     the evening's certificate authority (also in each <box>.json)
    broker/broker.crt the broker's TLS certificate, signed by it, and its key
    broker/broker.key (the CA's own key is never written: see villages/tls.py)

The set-up page calls :func:`pair`; ``wakkerdam villages pair`` is the same
from a terminal.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import nacl.exceptions

from villages.errors import BrokerError, PairingError
from villages.messages import Reader, Signer, new_signing_key, public_of
from villages.seal import new_key
from villages.tls import make_certificates

_BOX_NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")
PAIRING_VERSION = 3


@dataclass(frozen=True)
class Pairing:
    """One box's share of the evening."""

    evening: str
    box: str
    password: str
    key: str
    host: str
    port: int
    boxes: tuple[str, ...]
    #: seed 000: "een limiet ... aan het aantal spelers dat een dorp mag
    #: verlaten of binnenkomen" — per village and per day
    limit_in: int = 2
    limit_out: int = 2
    #: the evening's CA certificate (PEM): the broker must show one it signed
    ca: str = ""
    #: this box's own Ed25519 key (it signs what the box sends) ...
    signing_key: str = ""
    #: ... and every box's public half, by box (a receiver checks the sender)
    verify_keys: dict[str, str] = field(default_factory=dict)

    @property
    def user(self) -> str:
        return self.box

    @property
    def peers(self) -> tuple[str, ...]:
        return tuple(b for b in self.boxes if b != self.box)

    def inbox(self, box: str | None = None) -> str:
        return f"wakkerdam/{self.evening}/inbox/{box or self.box}"

    def state_topic(self, box: str | None = None) -> str:
        return f"wakkerdam/{self.evening}/state/{box or self.box}"

    def with_broker(self, host: str, port: int) -> Pairing:
        return Pairing(**{**asdict(self), "host": host, "port": port})

    def signer(self) -> Signer:
        return Signer(self.box, self.signing_key, self.key)

    def reader(self) -> Reader:
        return Reader(self.box, self.boxes, self.verify_keys, self.key, self.inbox(), self.state_topic)

    def save(self, path: Path) -> None:
        data = {"version": PAIRING_VERSION, **asdict(self)}
        _write_private(path, json.dumps(data, indent=2) + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Pairing:
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.pop("version") != PAIRING_VERSION:
                raise ValueError("version")
            data["boxes"] = tuple(data["boxes"])
            pairing = cls(**data)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise PairingError("villages.pairing_bad", file=str(path), problem=str(exc)) from None
        if pairing.box not in pairing.boxes or "BEGIN CERTIFICATE" not in pairing.ca:
            raise PairingError("villages.pairing_bad", file=str(path), problem=pairing.box)
        try:
            own = public_of(pairing.signing_key)
        except (ValueError, TypeError, nacl.exceptions.CryptoError):
            raise PairingError("villages.pairing_bad", file=str(path), problem="signing_key") from None
        if set(pairing.verify_keys) != set(pairing.boxes) or pairing.verify_keys[pairing.box] != own:
            raise PairingError("villages.pairing_bad", file=str(path), problem="verify_keys")
        return pairing


def _write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        os.fchmod(f.fileno(), 0o600)
        f.write(text)


def acl_text(evening: str, boxes: tuple[str, ...]) -> str:
    root = f"wakkerdam/{evening}"
    parts = []
    for box in boxes:
        parts.append(
            f"user {box}\n"
            f"topic read {root}/inbox/{box}\n"
            f"topic write {root}/inbox/+\n"
            f"topic readwrite {root}/state/{box}\n"
            f"topic read {root}/state/+\n"
        )
    return "\n".join(parts)


def write_password_file(path: Path, users: dict[str, str]) -> None:
    """mosquitto's own tool hashes the passwords (no plain password on disk)."""
    tool = shutil.which("mosquitto_passwd")
    if tool is None:
        raise BrokerError("villages.broker_missing", program="mosquitto_passwd")
    _write_private(path, "".join(f"{u}:{p}\n" for u, p in users.items()))
    subprocess.run([tool, "-U", str(path)], check=True, capture_output=True)


def pair(boxes: list[str] | tuple[str, ...], folder: str | os.PathLike[str], *, host: str = "127.0.0.1",
         port: int = 8883, limit_in: int = 2, limit_out: int = 2) -> dict[str, Pairing]:
    """Pair the boxes of one evening; returns each box's :class:`Pairing`."""
    names = tuple(boxes)
    bad = [b for b in names if not _BOX_NAME.fullmatch(b)]
    if len(names) < 2 or len(set(names)) != len(names) or bad:
        raise PairingError("villages.pairing_names", names=", ".join(names))
    if limit_in < 0 or limit_out < 0:
        raise PairingError("villages.pairing_limits")
    folder = Path(folder)
    evening = secrets.token_hex(4)
    key = new_key()
    ca, cert, cert_key = make_certificates(evening, host)
    signing = {b: new_signing_key() for b in names}
    public = {b: pub for b, (_, pub) in signing.items()}
    pairings = {
        b: Pairing(evening, b, secrets.token_urlsafe(18), key, host, port, names, limit_in, limit_out, ca,
                   signing[b][0], public)
        for b in names
    }
    for b, p in pairings.items():
        p.save(folder / f"{b}.json")
    write_password_file(folder / "broker" / "passwd", {b: p.password for b, p in pairings.items()})
    _write_private(folder / "broker" / "acl", acl_text(evening, names))
    for name, text in (("ca.crt", ca), ("broker.crt", cert), ("broker.key", cert_key)):
        _write_private(folder / "broker" / name, text)
    return pairings


def describe(pairings: dict[str, Pairing]) -> dict[str, Any]:
    """What the set-up page shows (no key, no password)."""
    any_p = next(iter(pairings.values()))
    return {"evening": any_p.evening, "boxes": list(any_p.boxes), "broker": f"{any_p.host}:{any_p.port}",
            "limit_in": any_p.limit_in, "limit_out": any_p.limit_out}
