"""The box's configuration as YAML data: the deck table, kits, options."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

from engine.deck import TableRow, table_deck
from engine.registry import parse_role
from engine.vocab import Role


@cache
def _decks() -> dict[str, Any]:
    text = resources.files(__name__).joinpath("decks.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def deck_table() -> tuple[TableRow, ...]:
    return tuple(TableRow(**row) for row in _decks()["table"])


def demo_deck(players: int, specials: list[str] | None = None) -> list[Role]:
    """The table's deck with as many of the demo characters as fit."""
    table = deck_table()
    wanted = [parse_role(r) for r in (specials if specials is not None else _decks()["demo_specials"])]
    row = next((r for r in table if r.players == players), None)
    room = row.villagers if row else 0
    chosen: list[Role] = []
    for role in wanted:
        used = len([r for r in chosen if r is not Role.THIEF])
        if role is Role.THIEF or used < room:
            chosen.append(role)
    return table_deck(players, table, chosen)


def standard_specials() -> list[str]:
    return list(_decks()["standard_specials"])


@cache
def balance_table() -> dict[str, Any]:
    """The advisor's precomputed table for seed 001's decks (bench/balance_table.py)."""
    text = resources.files(__name__).joinpath("balance.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data
