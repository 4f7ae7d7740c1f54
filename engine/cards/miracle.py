"""Wonder (seed 000, direct): "Het laatste slachtoffer van de weerwolven is
niet uitgeschakeld. ... Het slachtoffer komt meteen weer bij en doet meteen
weer mee aan het spel. Hij verliest wel de eventuele speciale eigenschappen
die hij had." The werewolves' most recent victim (any night) plays again,
without his powers; what his death set off (a lover's grief, a shot, a new
mayor) stands. No such victim, or he is already back: nothing happens."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.rules import Flow
from engine.state import State
from engine.vocab import Cause


class Miracle(Card):
    id = "miracle"

    def start(self, s: State) -> Flow:
        victim = next((d for d in reversed(s.deaths) if d.cause is Cause.WEREWOLVES), None)
        if victim is None or s.alive[victim.name]:
            s.emit("miracle_none")
            return False
        s.deaths.remove(victim)
        s.revive(victim.name)
        s.powerless.add(victim.name)
        s.store.setdefault("miracle", []).append(victim.name)
        s.emit("miracle_revived", name=victim.name)
        return False
        yield  # pragma: no cover


card(Miracle())
