"""Every role of the forum edition (seed 004), one module each. Importing
this package registers them (``engine.forum.registry``); the lines below
are the registry. Extra roles are roles too (``kind="extra"``)."""

from engine.forum.roles import (  # noqa: F401
    blood_brother,
    corpse,
    cupid,
    drunk,
    gambler,
    grave_robber,
    gravedigger,
    grim_reaper,
    hangman,
    hunter,
    locksmith,
    mayor,
    mirror,
    noble,
    pyromaniac,
    ringleader,
    seer,
    skin_changer,
    soulmate,
    villager,
    werewolf,
    witch,
)
