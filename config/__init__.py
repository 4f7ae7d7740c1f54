"""The box's configuration as YAML data: the deck table, kits, options."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.deck import TableRow, table_deck
from engine.registry import parse_role, role_ids
from engine.vocab import Role

#: the box's deck table (an edited copy is checked whole before it is used)
DECKS_PATH = Path(__file__).with_name("decks.yaml")
ROW_KEYS = ("players", "werewolves", "seer", "villagers")
#: no table is for more players than a room holds (and no count asks for a
#: billion cards)
MOST = 100


def load_decks(path: str | Path) -> dict[str, Any]:
    """``decks.yaml`` read and checked: every problem is one
    :class:`narrator.yamlfile.ConfigError` naming the file and the line."""
    from narrator.yamlfile import check_keys, error_at, get, load_yaml

    data = load_yaml(path, "decks", top=dict)
    check_keys(data, ("table", "demo_specials", "standard_specials"), ("table", "demo_specials"))
    table = get(data, "table", list)
    if not table:
        raise error_at(data, ("table",), "journal.config_empty", what="table")
    seen: set[int] = set()
    for i, row in enumerate(table):
        check_keys(row, ROW_KEYS, ROW_KEYS)
        for key in ROW_KEYS:
            n = get(row, key, int)
            if not (2 if key == "players" else 0) <= n <= MOST:
                raise error_at(row, (key,), "journal.config_unknown_value", name=key, value=n)
        if row["players"] in seen:
            raise error_at(table, (i,), "journal.config_unknown_value", name="players", value=row["players"])
        seen.add(row["players"])
    known = set(role_ids())
    for key in ("demo_specials", "standard_specials"):
        for j, role in enumerate(get(data, key, list, default=[])):
            if not isinstance(role, str) or role not in known:
                raise error_at(data[key], (j,), "journal.config_unknown_value", name=key, value=role)
    return {"table": [dict(r) for r in table], "demo_specials": list(data["demo_specials"]),
            "standard_specials": list(data.get("standard_specials", []))}


@cache
def _decks() -> dict[str, Any]:
    return load_decks(DECKS_PATH)


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
