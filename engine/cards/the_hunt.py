"""De jacht (seed 000, direct): "Alle mannelijke spelers gaan op jacht in het
bos. Ze mogen nog aan de discussies, noch aan het stemmen meedoen. Er kan
niet op hen gestemd worden." Who goes the players say themselves (``hunt``);
back at nightfall."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import Away, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

HUNT = Ask.define("hunt")


class TheHunt(Away):
    id = "the_hunt"
    ask = HUNT


card(TheHunt())
registry.ask(AskSpec(HUNT, check_subset, some, form="subset"))
