"""De Lycantroop (seed 004, a test role): "Wordt door andere rollen
behandeld als een weerwolf: elke zienende rol ziet hem als een weerwolf
(dus ook de sjamaan), hij telt mee als de wijze burger het aantal gewone
wolven opvraagt, wissels mislukken op hem, de welp kan hem niet welpen op
lycantroop, maar dus wel op weerwolf." "Een voordeel dat hij heeft: de
eerste keer dat de wolven hem proberen te lunchen, zal dit mislukken.
Daarna gaat het wel door." Beperkingen: "Geen." Tijd van de actie: "Geen."

A good role without a call. Every looker is shown a werewolf
(``seen_role``) and the clairvoyant the werewolves' alliance
(``seen_side``); where no looker is asked, other roles take his card for
a werewolf (``taken_for``: the wise citizen's count, a switch, the holy
water, a noble's vote; the cubs of part 3 read it too). The wolves
themselves know he is none (he is not on their board). The first lunch
that reaches him is his one free try: it fails, and on a night something
else stopped it (a protection) it is spent all the same ("de eerste keer
dat de wolven hem proberen te lunchen"); the card remembers it (it goes
with the card).
"""

from __future__ import annotations

from typing import Final

from engine.forum.fold import Act, Fold
from engine.forum.registry import ForumRole, ForumRules, role
from engine.forum.roles.werewolf import is_lunch
from engine.forum.state import ForumState
from engine.vocab import Cause, Role, Side

LYCANTHROPE: Final = Role.define("lycanthrope")


class LycanthropeRules(ForumRules):
    id = "lycanthrope"
    order = 20

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        return Role.WEREWOLF if shown is LYCANTHROPE else shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        return Side.BAD if s.card[target] is LYCANTHROPE and shown is Side.GOOD else shown

    def taken_for(self, s: ForumState, card: Role, shown: Role) -> Role:
        return Role.WEREWOLF if card is LYCANTHROPE else shown

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        if cause != Cause.WEREWOLVES.value or s.card[name] is not LYCANTHROPE:
            return False
        if s.memory(name).get("lunched"):
            return False  # "Daarna gaat het wel door"
        s.memory(name)["lunched"] = True
        return True

    def resolved(self, s: ForumState, fold: Fold, act: Act) -> None:
        # A lunch that reached him and was stopped by another shield was
        # still the wolves' first try.
        if is_lunch(act):
            for name in act.reached:
                if s.card[name] is LYCANTHROPE:
                    s.memory(name)["lunched"] = True


role(ForumRole(LYCANTHROPE, Side.GOOD, rules=LycanthropeRules()))
