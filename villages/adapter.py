"""The only place that asks the engine to let a player leave or join.

The engine's surface for Dorpen, verenigt U (``engine/travel.py``): during the
day's discussion, ``game.leave(name) -> Traveller`` (the player's name, role
id and what his card carries: memory such as the witch's potions, charmed,
powerless, lover) and ``game.join(traveller)``; both are recorded among the
game's decisions, and a village its werewolves all left is won at once.

A traveller crosses the network and the journals as plain JSON (a dict); this
module turns it into the engine's dataclass and back.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Game, Setup
from engine.travel import Traveller

VARIANT = "villages_unite"


def village_setup(setup: Setup) -> Setup:
    """The set-up with the variant switched on, where the engine lists it."""
    from engine.variants import VARIANTS

    if VARIANT not in VARIANTS or VARIANT in setup.variants:
        return setup
    return dataclasses.replace(setup, variants=(*setup.variants, VARIANT))


def may_leave(game: Game, name: str) -> bool:
    """In the day's discussion (the engine's moment for it), alive, here."""
    req = game.request
    return req is not None and req.discussion and game.state.alive.get(name, False)


def leave(game: Game, name: str) -> dict[str, Any]:
    """The player leaves the game (the engine's IllegalAnswer when he may not)."""
    return dict(game.leave(name).to_dict())


def join(game: Game, traveller: dict[str, Any]) -> None:
    game.join(Traveller.from_dict(traveller))
