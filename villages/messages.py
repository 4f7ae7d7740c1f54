"""What boxes send each other, signed by the sender and checked before use.

A message is an *envelope*, signed with the sending box's own Ed25519 key
from the pairing (PyNaCl), then sealed with the evening key
(``villages/seal.py``)::

    {"from": "zuid", "topic": "wakkerdam/<evening>/inbox/noord",
     "seq": [epoch, n], "body": {"type": "transfer", ...}}

The evening key only keeps the network out: every box of the evening has it.
The signature says which box wrote the message, so one box cannot speak for
another (issue 29, 3). A receiver checks, before it uses anything:

- the seal (another evening's key, or damage: :class:`WrongKey`);
- the sender is a box of the evening and the signature is its own;
- the topic inside is the one it came on, and one that sender may use
  (its own state, or this box's inbox);
- the body is one of the message types below, every field of the right type
  and within bounds, every transfer id its sender's own.

Anything else is :class:`BadMessage`, refused by the evening with one log
line (never a crash, issue 29, 5). The sequence number (a start counter of
the sender, journaled, and a count since then) lets the receiver drop a
message that is older than one it already took on the same topic.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any

import nacl.exceptions
import nacl.signing

from engine import role_ids
from villages.seal import seal, unseal_bytes

SIGNATURE_BYTES = 64
#: an evening is a few hours: more days or steps than this is no real message
MAX_DAY = 500
MAX_STEP = 3 * MAX_DAY
MAX_NAME = 40
MAX_IDS = 5000
#: the most a traveller's card may carry (a role's memory: potions, bites ...)
MAX_MEMORY_KEYS = 16
MAX_MEMORY_DEPTH = 3
MAX_SEQ = 2**53


class BadMessage(Exception):
    """A message sealed with the evening's key that is not one to use:
    ``reason`` says why (for the log; never the message's content)."""

    def __init__(self, reason: str, sender: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.sender = sender


@dataclass(frozen=True)
class Message:
    sender: str
    topic: str
    seq: tuple[int, int]
    body: dict[str, Any]


def new_signing_key() -> tuple[str, str]:
    """A box's own key pair, as text for the pairing files: (private, public)."""
    key = nacl.signing.SigningKey.generate()
    return _text(bytes(key)), _text(bytes(key.verify_key))


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii")


def _raw(text: str) -> bytes:
    return base64.urlsafe_b64decode(text.encode("ascii"))


def public_of(signing_key: str) -> str:
    return _text(bytes(nacl.signing.SigningKey(_raw(signing_key)).verify_key))


class Signer:
    """One box's sending side: its key and the evening's."""

    def __init__(self, box: str, signing_key: str, evening_key: str) -> None:
        self.box = box
        self._key = nacl.signing.SigningKey(_raw(signing_key))
        self._evening = evening_key

    def seal(self, topic: str, seq: tuple[int, int], body: dict[str, Any]) -> bytes:
        envelope = {"from": self.box, "topic": topic, "seq": list(seq), "body": body}
        text = json.dumps(envelope, ensure_ascii=True, sort_keys=True, separators=(",", ":")).encode("ascii")
        return seal(self._evening, bytes(self._key.sign(text)))


class Reader:
    """One box's receiving side: every box's public key, the evening's key,
    and which topics each sender may use."""

    def __init__(self, me: str, boxes: tuple[str, ...], verify_keys: dict[str, str], evening_key: str,
                 inbox: str, state_topic: Any) -> None:
        self.me = me
        self.boxes = boxes
        self._keys = {b: nacl.signing.VerifyKey(_raw(k)) for b, k in verify_keys.items()}
        self._evening = evening_key
        self._inbox = inbox
        self._state_topic = state_topic

    def open(self, topic: str, data: bytes) -> Message:
        """The checked message, :class:`WrongKey` or :class:`BadMessage`."""
        signed = unseal_bytes(self._evening, data)
        if len(signed) <= SIGNATURE_BYTES:
            raise BadMessage("too short")
        try:
            envelope = json.loads(signed[SIGNATURE_BYTES:])
        except (ValueError, UnicodeDecodeError):
            raise BadMessage("not JSON") from None
        if not isinstance(envelope, dict) or set(envelope) != {"from", "topic", "seq", "body"}:
            raise BadMessage("not an envelope")
        sender = envelope["from"]
        if not isinstance(sender, str) or sender not in self._keys:
            raise BadMessage("from no box of the evening")
        try:
            self._keys[sender].verify(signed)
        except nacl.exceptions.BadSignatureError:
            raise BadMessage(f"not signed by {sender}, whose name it bears") from None  # from nobody known
        if envelope["topic"] != topic:
            raise BadMessage("signed for another topic", sender)
        seq = envelope["seq"]
        if not (isinstance(seq, list) and len(seq) == 2 and all(_whole(x, 0, MAX_SEQ) for x in seq)):
            raise BadMessage("no sequence number", sender)
        body = envelope["body"]
        if not isinstance(body, dict):
            raise BadMessage("no body", sender)
        kind = body.get("type")
        if topic == self._state_topic(sender) and kind == "state":
            check_state(body, sender, self.boxes)
        elif topic == self._inbox and kind == "transfer":
            check_transfer(body, sender, self.me)
        else:
            raise BadMessage("not a message of this topic", sender)
        return Message(sender, topic, (seq[0], seq[1]), body)


# -- the bodies ------------------------------------------------------------------------
def _whole(x: object, low: int, high: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and low <= x <= high


_PRINTABLE = re.compile(r"[^\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def _name(x: object) -> bool:
    return isinstance(x, str) and 0 < len(x) <= MAX_NAME and bool(_PRINTABLE.fullmatch(x)) and x == x.strip()


def transfer_id(x: object, box: str | None = None) -> bool:
    """``<box>-<n>``, the box's own when ``box`` is given."""
    if not isinstance(x, str) or len(x) > 40:
        return False
    src, sep, n = x.rpartition("-")
    return bool(sep) and n.isascii() and n.isdigit() and not n.startswith("0") and (box is None or src == box)


def _exactly(body: dict[str, Any], keys: set[str], sender: str) -> None:
    if set(body) != keys:
        raise BadMessage("fields missing or unknown", sender)


def check_state(body: dict[str, Any], sender: str, boxes: tuple[str, ...]) -> None:
    """A village's state (retained at the broker): how far it is, and every
    transfer it sent, got, let in and sent back."""
    _exactly(body, {"type", "step", "live", "final", "done", "sent", "got", "joined", "back"}, sender)
    if not _whole(body["step"], 0, MAX_STEP) or not _whole(body["live"], 0, MAX_DAY):
        raise BadMessage("step out of bounds", sender)
    if not isinstance(body["final"], bool) or not isinstance(body["done"], bool):
        raise BadMessage("flags not true or false", sender)
    sent = body["sent"]
    if not isinstance(sent, dict) or not all(dst in boxes and dst != sender for dst in sent):
        raise BadMessage("sent to no village of the evening", sender)
    count = 0
    for ids in sent.values():
        if not isinstance(ids, dict) or not all(transfer_id(t, sender) and _whole(d, 1, MAX_DAY)
                                                for t, d in ids.items()):
            raise BadMessage("a sent transfer that is not its own", sender)
        count += len(ids)
    for field in ("got", "joined"):
        ids = body[field]
        if not isinstance(ids, list) or not all(transfer_id(t) and not transfer_id(t, sender) for t in ids):
            raise BadMessage(f"{field}: not others' transfers", sender)
        count += len(ids)
    back = body["back"]
    if not isinstance(back, dict) or not all(transfer_id(t) and not transfer_id(t, sender)
                                             and _whole(k, 0, MAX_STEP) for t, k in back.items()):
        raise BadMessage("back: not others' transfers", sender)
    if count + len(back) > MAX_IDS:
        raise BadMessage("too many transfers", sender)


def check_transfer(body: dict[str, Any], sender: str, me: str) -> None:
    """A player on his way here, with his card."""
    _exactly(body, {"type", "id", "name", "to", "day", "traveller"}, sender)
    if not transfer_id(body["id"], sender):
        raise BadMessage("a transfer id not of its sender", sender)
    if body["to"] != me:
        raise BadMessage("a transfer for another village", sender)
    if not _name(body["name"]) or not _whole(body["day"], 1, MAX_DAY):
        raise BadMessage("a transfer without a name or a day", sender)
    check_traveller(body["traveller"], body["name"], sender)


def check_traveller(t: object, name: str, sender: str) -> None:
    """What the engine's ``Traveller.from_dict`` reads, and only that."""
    if not isinstance(t, dict) or set(t) != {"name", "role", "memory", "charmed", "powerless", "lover"}:
        raise BadMessage("a traveller without his card", sender)
    if t["name"] != name or t["role"] not in role_ids():
        raise BadMessage("a traveller of another name, or an unknown card", sender)
    if not isinstance(t["charmed"], bool) or not isinstance(t["powerless"], bool):
        raise BadMessage("a traveller's flags not true or false", sender)
    if t["lover"] is not None and not _name(t["lover"]):
        raise BadMessage("a traveller's lover without a name", sender)
    memory = t["memory"]
    if not isinstance(memory, dict) or len(memory) > MAX_MEMORY_KEYS or not _plain(memory, MAX_MEMORY_DEPTH):
        raise BadMessage("a card's memory that is not plain data", sender)
    for key, shape in MEMORY_SHAPES.items():
        if key in memory and not shape(memory[key]):
            raise BadMessage(f"a card's memory with a bad {key}", sender)


#: what the engine's roles keep in a card's memory, each as they read it
#: (a key no role knows yet must at least be plain data: :func:`_plain`)
MEMORY_SHAPES = {
    "potions": lambda v: isinstance(v, dict) and set(v) <= {"save", "poison"}
    and all(isinstance(x, bool) for x in v.values()),
    "bites": lambda v: _whole(v, 0, 100),
    "last": lambda v: v is None or _name(v),
    "revealed": lambda v: isinstance(v, bool),
    "shielded": lambda v: isinstance(v, dict) and all(_name(k) and _whole(n, 0, 100) for k, n in v.items()),
}


def _plain(x: object, depth: int) -> bool:
    """JSON of the kinds a role keeps: names, numbers, flags, lists and maps of them."""
    if x is None or isinstance(x, bool | str) or _whole(x, -10**6, 10**6):
        return not isinstance(x, str) or len(x) <= 200
    if depth <= 0:
        return False
    if isinstance(x, list):
        return len(x) <= 64 and all(_plain(v, depth - 1) for v in x)
    if isinstance(x, dict):
        return len(x) <= 64 and all(isinstance(k, str) and len(k) <= 40 and _plain(v, depth - 1)
                                    for k, v in x.items())
    return False
