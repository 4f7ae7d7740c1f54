"""De Burger (seed 000): no power at night; he votes by day."""

from __future__ import annotations

from engine import registry
from engine.registry import RoleCard
from engine.vocab import Role, Team

registry.role(RoleCard(Role.VILLAGER, Team.VILLAGE, unique=False, special=False))
