"""An event card of the Full Moon (seed 000, *Volle maan*): a variant with a
span. Drawn in the morning, a card may act at once (``start``: direct cards
do all they do there) and then holds for its span — the next vote, the next
night, the day, or the rest of the game — and the engine drops it when the
span ends (``engine.variants.full_moon``), so no card outlives it."""

from __future__ import annotations

from typing import ClassVar

from engine.errors import SetupError
from engine.rules import Flow, Rules
from engine.state import State

#: what the card's moon says (seed 000: "Continu, Tijdelijk, Direct")
KINDS = ("continuous", "temporary", "direct")
#: until when a card holds once drawn
SPANS = ("now", "vote", "night", "day", "game")


class Card(Rules):
    id: str = ""
    kind: ClassVar[str] = "direct"
    span: ClassVar[str] = "now"
    order = 70

    def start(self, s: State) -> Flow:
        """What the card does the moment it is read (may ask)."""
        return False
        yield  # pragma: no cover

    def over(self, s: State, moment: str) -> bool:
        """Whether the card's span ends with ``moment`` (a card that holds
        until a later vote says so itself)."""
        return self.span == moment

    def end(self, s: State) -> None:
        """Its span is over: undo what must be undone (the night of madness)."""


CARDS: dict[str, Card] = {}


def card(c: Card) -> Card:
    if c.kind not in KINDS or c.span not in SPANS:
        raise RuntimeError(f"card {c.id}: kind {c.kind!r} / span {c.span!r}")
    if c.id in CARDS:
        raise RuntimeError(f"card {c.id} registered twice")
    CARDS[c.id] = c
    return c


def find_card(name: object) -> Card:
    try:
        return CARDS[str(name)]
    except KeyError:
        known = ", ".join(sorted(CARDS))
        raise SetupError(f"unknown event card {name!r} (known: {known})", "refusal.unknown_card",
                         id=str(name), known=known) from None


# -- cards in force: put there when drawn, dropped by the engine --------------------
def in_force(s: State) -> list[str]:
    return s.mine("_cards", [])  # type: ignore[no-any-return]


def put_in_force(s: State, c: Card) -> None:
    in_force(s).append(c.id)
    _refresh(s)


def end_spans(s: State, moment: str) -> None:
    """The moment (``vote``, ``night``, ``day``) is over: every card whose
    span it was leaves the game."""
    held = s.store.get("_cards")
    if not held:
        return
    ending = [cid for cid in held if CARDS[cid].over(s, moment)]
    if not ending:
        return
    for cid in ending:
        held.remove(cid)
        CARDS[cid].end(s)
        s.emit("event_card_ends", card=cid)
    _refresh(s)


def _refresh(s: State) -> None:
    s.refresh_rules(tuple(CARDS[cid] for cid in in_force(s)))
