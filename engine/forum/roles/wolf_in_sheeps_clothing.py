"""De Wolf in Schaapskleren (seed 004): "Dit is een weerwolf die de
mogelijkheid heeft om een rol door te geven waarmee hij gezien wordt. De
wolf in schaapskleren kan een rol aan de spelleider doorgeven en wordt de
rest van het spel door ieder visioen als die rol gezien in plaats van zijn
eigenlijke rol. In het geval van de helderziende ziet deze de alliantie van
deze ingezonden rol." Beperkingen: "De wolf in schaapskleren moet voor
nacht 1 de keuze maken als welke rol hij gezien wilt worden." "Als de wolf
in schaapskleren geen rol instuurt, zal hij met zijn gewone rol gezien
worden." Tijd van de actie: "Dag 1." And the others' texts: "Een Wolf in
Schaapskleren welke een goede rol heeft gekozen om te tonen zal samen met
een goedje gezien worden als match om samen te winnen" (the oracle, part 2:
``disguise``); "De 'Schaapskleren' van een Wolf in Schaapskleren gaan ook
mee in de rollenruil. De nieuwe speler met schaapskleren krijgt echter niet
te weten welke rol er is gebruikt" (the ringleader, part 4: the disguise
is the card's, ``s.power``).

A werewolf with a secret day action on day 1 only, in his turn:
``{wolf_in_sheeps_clothing: role}``, a card of the game. From then on
every look at whoever holds his card shows that card (``seen_role``, every
kind: the seer, the shaman, the fool) and the clairvoyant its alliance
(``seen_side``); none chosen, his own. A look of tonight that shows
something else wins over it (the wolf sorcerer's mark, an illusion).
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow
from engine.forum.helpers import role_options
from engine.forum.registry import FORUM_ROLES, DayAction, ForumRole, ForumRules, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.vocab import Role, Side

WOLF_IN_SHEEPS_CLOTHING: Final = Role.define("wolf_in_sheeps_clothing")


def disguise(s: ForumState, name: str) -> Role | None:
    """The card ``name`` is seen as, when he holds the sheep's clothing."""
    if s.card[name] is not WOLF_IN_SHEEPS_CLOTHING:
        return None
    found = s.power[name].get("disguise")
    return Role(found) if found is not None else None


def options(s: ForumState, player: str) -> tuple[str, ...]:
    return tuple(role_options(s))


def available(s: ForumState, player: str) -> bool:
    # "moet voor nacht 1 de keuze maken"
    return s.day == 1 and s.card[player] is WOLF_IN_SHEEPS_CLOTHING and \
        "disguise" not in s.power[player]


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str) or value not in options(s, player):
        raise IllegalAnswer("disguise_role", "the wolf in sheep's clothing names a card of this game")
    return value


def apply(s: ForumState, player: str, chosen: str) -> Flow:
    s.power[player]["disguise"] = chosen
    s.emit("forum_disguised", frozenset({player}), role=chosen)
    return
    yield  # pragma: no cover  (a flow: it asks nothing)


class SheepRules(ForumRules):
    id = "wolf_in_sheeps_clothing"
    #: before tonight's marks and illusions, which show something else
    order = 60

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        found = disguise(s, target)
        return found if found is not None else shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        found = disguise(s, target)
        if found is None:
            return shown
        return FORUM_ROLES[found].side or shown


def decide(ctx: ForumBotContext, player: str) -> Any:
    """A thinking wolf hides as a good card of the deck, mostly the plain
    villager (the one that fits most players)."""
    roles = [r for r in options(ctx.s, player)
             if FORUM_ROLES[Role(r)].side is Side.GOOD]
    if not roles:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(list(options(ctx.s, player))) if ctx.rng.random() < 0.7 else None
    if Role.VILLAGER.value in roles and ctx.rng.random() < 0.7:
        return Role.VILLAGER.value
    return ctx.rng.choice(roles)


role(ForumRole(
    WOLF_IN_SHEEPS_CLOTHING, Side.BAD, wolf=True, board=BOARD, acts=True, rules=SheepRules(),
    day_actions=(DayAction("wolf_in_sheeps_clothing",
                           Part("wolf_in_sheeps_clothing", label="role_bare.{}",
                                prompt="prompt.forum_disguise"),
                           available, check, apply, decide, options=options),),
))
