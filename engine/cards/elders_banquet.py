"""Het maal van de ouderen (seed 000, direct): "De senioren brengen hun dag door
aan een banket van de raad van ouderen in het volgende dorp en komen niet
voor zonsondergang terug. Iedere speler meldt zijn leeftijd: de oudste helft
van de spelers vormt de raad van ouderen. ... De 'jongeren' kunnen niet op
een van de ouderen stemmen. Verder kunnen de ouderen niet door weerwolven
geëlimineerd worden of spelers elimineren (als ze zelf weerwolf zijn)."

As the ball, with the older half (``banquet``). Back at sundown, but the
card's last sentence is about the night, so the elders are out of the
werewolves' reach (and out of the pack) that night too (docs/cards.md)."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import Away, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

BANQUET = Ask.define("banquet")


class EldersBanquet(Away):
    id = "elders_banquet"
    ask = BANQUET
    span = "night"
    half = True
    at_night = True


card(EldersBanquet())
registry.ask(AskSpec(BANQUET, check_subset, some, form="pick_many"))
