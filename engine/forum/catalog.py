"""Every role of seed 004 by the scenario format's ids, with its side and
kind: the catalogue of the forum edition (``docs/scenario-format.md``,
"The forum edition"). Which of them the engine can play is the registry's
business (``engine.forum.registry``); ``wakkerdam roles`` lists both.
"""

from __future__ import annotations

from typing import Final

#: "Goede Rollen" and its "Testrollen" (the last two)
GOOD: Final = (
    "guardian_angel", "hangman", "bishop", "villager", "fool", "blessed", "gambler",
    "clairvoyant", "skin_changer", "hunter", "oracle", "priest", "prince", "sleepwalker",
    "stalker", "false_angel", "friend", "werehamster", "wise_citizen", "switcher", "yeti",
    "seer", "lycanthrope", "mirror",
)
#: "Slechte Rollen" and its "Testrollen" (the last two)
BAD: Final = (
    "apostate", "conversion_wolf", "illusion_wolf", "heretic_wolf", "chain_cub", "liar_wolf",
    "omega_wolf", "unsure_cub", "orc", "shaman", "veiling_wolf", "cursed", "werewolf", "cub",
    "wolf_in_sheeps_clothing", "wolf_sorcerer", "poisoner", "headsman",
)
#: "Neutrale Rollen"
NEUTRAL: Final = ("gravedigger", "grave_robber", "witch", "corpse", "pyromaniac", "ringleader",
                  "locksmith")
#: "Extra Rollen" (beside a player's card) and its test role, the drunk
EXTRA: Final = ("noble", "blood_brother", "mayor", "cupid", "lover", "grim_reaper", "soulmate",
                "drunk")
#: extra roles that arise in play and are never dealt
ARISING: Final = frozenset({"mayor", "lover"})

ROLE_IDS: Final = GOOD + BAD + NEUTRAL
ALL_IDS: Final = ROLE_IDS + EXTRA


def side_of(role_id: str) -> str:
    """The side a role's text gives it (an extra role has none of its own)."""
    if role_id in GOOD:
        return "good"
    if role_id in BAD:
        return "bad"
    if role_id in NEUTRAL:
        return "neutral"
    return "extra"
