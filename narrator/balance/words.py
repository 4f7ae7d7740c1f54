"""The advisor's small phrases, from the pack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine import Role
from voices import Pack


def deck(pack: Pack, cards: Iterable[Role | str]) -> str:
    """'2× Weerwolf, Ziener en 7× Gewone burger' (cards in their order)."""
    counts = Counter(Role(c).value for c in cards)
    return pack.join([
        pack.role_bare(rid) if n == 1 else pack.line("balance.cards", count=n, role=pack.role_bare(rid))
        for rid, n in counts.items()])


def say(pack: Pack, key: str, **params: Any) -> str:
    """A line, with role ids turned into the pack's role names."""
    for name in ("role", "out", "into"):
        if name in params and params[name] in {r.value for r in Role}:
            params[name] = pack.role_bare(params[name])
    return pack.line(key, **params)


def pct(pack: Pack, x: float) -> str:
    """A share as a percentage with one decimal, in the pack's decimal mark."""
    return f"{100 * x:.1f}".replace(".", pack.line("balance.decimal_mark"))


def side_line(pack: Pack, rates: Any, side: str) -> str:
    """One side's rate with its interval (``advisor.Rates``)."""
    lo, hi = rates.interval(side)
    return pack.line("balance.rate", side=pack.line(f"balance.side.{side}"), rate=pct(pack, rates.rate(side)),
                     lo=pct(pack, lo), hi=pct(pack, hi))
