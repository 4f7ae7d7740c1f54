"""``wakkerdam balance --edition forum``: the forum edition's win rates for a
deck (seed 004 gives no deck table): its cards and extra roles dealt anew
for every game, sensible bots, each side's rate with its Wilson interval.
The proposals of decks near even for any table (``--propose``) build on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import voices
from engine import Setup
from narrator.balance.advisor import Rates
from narrator.demo import forum_batch, forum_deal
from narrator.parallel import Workers
from narrator.simulation import wins


def forum_rates(setup: Setup, games: int, seed: int, jobs: int | Workers = 1,
                done: Callable[[int], None] | None = None) -> Rates:
    """How often each side wins ``games`` games of ``setup``'s deck
    (``done(n)`` hears of every slice of games played)."""
    return Rates(games, dict(wins(forum_batch(setup, seed, "sensible"), games, jobs, done)))


def forum_setup(players: int, roles: list[str] | None, extra: list[str] | None) -> Setup:
    """The deck asked for (ids or names), or the demo's for ``players``."""
    return forum_deal(players, 1, roles or None, extra)


def as_json(setup: Setup, rates: Rates) -> dict[str, Any]:
    return {"edition": "forum", "players": len(setup.players),
            "deck": sorted(setup.roles[p].value for p in setup.players),
            "extra": sorted(r.value for rs in setup.extra.values() for r in rs),
            "bots": "sensible", "games": rates.games, "rates": rates.as_dict()}


def as_text(pack: voices.Pack, setup: Setup, rates: Rates) -> list[str]:
    from narrator.balance.cli import side_line

    cards = [pack.role_bare(setup.roles[p].value) for p in setup.players]
    extras = [pack.role_bare(r.value) for rs in setup.extra.values() for r in rs]
    lines = [pack.line("balance.forum_title", players=len(setup.players), deck=", ".join(sorted(cards)),
                       extra=", ".join(sorted(extras)) or "-"),
             pack.line("balance.forum_bots", games=rates.games), ""]
    lines += [f"  {side_line(pack, rates, side)}" for side in rates.sides()]
    lines.append(pack.line("balance.even"))
    return lines
