"""De Dronkaard (seed 004, a test role from Blood on the Clocktower), an
extra role: "De dronkaard is een bijrol die niet weet zelf dat hij
dronkaard is. De dronkaard heeft altijd een goede rol (met een actie, maar
niet per se een nachtelijke) ontvangen en denkt dat hij die rol is. Hij kan
ook acties doen als die rol, zelfs dagacties." "De actie van een dronkaard
zal altijd uitgevoerd worden op een willekeurige speler." "Indien de
dronkaard sterft wordt zijn rol wel bekend gemaakt met zijn bijrol, dus
bijvoorbeeld "dronken ziener"." "De dronkaard is niet wisselbaar, echter een
wisselaar kan wel dronken zijn." "De Dronkaard kan nooit iemand vermoorden,
ook niet als hij bijvoorbeeld denkt Beul te zijn."

The box never tells him (he is told his card like anyone). Each of his
acts lands on a random living player other than himself, drawn with the
game's lots; whatever he is told names the player he chose (he must not
find out). "niet wisselbaar": a switch on him is refused (``refuses``,
``"switch"``; the switcher's module asks ``engine.forum.helpers.refused``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forum.fold import Act, Fold
from engine.forum.registry import ForumRole, ForumRules, role
from engine.forum.state import ForumState
from engine.vocab import Role, Side

DRUNK: Final = Role.define("drunk")


def astray(s: ForumState, actor: str) -> str | None:
    pool = [p for p in s.living() if p != actor]
    return s.rng.choice(pool) if pool else None


class DrunkRules(ForumRules):
    id = "drunk"
    order = 20

    def fold_begins(self, s: ForumState, fold: Fold) -> None:
        def meddler(fold: Fold, act: Act) -> None:
            if len(act.actors) != 1 or not s.has_extra(act.actor, DRUNK):
                return
            if act.kills:
                act.data["harmless"] = True
            if act.targeted and "drunk" not in act.data:
                act.data["drunk"] = True
                act.reached = [astray(s, act.actor) or t for t in act.reached]

        fold.meddle(meddler)

    def day_target(self, s: ForumState, actor: str, target: str) -> str:
        if s.has_extra(actor, DRUNK):
            return astray(s, actor) or target
        return target

    def harmless(self, s: ForumState, actor: str) -> bool:
        return s.has_extra(actor, DRUNK)

    def refuses(self, s: ForumState, name: str, change: str) -> bool:
        return change == "switch" and s.has_extra(name, DRUNK)

    def reveals(self, s: ForumState, name: str) -> dict[str, Any] | None:
        if s.has_extra(name, DRUNK):
            return {"role": s.card[name].value, "qualifier": "drunk"}
        return None


def carries(card: ForumRole) -> bool:
    return card.side is Side.GOOD and card.acts


role(ForumRole(DRUNK, None, kind="extra", rules=DrunkRules(), carries=carries, told=False))
