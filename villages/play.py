"""``wakkerdam play --variant villages_unite --pairing FILE``: a real table at
the laptop as one village of an evening of boxes.

The laptop game is the narrator's own (``narrator/laptop``): its deal, its
night hand-overs, its day. This module adds the evening around it: the box's
pairing file (its name, broker user and password, the evening's keys; the
broker's address too, unless ``--broker HOST:PORT`` says otherwise), checked
before anyone types a name, and the village moderator, whose door asks the
table who leaves and where to. The moves are said from the voice packs
(the engine's ``player_left`` and ``newcomer``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine import Setup
from narrator.laptop.session import LaptopSession
from villages import adapter
from villages.errors import PairingError
from villages.evening import Evening
from villages.link import Link
from villages.moderator import VillageModerator
from villages.pairing import Pairing

#: how long a table's box waits for a village that stays silent (seconds)
WAIT_SECONDS = 120.0


def broker_address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise PairingError("villages.broker_address", address=text)
    return host.strip("[]"), int(port)


def load_pairing(file: str | None, broker: str | None) -> Pairing:
    if not file:
        raise PairingError("villages.pairing_needed")
    pairing = Pairing.load(file)
    return pairing.with_broker(*broker_address(broker)) if broker else pairing


class LaptopVillage:
    """The evening of one laptop table: checked at once, joined once the
    journal is there (the evening's own records go into the game's journal)."""

    def __init__(self, pairing: Pairing, file: Path, lang: str, broker: str | None = None) -> None:
        self.pairing = pairing
        self.file = file
        self.lang = lang
        self.broker = broker
        self.evening: Evening | None = None

    def journal_fields(self) -> dict[str, Any]:
        """What the journal's header says, for ``wakkerdam resume``."""
        fields: dict[str, Any] = {"mode": "villages", "village": self.pairing.box,
                                  "pairing": str(self.file.resolve())}
        if self.broker:
            fields["broker"] = self.broker
        return fields

    def setup(self, setup: Setup) -> Setup:
        """The game's set-up with the variant on, as ``rebuild`` makes it."""
        return adapter.village_setup(setup)

    def moderator(self, journal: Any, session: LaptopSession) -> tuple[type[VillageModerator], dict[str, Any]]:
        self.evening = Evening(self.pairing, journal, lang=self.lang, wait_seconds=WAIT_SECONDS,
                               on_line=session.screen.show)
        self.evening.start()
        return VillageModerator, {"evening": self.evening, "table_door": True}

    def close(self) -> None:
        if self.evening is not None:
            self.evening.close()


def laptop_village(args: argparse.Namespace) -> LaptopVillage:
    """``play``'s villages_unite: the pairing read and the broker reached and
    trusted before anyone types a name (else one line: ``VillagesError``)."""
    pairing = load_pairing(args.pairing, args.broker)
    Link(pairing).check()
    return LaptopVillage(pairing, Path(args.pairing), args.lang, args.broker)


def resume_at_laptop(journal: Any, *, text_only: bool, wav: str | None) -> dict[str, Any]:
    """``wakkerdam resume`` of a laptop village: the same table, back in its evening."""
    from narrator.laptop.game import resume_game
    from narrator.laptop.terminal import Screen
    from villages.moderator import rebuild

    header = journal.header
    lang = header.get("lang", "nl")
    pairing = load_pairing(header["pairing"], header.get("broker"))
    game, start_at = rebuild(journal)
    evening = Evening(pairing, journal, lang=lang, wait_seconds=WAIT_SECONDS, on_line=Screen().show)
    evening.start()
    try:
        resume_game(game, start_at, lang=lang, text_only=text_only or header.get("text_only") is True,
                    journal=journal, wav=wav, moderator_class=VillageModerator,
                    moderator_kw={"evening": evening, "table_door": True})
    finally:
        evening.close()
    return dict(journal.summary) if journal.finished else {"status": "stopped"}
