"""Every role of the forum edition (seed 004), one module each. Importing
this package registers them (``engine.forum.registry``); the lines below
are the registry. Extra roles are roles too (``kind="extra"``)."""

from engine.forum.roles import (  # noqa: F401
    cupid,
    drunk,
    gambler,
    hangman,
    hunter,
    mayor,
    mirror,
    noble,
    seer,
    skin_changer,
    villager,
    werewolf,
    witch,
)
