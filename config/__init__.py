"""The box's configuration as YAML data: the deck table, kits, options."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from engine.dealing import TableRow, table_deck
from engine.errors import WakkerdamError
from engine.registry import parse_role, role_ids
from engine.vocab import Role

#: the box's deck table (an edited copy is checked whole before it is used)
DECKS_PATH = Path(__file__).with_name("decks.yaml")
ROW_KEYS = ("players", "werewolves", "seer", "villagers")
#: no table is for more players than a room holds (and no count asks for a
#: billion cards)
MOST = 100


class DecksError(WakkerdamError, ValueError):
    """``decks.yaml`` is wrong. ``where`` names the file (and the line when
    the YAML says it), ``problem`` a language-pack key and ``params`` its
    values: the narrator says it in the table's language (config sits below
    the packs, so it cannot)."""

    def __init__(self, where: str, problem: str, /, **params: Any) -> None:
        self.where, self.problem, self.params = where, problem, params
        super().__init__(f"{where}: {problem} {params}")


def load_decks(path: str | Path) -> dict[str, Any]:
    """``decks.yaml`` read and checked whole: any fault is one :class:`DecksError`."""
    name = str(path)
    try:
        data = yaml.safe_load(Path(path).read_bytes().decode("utf-8"))
    except OSError as exc:
        raise DecksError(name, "journal.config_unreadable", what="decks",
                         reason=exc) from None  # said by narrator.yamlfile.readable
    except UnicodeDecodeError:
        raise DecksError(name, "journal.config_not_utf8", what="decks") from None
    except ValueError as exc:  # a number of thousands of digits
        raise DecksError(name, "journal.config_syntax", detail=str(exc)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{name}:{mark.line + 1}" if mark is not None else name
        raise DecksError(where, "journal.config_syntax", detail=getattr(exc, "problem", None) or "?") from None

    def fail(key: str, value: Any) -> DecksError:
        return DecksError(name, "journal.config_unknown_value", name=key, value=value)

    if not isinstance(data, dict) or not isinstance(data.get("table"), list) or not data["table"]:
        raise fail("table", type(data.get("table") if isinstance(data, dict) else data).__name__)
    seen: set[int] = set()
    for row in data["table"]:
        if not isinstance(row, dict) or set(row) != set(ROW_KEYS):
            raise fail("table", row)
        for key in ROW_KEYS:
            n = row[key]
            if isinstance(n, bool) or not isinstance(n, int) or not (2 if key == "players" else 0) <= n <= MOST:
                raise fail(key, n)
        if row["players"] in seen:
            raise fail("players", row["players"])
        seen.add(row["players"])
    known = set(role_ids())
    for key in ("demo_specials", "standard_specials"):
        roles = data.get(key, [])
        if not isinstance(roles, list):
            raise fail(key, roles)
        for role in roles:
            if not isinstance(role, str) or role not in known:
                raise fail(key, role)
    if "demo_specials" not in data:
        raise DecksError(name, "journal.config_missing_key", name="'demo_specials'")
    return {"table": [dict(r) for r in data["table"]], "demo_specials": list(data["demo_specials"]),
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


@cache
def balance_table() -> dict[str, Any]:
    """The advisor's precomputed table for seed 001's decks (bench/balance_table.py)."""
    text = resources.files(__name__).joinpath("balance.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


# -- the forum edition (seed 004 gives no deck table) ------------------------------
#: the forum's demo deck: its specials in the order a growing table takes
#: them, the extra roles dealt beside them, the share of werewolves
FORUM_SPECIALS = ("seer", "witch", "hunter", "hangman", "gambler", "mirror", "skin_changer")
FORUM_EXTRAS = ("noble", "cupid", "drunk")


def forum_demo_deck(players: int) -> tuple[list[str], list[str]]:
    """A forum deck for ``players`` (role ids, extra role ids): about one
    werewolf in four and a half, the specials while two villagers stay,
    the extra roles from eight players on."""
    wolves = max(1, round(players / 4.5))
    room = max(0, players - wolves - 2)
    specials = list(FORUM_SPECIALS[:room])
    cards = ["werewolf"] * wolves + specials
    cards += ["villager"] * (players - len(cards))
    extras = list(FORUM_EXTRAS) if players >= 8 else []
    return cards, extras
