"""Goede manieren (seed 000, direct): "Daarom is het vanaf nu verboden om andere spelers in de rede te vallen. De spelers krijgen om de beurt het woord, aangestuurd door de spelleider. Een speler die deze spelregel vergeet, mag die dag niet stemmen." A direct card: the day it is drawn (docs/cards.md).

The table says who broke the rule (``interrupted``, asked just before the vote;
the box cannot hear it for itself): they do not vote today."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import RuleBreakers, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

INTERRUPTED = Ask.define("interrupted")


class GoodManners(RuleBreakers):
    id = "good_manners"
    ask = INTERRUPTED


card(GoodManners())
registry.ask(AskSpec(INTERRUPTED, check_subset, lambda ctx: some(ctx, 0.15), form="subset"))
