"""Which RFID tag is what: a player's token (by seat) or a role card.

Tokens belong to seats, not to people: the player who sits at seat 3 uses the
token marked 3, whoever that is tonight. Role cards map to role ids; a deck
has several werewolf and villager cards, each with its own tag.

The registry is a small YAML file written by ``wakkerdam enroll`` (in the
service's state directory on the Pi). Fake kits get :func:`fake_registry`, a
fixed set of UIDs, so bots and tests can hold "the token of seat 3".
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from engine import role_ids
from hardware.events import wiring_error

#: How many cards of each role a box holds (seed 001's deck, with spares);
#: one of every other role the engine knows (``engine.role_ids()``).
CARD_COPIES = {"werewolf": 6, "villager": 13}


def registry_path() -> Path:
    """Where enrolled tags live: systemd's StateDirectory, else ~/.local/state."""
    state = os.environ.get("STATE_DIRECTORY")
    base = Path(state.split(":")[0]) if state else Path.home() / ".local" / "state" / "wakkerdam"
    return base / "tokens.yaml"


@dataclass
class Registry:
    seats: dict[str, int] = field(default_factory=dict)   # uid -> seat number (1-based)
    cards: dict[str, str] = field(default_factory=dict)   # uid -> role id

    def kind(self, uid: str) -> tuple[str, int | str] | None:
        uid = uid.upper()
        if uid in self.seats:
            return ("seat", self.seats[uid])
        if uid in self.cards:
            return ("card", self.cards[uid])
        return None

    def token_of(self, seat: int) -> str | None:
        return next((u for u, s in self.seats.items() if s == seat), None)

    def cards_of(self, role: str) -> list[str]:
        return [u for u, r in self.cards.items() if r == role]

    def add_seat(self, uid: str, seat: int) -> None:
        self._forget(uid)
        self.seats[uid.upper()] = seat

    def add_card(self, uid: str, role: str) -> None:
        self._forget(uid)
        self.cards[uid.upper()] = role

    def _forget(self, uid: str) -> None:
        self.seats.pop(uid.upper(), None)
        self.cards.pop(uid.upper(), None)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(yaml.safe_dump({"seats": self.seats, "cards": self.cards}, sort_keys=True),
                       encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Registry:
        if not path.exists():
            return cls()
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            seats = {str(u).upper(): int(s) for u, s in (data.get("seats") or {}).items()}
            cards = {str(u).upper(): str(r) for u, r in (data.get("cards") or {}).items()}
        except (yaml.YAMLError, AttributeError, TypeError, ValueError) as exc:
            detail = getattr(exc, "problem", None) or str(exc)  # yaml's own words, without its dump
            raise wiring_error(str(path), "hardware.kit.not_registry", detail=detail[:80]) from None
        return cls(seats, cards)


def fake_registry(seats: int = 24) -> Registry:
    """Fixed UIDs: seat tokens ``5EA700nn``, role cards ``CA<role><copy>``."""
    reg = Registry()
    for n in range(1, seats + 1):
        reg.add_seat(f"5EA7{n:04X}", n)
    for r, role in enumerate(role_ids()):
        for copy in range(CARD_COPIES.get(role, 1)):
            reg.add_card(f"CA{r:02X}{copy:04X}", role)
    return reg
