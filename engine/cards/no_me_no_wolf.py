"""Geen ik geen wolf (seed 000, direct): "Uit bijgeloof hebben de dorpsbewoners besloten om de woorden 'ik' en 'wolf' niet meer uit te spreken. Een speler die deze regel vergeet mag die dag niet stemmen."

The table says who broke the rule (``said_forbidden``, asked just before the vote;
the box cannot hear it for itself): they do not vote today."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import RuleBreakers, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

SAID_FORBIDDEN = Ask.define("said_forbidden")


class NoMeNoWolf(RuleBreakers):
    id = "no_me_no_wolf"
    ask = SAID_FORBIDDEN


card(NoMeNoWolf())
registry.ask(AskSpec(SAID_FORBIDDEN, check_subset, lambda ctx: some(ctx, 0.15), form="subset"))
