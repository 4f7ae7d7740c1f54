"""Slaapwandelaar (seed 000, continuous): "Vanaf nu tot het einde van het spel
meldt de spelleider hardop de rol van de speler die door de ziener wordt
aangewezen. De spelers weten dus niet om welke speler het gaat." The seer
still sees as ever; right after her turn the box says the card aloud, never
the name. On a night she does not look (dead, powerless, no seer in the
deck) the box says so in the same place, so the silence tells nothing."""

from __future__ import annotations

from engine import registry
from engine.cards.base import Card, card
from engine.night import NightStep
from engine.state import State
from engine.vocab import Role


class Sleepwalker(Card):
    id = "sleepwalker"
    kind = "continuous"
    span = "game"

    def seen(self, s: State, target: str, shown: Role) -> Role:
        s.store["sleepwalker"] = (s.night, shown.value)
        return shown


def say_aloud(s: State) -> None:
    night, role = s.store.get("sleepwalker", (0, None))
    if night == s.night and role is not None:
        s.emit("sleepwalker_saw", role=role)
    else:
        s.emit("sleepwalker_nothing")


card(Sleepwalker())
registry.steps(NightStep("sleepwalker", 55, rule="sleepwalker", inform=say_aloud))
