"""Het Onschuldige Meisje (seed 000): she may peek while the werewolves are
awake (the box only says so in the werewolves' call); the healer cannot
protect her (the healer's module)."""

from __future__ import annotations

from engine import registry
from engine.registry import RoleCard
from engine.vocab import Role, Team

registry.role(RoleCard(Role.LITTLE_GIRL, Team.VILLAGE))
