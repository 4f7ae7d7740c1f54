"""Kruiden zoeken in het bos (seed 000, direct): "Alle vrouwelijke spelers gaan
naar het bos om kruiden voor de heks te zoeken. Ze komen pas bij
zonsondergang terug. Ze mogen noch aan de discussies, noch aan het stemmen
meedoen. Er kan niet op hen gestemd worden. De heks krijgt nog voor het
aanbreken van de nacht een extra toverdrankje terug."

Who goes the players say themselves (``herbs``). The witch's potion back:
the potion of life if she used it, else the poison if she used it; she
never holds two of one kind (docs/cards.md). Nothing is said of it aloud."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import Away, check_subset, some
from engine.registry import AskSpec
from engine.roles.witch import potions
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask, Role

HERBS = Ask.define("herbs")


class HerbGathering(Away):
    id = "herb_gathering"
    ask = HERBS

    def start(self, s: State) -> Flow:
        yield from super().start(s)
        witch = s.holder(Role.WITCH)
        if witch is None or not s.alive[witch]:
            return False
        left = potions(s, witch)
        for kind in ("save", "poison"):
            if not left[kind]:
                left[kind] = True
                break
        return False


card(HerbGathering())
registry.ask(AskSpec(HERBS, check_subset, some, form="subset"))
