"""De Burger (seed 004): "Dit is een normale bewoner van Wakkerdam. Hij
heeft geen speciale krachten." Never called at night."""

from __future__ import annotations

from engine.forum.registry import ForumRole, role
from engine.vocab import Role, Side

role(ForumRole(Role.VILLAGER, Side.GOOD))
