"""The Full Moon's event cards, one module each (ids:
``engine.catalog.CARD_IDS``). Importing this package registers them; the
lines below are the registry."""

from engine.cards import discontent, ecstasy  # noqa: F401
from engine.cards.base import CARDS, Card, find_card

__all__ = ["CARDS", "Card", "find_card"]
