"""Zaterdagavondbal (seed 000, direct): "De jongeren uit het dorp gaan vanavond
dansen en komen niet voor het ochtendgloren terug. Iedere speler meldt zijn
leeftijd: de jongste helft van de spelers vormt de groep dansers. De dansers
doen noch aan de discussie, noch aan het stemmen mee. De 'ouderen' kunnen
niet op een van de dansers stemmen. Verder kunnen de dansers niet door
weerwolven geëlimineerd worden of spelers elimineren (als ze zelf weerwolf
zijn)."

The players say among themselves who the younger half is and name exactly
half the living, rounded down (``ball``). Away until the next morning: not
voting today, not to be voted, not to be chosen by the werewolves tonight,
and a dancing werewolf does not wake with the pack."""

from __future__ import annotations

from engine import registry
from engine.cards.base import card
from engine.cards.common import Away, check_subset, some
from engine.registry import AskSpec
from engine.vocab import Ask

BALL = Ask.define("ball")


class SaturdayNightBall(Away):
    id = "saturday_night_ball"
    ask = BALL
    span = "night"
    half = True
    at_night = True


card(SaturdayNightBall())
registry.ask(AskSpec(BALL, check_subset, some, form="pick_many"))
