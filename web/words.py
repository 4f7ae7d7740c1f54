"""Small phrases of the page, from the pack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import voices


def deck_words(pack: voices.Pack, cards: Iterable[str]) -> str:
    """'2 × Weerwolf, 1 × Ziener, 8 × Gewone burger'."""
    counts = Counter(cards)
    return ", ".join(pack.line("web.deck.item", count=n, role=pack.role_bare(r)) for r, n in counts.items())
