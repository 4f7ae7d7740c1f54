"""The language of the game: the nouns every other module speaks in.

Roles, asks, causes, teams and winners are *open* vocabularies: the base game
names its own here, and a role, variant or card module defines the ones it
adds in its own file (``Role.define("<id>")``). Each id is a ``str``
(so it is its own JSON and YAML value) interned per kind, so ``is`` compares
them and ``Role("seer")`` finds the one ``Role.SEER``; an id nobody defined is
a ``ValueError``, as with an enum.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

_I = TypeVar("_I", bound="Id")


class _IdKind(type):
    """Lets ``for r in Role`` and ``"seer" in Role`` read the defined ids."""

    def __iter__(cls) -> Iterator[Any]:
        return iter(list(cls._table.values()))  # type: ignore[attr-defined]

    def __contains__(cls, value: object) -> bool:
        return value in cls._table  # type: ignore[attr-defined]

    def __len__(cls) -> int:
        return len(cls._table)  # type: ignore[attr-defined]


class Id(str, metaclass=_IdKind):
    """An id of one kind; defined once, looked up everywhere else."""

    _table: ClassVar[dict[str, Any]]
    #: the plain string (as an enum's ``.value``; an attribute, read often)
    value: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._table = {}

    def __new__(cls: type[_I], value: object) -> _I:
        try:
            found: _I = cls._table[str(value)]
        except KeyError:
            raise ValueError(f"{value!r} is not a valid {cls.__name__}") from None
        return found

    @classmethod
    def define(cls: type[_I], value: str) -> _I:
        """The id ``value`` of this kind, made on first use."""
        found: _I | None = cls._table.get(value)
        if found is None:
            found = str.__new__(cls, value)
            found.value = str(value)
            cls._table[value] = found
        return found

    @classmethod
    def all(cls: type[_I]) -> tuple[_I, ...]:
        return tuple(cls._table.values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str.__str__(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by kind and value (worker processes define the same ids).
        return (type(self), (str.__str__(self),))


class Role(Id):
    WEREWOLF: ClassVar[Role]
    VILLAGER: ClassVar[Role]
    SEER: ClassVar[Role]
    WITCH: ClassVar[Role]
    HUNTER: ClassVar[Role]
    CUPID: ClassVar[Role]
    LITTLE_GIRL: ClassVar[Role]
    THIEF: ClassVar[Role]
    VILLAGE_IDIOT: ClassVar[Role]
    SCAPEGOAT: ClassVar[Role]
    PIED_PIPER: ClassVar[Role]
    HEALER: ClassVar[Role]
    ELDER: ClassVar[Role]


class Team(Id):
    VILLAGE: ClassVar[Team]
    WEREWOLVES: ClassVar[Team]
    PIED_PIPER: ClassVar[Team]


class Ask(Id):
    """What the engine can ask; the names are the scenario format's."""

    THIEF: ClassVar[Ask]
    CUPID: ClassVar[Ask]
    HEALER: ClassVar[Ask]
    SEER: ClassVar[Ask]
    WEREWOLVES: ClassVar[Ask]
    WITCH: ClassVar[Ask]
    PIED_PIPER: ClassVar[Ask]
    HUNTER: ClassVar[Ask]
    MAYOR_ELECTION: ClassVar[Ask]
    VOTE: ClassVar[Ask]
    MAYOR_TIEBREAK: ClassVar[Ask]
    REVOTE: ClassVar[Ask]
    MAYOR_SUCCESSOR: ClassVar[Ask]
    SCAPEGOAT: ClassVar[Ask]


class Cause(Id):
    WEREWOLVES: ClassVar[Cause]
    POISON: ClassVar[Cause]
    HUNTER: ClassVar[Cause]
    HEARTBREAK: ClassVar[Cause]
    VOTE: ClassVar[Cause]
    SCAPEGOAT: ClassVar[Cause]


class Side(Id):
    """The forum edition's alliances (seed 004): good, bad, neutral (until a
    neutral chooses), and the corpse, who plays alone."""

    GOOD: ClassVar[Side]
    BAD: ClassVar[Side]
    NEUTRAL: ClassVar[Side]
    CORPSE: ClassVar[Side]


class Winner(Id):
    VILLAGE: ClassVar[Winner]
    WEREWOLVES: ClassVar[Winner]
    LOVERS: ClassVar[Winner]
    PIED_PIPER: ClassVar[Winner]
    NOBODY: ClassVar[Winner]
    CORPSE: ClassVar[Winner]


def _define_upper(kind: type[Id], *values: str) -> None:
    for value in values:
        setattr(kind, value.upper(), kind.define(value))


# The base game's ids, in the order of the box's cards (seed 000).
_define_upper(Role, "werewolf", "villager", "seer", "witch", "hunter", "cupid", "little_girl",
              "thief", "village_idiot", "scapegoat", "pied_piper", "healer", "elder")
_define_upper(Team, "village", "werewolves", "pied_piper")
_define_upper(Ask, "thief", "cupid", "healer", "seer", "werewolves", "witch", "pied_piper",
              "hunter", "mayor_election", "vote", "mayor_tiebreak", "revote", "mayor_successor",
              "scapegoat")
_define_upper(Cause, "werewolves", "poison", "hunter", "heartbreak", "vote", "scapegoat")
_define_upper(Winner, "village", "werewolves", "lovers", "pied_piper", "nobody", "corpse")
_define_upper(Side, "good", "bad", "neutral", "corpse")


class Phase(StrEnum):
    NIGHT = "night"
    DAY = "day"
