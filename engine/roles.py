"""Every character card as data: one registry, one entry a role.

Adding a role means adding its spec here (and, if it wakes at night, a step in
``engine.night``) plus its lines in ``voices/``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocab import Role, Team


@dataclass(frozen=True, slots=True)
class RoleSpec:
    role: Role
    team: Team
    #: at most one such card in the box (seed 000: "1 ziener, 1 heks ...")
    unique: bool = True
    #: loses its power when the village kills the elder (seed 000, De Dorpsoudste)
    village_power: bool = True


ROLES: dict[Role, RoleSpec] = {
    spec.role: spec
    for spec in (
        RoleSpec(Role.WEREWOLF, Team.WEREWOLVES, unique=False, village_power=False),
        RoleSpec(Role.VILLAGER, Team.VILLAGE, unique=False),
        RoleSpec(Role.SEER, Team.VILLAGE),
        RoleSpec(Role.WITCH, Team.VILLAGE),
        RoleSpec(Role.HUNTER, Team.VILLAGE),
        RoleSpec(Role.CUPID, Team.VILLAGE),
        RoleSpec(Role.LITTLE_GIRL, Team.VILLAGE),
        RoleSpec(Role.THIEF, Team.VILLAGE),
        RoleSpec(Role.VILLAGE_IDIOT, Team.VILLAGE),
        RoleSpec(Role.SCAPEGOAT, Team.VILLAGE),
        RoleSpec(Role.PIED_PIPER, Team.PIED_PIPER, village_power=False),
        RoleSpec(Role.HEALER, Team.VILLAGE),
        RoleSpec(Role.ELDER, Team.VILLAGE),
    )
}


def team_of(role: Role) -> Team:
    return ROLES[role].team


def parse_role(value: object) -> Role:
    """A role id from a scenario or config; raises ValueError naming it."""
    try:
        return Role(str(value))
    except ValueError:
        known = ", ".join(r.value for r in Role)
        raise ValueError(f"unknown role {value!r} (known: {known})") from None


def role_ids() -> tuple[str, ...]:
    """Every role the engine knows, in registry order (hardware, packs and
    tests take the list from here)."""
    return tuple(r.value for r in ROLES)
