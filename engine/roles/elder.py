"""De Dorpsoudste (seed 000): the werewolves must choose him twice ("Pas als
de weerwolven hem voor een tweede keer kiezen zal hij worden verslonden");
every choice counts, a healed or saved one too. He dies at once of the
village's vote, the witch's poison or the hunter's shot, and then "verliezen
alle dorpsbewoners ... direct al hun bijzondere eigenschappen" — also when
the poison comes on the night of his second bite: the seed lists the poison
without exception, so the witch's potion decides, not the bite."""

from __future__ import annotations

from engine import registry
from engine.registry import ROLES, RoleCard
from engine.rules import Intent, Rules
from engine.state import Death, State
from engine.vocab import Cause, Role, Team

#: causes by which the village kills the elder
VILLAGE_CAUSES = frozenset({Cause.VOTE, Cause.POISON, Cause.HUNTER})


def bites(s: State, elder: str) -> int:
    return int(s.memory(elder).get("bites", 0))


def has_village_power(s: State, name: str) -> bool:
    """A power the elder's death takes (a plain villager has none)."""
    card = ROLES[s.role[name]]
    return card.village_power and bool(card.special or card.steps) and name not in s.powerless


class ElderRules(Rules):
    id = "elder"

    def recorded(self, s: State, intent: Intent) -> None:
        if intent.kind == "bite" and s.holds(intent.target, Role.ELDER):
            s.memory(intent.target)["bites"] = bites(s, intent.target) + 1

    def spares(self, s: State, harm: Intent) -> bool:
        return (harm.cause is Cause.WEREWOLVES and s.holds(harm.target, Role.ELDER)
                and bites(s, harm.target) < 2)

    def tells_at_dawn(self, s: State) -> bool:
        # Only the witch's poison kills him by the village's hand at night.
        return Role.WITCH in s.deck

    def on_death(self, s: State, death: Death) -> None:
        if not s.holds(death.name, Role.ELDER) or s.village_powerless:
            return
        poisoned = any(i.kind == "poison" and i.target == death.name for i in s.intents)
        if not (death.cause in VILLAGE_CAUSES or poisoned):
            return
        s.village_powerless = True
        if death.cause is Cause.VOTE or death.cause is Cause.HUNTER:
            s.emit("village_powerless", name=death.name)
            return
        # Killed in the night: saying so in public would tell the table the
        # witch poisoned him. Those who lose a power are told alone, in the
        # dawn's round (held every dawn this could happen: see tells_at_dawn).
        losing = frozenset(p for p in s.living() if has_village_power(s, p))
        if losing:
            s.emit("powers_lost", losing, sleeper=True, name=death.name)


registry.role(RoleCard(Role.ELDER, Team.VILLAGE, rules=ElderRules()))
