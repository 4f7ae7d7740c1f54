"""The only place that asks the engine to let a player leave or join.

The engine's surface for ``villages_unite`` (the lead's; the engine is being
rewritten): in the day, ``game.leave(name) -> Traveller`` (a dataclass: the
player's name, role id and role state such as potions, lover, charmed) and
``game.join(traveller)``, plus the win check "no werewolf left in this
village". Until it is there, :func:`ready` is False and the villages play in
step without anyone moving.

A traveller crosses the network and the journals as plain JSON (a dict); this
module turns it into the engine's dataclass and back.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

import engine
from engine import Game, Setup
from engine.variants import VARIANTS

VARIANT = "villages_unite"


def ready() -> bool:
    """Whether this engine lets players leave and join (``villages_unite``)."""
    return (callable(getattr(Game, "leave", None)) and callable(getattr(Game, "join", None))
            and hasattr(engine, "Traveller") and VARIANT in VARIANTS)


def village_setup(setup: Setup) -> Setup:
    """The set-up with the variant switched on, once the engine has it."""
    if VARIANT not in VARIANTS or VARIANT in setup.variants:
        return setup
    return dataclasses.replace(setup, variants=(*setup.variants, VARIANT))


def leave(game: Game, name: str) -> dict[str, Any]:
    """The player leaves the game (raises the engine's error when he may not)."""
    traveller = game.leave(name)  # type: ignore[attr-defined]
    return to_dict(traveller)


def join(game: Game, traveller: dict[str, Any]) -> None:
    game.join(from_dict(traveller))  # type: ignore[attr-defined]


def to_dict(traveller: Any) -> dict[str, Any]:
    if hasattr(traveller, "to_dict"):
        return dict(traveller.to_dict())
    return {f.name: _plain(getattr(traveller, f.name)) for f in dataclasses.fields(traveller)}


def from_dict(data: dict[str, Any]) -> Any:
    cls = engine.Traveller  # type: ignore[attr-defined]
    if hasattr(cls, "from_dict"):
        return cls.from_dict(data)
    return cls(**data)


def _plain(value: Any) -> Any:
    """JSON for what a dataclass may hold: enums by value, sets sorted."""
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def may_leave(game: Game, name: str) -> bool:
    """Alive, in the day, and the engine's surface is there."""
    s = game.state
    return ready() and not game.over and s.phase.value == "day" and s.alive.get(name, False)
