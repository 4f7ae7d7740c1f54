"""Every message between boxes is sealed with the evening key (PyNaCl's
SecretBox: XSalsa20-Poly1305, a fresh random nonce each time), over its
sender's signature (``villages/messages.py``).

Nobody on the network reads a role, and nobody without the key can make a
box accept a message; which box wrote one only its signature says. The plaintext is padded to a fixed bucket first, so the
length of a transfer says nothing about what the traveller carries (a witch's
potions, a lover's name).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import nacl.exceptions
import nacl.secret
import nacl.utils

from villages.errors import WrongKey

KEY_BYTES = nacl.secret.SecretBox.KEY_SIZE
#: every sealed plaintext is a multiple of this many bytes
BUCKET = 1024


def new_key() -> str:
    """A fresh evening key, as text for a pairing file."""
    return base64.urlsafe_b64encode(nacl.utils.random(KEY_BYTES)).decode("ascii")


def _box(key: str) -> nacl.secret.SecretBox:
    raw = base64.urlsafe_b64decode(key.encode("ascii"))
    return nacl.secret.SecretBox(raw)


def seal(key: str, message: dict[str, Any] | bytes) -> bytes:
    """``message`` (bytes, or a dict as JSON) padded and sealed with ``key``."""
    body = message if isinstance(message, bytes) else json.dumps(
        message, ensure_ascii=True, sort_keys=True, separators=(",", ":")).encode("ascii")
    framed = len(body).to_bytes(4, "big") + body
    framed += b"\0" * (-len(framed) % BUCKET)
    return bytes(_box(key).encrypt(framed))


def unseal_bytes(key: str, data: bytes) -> bytes:
    """What was sealed, or :class:`WrongKey` (another evening's key, or damage)."""
    try:
        framed = _box(key).decrypt(data)
    except (nacl.exceptions.CryptoError, ValueError, TypeError):
        raise WrongKey("villages.wrong_key") from None
    size = int.from_bytes(framed[:4], "big")
    if len(framed) < 4 or size > len(framed) - 4:
        raise WrongKey("villages.wrong_key")
    return bytes(framed[4:4 + size])


def unseal(key: str, data: bytes) -> dict[str, Any]:
    """The sealed dict, or :class:`WrongKey`."""
    try:
        message = json.loads(unseal_bytes(key, data))
    except (ValueError, UnicodeDecodeError):
        raise WrongKey("villages.wrong_key") from None
    if not isinstance(message, dict):
        raise WrongKey("villages.wrong_key")
    return message
