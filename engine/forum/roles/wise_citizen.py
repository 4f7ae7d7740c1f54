"""De Wijze burger (seed 004): "De wijze burger kan aan de spelleider vragen
hoe vaak een rol uit de rollenlijst aan het begin van het spel voorkwam."
"Voorbeeld: Hoeveel x zitten er in het spel?" "Dit mag je eenmalig doen, op
elk moment, voor dag 4. Je krijgt zo snel mogelijk antwoord." Beperkingen:
"De vraag mag niet anders gesteld worden, dus bijvoorbeeld niet: "Hoeveel x
zitten er nog in het spel?"." "De wijze burger krijgt altijd antwoord voor
het aantal van die rol dat er aan het begin van het spel in zat." "De vraag
kan slechts één keer gesteld worden en vóór nacht drie." "In de vraag moet
het om een specifieke rol gaan. Hierbij gelden versies (I, II, etc) als
verschillende rollen en kan er dus ook niet gevraagd worden naar "het
aantal wolven"." "Er mag niet gevraagd worden naar extra rollen."
(The lycanthrope's text: "hij telt mee als de wijze burger het aantal
gewone wolven opvraagt".)

A secret day action in his turn of the day's round, on days 1 to 3 (before
night 3, and so before day 4), once (the card remembers it): one role of
the deck's cards, never an extra role; the answer comes at once, privately
("zo snel mogelijk"): how many players held that card at the deal, those
whose card is taken for it counted too (the lycanthrope for a werewolf).
The question is one of the form's roles, so it cannot be put otherwise.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow
from engine.forum.registry import FORUM_ROLES, DayAction, ForumRole, role
from engine.forum.sides import taken_for
from engine.forum.state import ForumState
from engine.vocab import Role, Side

WISE_CITIZEN: Final = Role.define("wise_citizen")
#: "vóór nacht drie": days 1, 2 and 3
LAST_DAY: Final = 3


def askable(s: ForumState, player: str) -> tuple[str, ...]:
    """The cards of the deck he may ask about (the deck is public; no extra roles)."""
    return tuple(sorted(r.value for r in s.deck if FORUM_ROLES[r].kind == "role"))


def available(s: ForumState, player: str) -> bool:
    return s.card[player] is WISE_CITIZEN and s.day <= LAST_DAY and not s.memory(player).get("asked")


def check(s: ForumState, player: str, value: Any) -> Role:
    if not isinstance(value, str):
        raise MalformedAnswer(f"wise_citizen: a role id, not {value!r}")
    if value not in askable(s, player):
        raise IllegalAnswer("wise_citizen_role", "the wise citizen asks about one card of the deck, "
                                                 "not an extra role")
    return Role(value)


def count(s: ForumState, asked: Role) -> int:
    """How often ``asked`` was dealt ("aan het begin van het spel")."""
    return sum(1 for card in s.setup.roles.values() if card is asked or taken_for(s, card) is asked)


def apply(s: ForumState, player: str, asked: Role) -> Flow:
    s.memory(player)["asked"] = True
    s.emit("forum_wise_citizen_count", frozenset({player}), role=asked.value, count=count(s, asked))
    return
    yield  # pragma: no cover  (a flow: it may ask, this one never does)


def decide(ctx: ForumBotContext, player: str) -> Any:
    """A thinking wise citizen asks how many werewolves there are, on day 2
    (the first day with a lynch); a random one anything, any day."""
    roles = askable(ctx.s, player)
    if ctx.sensible:
        if ctx.s.day < 2 and ctx.rng.random() < 0.7:
            return None
        return Role.WEREWOLF.value if Role.WEREWOLF.value in roles else ctx.rng.choice(list(roles))
    return ctx.rng.choice(list(roles)) if ctx.rng.random() < 0.4 else None


role(ForumRole(
    WISE_CITIZEN, Side.GOOD, acts=True,
    day_actions=(DayAction("wise_citizen", Part("wise_citizen", label="role_bare.{}",
                                                prompt="prompt.forum_wise_citizen"),
                           available, check, apply, decide, options=askable),),
))
