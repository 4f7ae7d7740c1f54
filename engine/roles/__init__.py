"""Every character card, one module each: its card, its night steps with
their place in the order, its answer checks, its bot policies and its rules.

Importing this package registers them all (``engine.registry``); the lines
below are the registry, in the order of the box's cards.
"""

from engine.roles import (  # noqa: F401
    cupid,
    elder,
    guardian_angel,
    healer,
    hunter,
    little_girl,
    pied_piper,
    scapegoat,
    seer,
    thief,
    village_idiot,
    villager,
    werewolf,
    witch,
)
