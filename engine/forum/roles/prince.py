"""De Prins (seed 004): "De eerste keer dat het dorp besluit om de prins te
lynchen gaat hij niet dood en wordt zijn rol bekend gemaakt." Beperkingen:
"Bij een tweede lynch op de prins komt hij wel te overlijden." "Op het
moment dat de prins voor het eerst weggestemd wordt en dus zijn rol bekend
wordt, raakt hij zijn stemrecht kwijt. Hij moet nog wel zijn activiteit
tonen." "Zodra de prins gelyncht wordt, wordt aangegeven dat hij prins is."
"Ook als een prins die eenmalig gelyncht is van rol verandert, zal zijn
stemrecht verloren blijven." (The ringleader's text: "Een Prins die de
kracht al heeft gebruikt krijgt diens stemrecht niet terug als diens rol
geruild wordt. De nieuwe Prins krijgt uiteraard gebruikte Prinskrachten.")

A hook on the lynch: the first lynch of a prince's card is announced with
his card and he lives; the card remembers it was used (it goes with the
card), the lost vote stays with the player (``own["no_vote"]``, read by
the lynch's voters). "Zijn activiteit tonen" is the forum's rule against
inactivity: at a table he keeps his turns and sits out the votes.
"""

from __future__ import annotations

from typing import Final

from engine.forum.deaths import Flow
from engine.forum.registry import ForumRole, ForumRules, role
from engine.forum.state import ForumState
from engine.vocab import Role, Side

PRINCE: Final = Role.define("prince")


class PrinceRules(ForumRules):
    id = "prince"
    order = 40

    def lynch(self, s: ForumState, name: str) -> Flow:
        if s.card[name] is not PRINCE or s.memory(name).get("used"):
            return False  # "Bij een tweede lynch op de prins komt hij wel te overlijden"
        s.memory(name)["used"] = True
        s.own[name]["no_vote"] = True
        s.revealed.add(name)
        s.emit("forum_prince_spared", name=name, role=PRINCE.value)
        return True
        yield  # pragma: no cover  (a flow: it may ask, this one never does)


role(ForumRole(PRINCE, Side.GOOD, rules=PrinceRules()))
