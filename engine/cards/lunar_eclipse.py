"""Maansverduistering (seed 000, direct): "De spelers draaien zich om zodat ze met hun rug naar het midden van de kring zitten en discussiëren zonder elkaar aan te kijken. Wie toch kijkt, mag niet stemmen (ter beoordeling van de spelleider). Pas als er gestemd gaat worden nemen de spelers hun normale posities weer in."

The table says who broke the rule (``looked``, asked just before the vote;
the box cannot hear it for itself): they do not vote today."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import RuleBreakers, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

LOOKED = Ask.define("looked")


class LunarEclipse(RuleBreakers):
    id = "lunar_eclipse"
    ask = LOOKED


card(LunarEclipse())
registry.ask(AskSpec(LOOKED, check_subset, lambda ctx: some(ctx, 0.15), form="subset"))
