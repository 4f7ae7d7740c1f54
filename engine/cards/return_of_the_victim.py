"""Terugkeer van het slachtoffer (seed 000, temporary, the next night): "Als de
weerwolven in de komende nacht een gewone burger elimineren, wordt deze niet
uitgeschakeld, maar verandert in een weerwolf. De spelleider ruilt zijn
kaart en waarschuwt hem zonder dat de anderen het zien. Als het slachtoffer
geen gewone burger is, overleeft deze en wordt de eerste weerwolf aan zijn
linkerhand geëlimineerd. Als de weerwolven geen overeenstemming bereiken,
valt er deze ronde geen slachtoffer."

Read at dawn, where a bite kills: a bite that the healer, the witch or the
elder's first life stops does not "eliminate", so nothing happens. "Aan zijn
linkerhand": the first living werewolf from the victim's seat going left
(seat order); he dies at dawn (cause ``return``), his card shown."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.rules import Intent
from engine.state import State
from engine.vocab import Cause, Role

RETURN = Cause.define("return")


class ReturnOfTheVictim(Card):
    id = "return_of_the_victim"
    kind = "temporary"
    span = "night"

    def tells_at_dawn(self, s: State) -> bool:
        return True  # a turned villager is warned at dawn, alone

    def instead_of_death(self, s: State, harm: Intent) -> bool:
        if harm.cause is not Cause.WEREWOLVES or s.store.get(self.id) == s.night:
            return False
        s.store[self.id] = s.night  # one bite a night turns
        victim = harm.target
        if s.role[victim] is Role.VILLAGER:
            s.swap_role(victim, Role.WEREWOLF)
            s.emit("turned_werewolf", frozenset({victim}), sleeper=True)
            return True
        seats = s.players
        i = seats.index(victim)
        ring = seats[i + 1:] + seats[:i]
        wolf = next((p for p in ring if s.alive[p] and s.is_wolf(p)), None)
        if wolf is not None:
            # taken up by the same fold at dawn (it reads the intents in order)
            s.intents.append(Intent("return", self.id, wolf, cause=RETURN))
        return True


card(ReturnOfTheVictim())
