"""The language of the game: the nouns every other module speaks in."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    WEREWOLF = "werewolf"
    VILLAGER = "villager"
    SEER = "seer"
    WITCH = "witch"
    HUNTER = "hunter"
    CUPID = "cupid"
    LITTLE_GIRL = "little_girl"
    THIEF = "thief"
    VILLAGE_IDIOT = "village_idiot"
    SCAPEGOAT = "scapegoat"
    PIED_PIPER = "pied_piper"
    HEALER = "healer"
    ELDER = "elder"


class Team(StrEnum):
    VILLAGE = "village"
    WEREWOLVES = "werewolves"
    PIED_PIPER = "pied_piper"


class Ask(StrEnum):
    """What the engine can ask; the names are the scenario format's."""

    THIEF = "thief"
    CUPID = "cupid"
    HEALER = "healer"
    SEER = "seer"
    WEREWOLVES = "werewolves"
    WITCH = "witch"
    PIED_PIPER = "pied_piper"
    HUNTER = "hunter"
    MAYOR_ELECTION = "mayor_election"
    VOTE = "vote"
    MAYOR_TIEBREAK = "mayor_tiebreak"
    REVOTE = "revote"
    MAYOR_SUCCESSOR = "mayor_successor"
    SCAPEGOAT = "scapegoat"


class Cause(StrEnum):
    WEREWOLVES = "werewolves"
    POISON = "poison"
    HUNTER = "hunter"
    HEARTBREAK = "heartbreak"
    VOTE = "vote"
    SCAPEGOAT = "scapegoat"


class Winner(StrEnum):
    VILLAGE = "village"
    WEREWOLVES = "werewolves"
    LOVERS = "lovers"
    PIED_PIPER = "pied_piper"
    NOBODY = "nobody"


class Phase(StrEnum):
    NIGHT = "night"
    DAY = "day"


#: Night asks: put silently, never by voice; who is asked is itself a secret.
SECRET_ASKS = frozenset(
    {Ask.THIEF, Ask.CUPID, Ask.HEALER, Ask.SEER, Ask.WEREWOLVES, Ask.WITCH, Ask.PIED_PIPER}
)
#: Asks answered by every voter at once (``{voter: name}``).
BALLOT_ASKS = frozenset({Ask.MAYOR_ELECTION, Ask.VOTE, Ask.REVOTE})
#: Asks the day's discussion comes before.
DISCUSSED_ASKS = frozenset({Ask.MAYOR_ELECTION, Ask.VOTE})
