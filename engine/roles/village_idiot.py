"""De Dorpsgek (seed 000): voted out while he has his power, his card is
shown and he survives ("De dorpsbewoners erkennen direct hun fout"), nobody
else is voted that day, he loses his vote for good and any mayorship."""

from __future__ import annotations

from engine import registry
from engine.registry import RoleCard
from engine.rules import Flow, Rules
from engine.state import State
from engine.vocab import Role, Team


def revealed(s: State, name: str) -> bool:
    return bool(s.memories.get(name, {}).get("revealed"))


class IdiotRules(Rules):
    id = "village_idiot"
    order = 20

    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        # "heeft geen stemrecht meer"
        silent = [p for p in s.holders(Role.VILLAGE_IDIOT) if revealed(s, p)]
        return tuple(p for p in who if p not in silent) if silent else who

    def eliminate(self, s: State, name: str) -> Flow:
        if s.role[name] is not Role.VILLAGE_IDIOT or not s.has_power(name):
            return False
        # "wordt deze bekend gemaakt ... draaien hun beslissing terug ...
        #  In deze ronde wordt niet opnieuw gestemd."
        s.memory(name)["revealed"] = True
        s.emit("idiot_revealed", name=name, role=Role.VILLAGE_IDIOT.value)
        if s.mayor == name:
            # "Als de dorpsgek ook burgemeester was verliest hij deze rol"
            s.mayor = None
            s.emit("mayor_removed", name=name)
        return True
        yield  # pragma: no cover


registry.role(RoleCard(Role.VILLAGE_IDIOT, Team.VILLAGE, rules=IdiotRules()))
