"""De Weerhamster (seed 004): "De weerhamster kan niet sterven aan de lunch.
Hier staat tegenover dat de weerhamster zal sterven door het visioen van de
ziener of de helderziende. Het visioen gaat in dat geval wel gewoon door.
Dit kan uitmaken, bijvoorbeeld als de Vriend (gevorderde rol) bij de
Weerhamster slaapt." "De sjamaan en de dorpsgek zien de weerhamster als
burger." (The cursed's text: "Een vervloekte heeft geen invloed op de
onlunchbaarheid van de weerhamster.")

A good role without a call. The lunch spares him (``spares``, the lunch's
cause; nothing shields or blesses that away). When a look of the seer's
or the clairvoyant's power has resolved on him (``resolved``: the vision
told as usual, a guest in his house seen too), he dies of it then, at
that moment of the fold (cause ``vision``). The shaman and the fool are
shown a villager.
"""

from __future__ import annotations

from typing import Final

from engine.forum.deaths import die, quietly
from engine.forum.fold import Act, Fold
from engine.forum.registry import ForumRole, ForumRules, role
from engine.forum.state import ForumState
from engine.vocab import Cause, Role, Side

WEREHAMSTER: Final = Role.define("werehamster")
CLAIRVOYANT: Final = Role.define("clairvoyant")
#: "het visioen van de ziener of de helderziende"
DEADLY: Final = frozenset({Role.SEER, CLAIRVOYANT})
#: who see him "als burger"
AS_VILLAGER: Final = frozenset({"shaman", "fool"})
VISION_DEATH: Final = Cause.define("vision")


class WerehamsterRules(ForumRules):
    id = "werehamster"
    order = 20

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        return cause == Cause.WEREWOLVES.value and s.card[name] is WEREHAMSTER

    def resolved(self, s: ForumState, fold: Fold, act: Act) -> None:
        if act.power not in DEADLY:
            return
        for name in act.reached:
            if s.alive[name] and s.card[name] is WEREHAMSTER:
                quietly(die(s, name, VISION_DEATH, fold))

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        return Role.VILLAGER if shown is WEREHAMSTER and kind in AS_VILLAGER else shown


role(ForumRole(WEREHAMSTER, Side.GOOD, rules=WerehamsterRules()))
