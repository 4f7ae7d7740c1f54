"""The precomputed table for seed 001's decks (8-18 players: werewolves, the
seer and villagers as the table says), shipped in ``config/balance.yaml``
and made by ``bench/balance_table.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import config
import voices
from engine import Role
from narrator.balance import words
from narrator.balance.advisor import Advisor, table_question
from narrator.balance.inputs import player_range
from narrator.parallel import Workers


def generate(games: int, swap_games: int, top: int = 3, *, seed: int = 1, jobs: int | Workers = 1,
             done: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Every deck of the table: its rates, and the ``top`` swaps nearest to
    even among the seed 001 ones (a character in place of a villager, one
    werewolf more or less)."""
    lo, hi = player_range()
    rows = []
    for players in range(lo, hi + 1):
        q = table_question(players)
        advisor = Advisor(q, seed=seed, jobs=jobs, done=done)
        base = advisor.base(games)
        rows.append({
            "players": players,
            "deck": {r.value: q.cards.count(r) for r in dict.fromkeys(q.cards)},
            "games": games,
            "rates": base.as_dict(),
            "nearest_even": [
                {"out": s.out.value, "into": s.into.value, "games": r.games, "rates": r.as_dict()}
                for s, r in advisor.nearest_even(swap_games, top, villagers_only=True)
            ],
        })
    return {"bots": "sensible", "seed": seed, "games": games, "swap_games": swap_games, "decks": rows}


def planned_games(games: int, swap_games: int) -> int:
    lo, hi = player_range()
    return sum(games + swap_games * len(Advisor(table_question(n)).swaps(villagers_only=True))
               for n in range(lo, hi + 1))


def load() -> dict[str, Any]:
    return config.balance_table()


def lines(pack: voices.Pack) -> list[str]:
    """The shipped table in the pack's words."""
    data = load()
    out = [pack.line("balance.table_title", games=data["games"], swap_games=data["swap_games"])]
    for row in data["decks"]:
        village = row["rates"]["village"]
        cards = [rid for rid, n in row["deck"].items() for _ in range(n)]
        best = row["nearest_even"][0]
        out.append(pack.line(
            "balance.table_row", players=row["players"], deck=words.deck(pack, cards), rate=words.pct(pack, village["rate"]),
            lo=words.pct(pack, village["low"]), hi=words.pct(pack, village["high"]),
            out=pack.role_bare(Role(best["out"]).value), into=pack.role_bare(Role(best["into"]).value),
            swap_rate=words.pct(pack, best["rates"]["village"]["rate"])))
    return out
