"""De Ketterse wolf (seed 004): "De ketter is een weerwolf en heeft net als de
priester een flesje heiligwater. Dit heiligwater is echter nep, en het zal
niet werken, niet op weerwolven en niet op de heks. De ketter gebruikt zijn
heiligwater overdag zodat iedereen het kan zien. De spelers weten dan niet
of hij de ketterse wolf of de priester is." "Ook overleeft de ketter het
heiligwater van de priester." Beperkingen: "De ketter kan maar éénmalig zijn
heiligwater gebruiken." "De ketter mag zelf in het speltopic de actie
neerzetten." "Het wordt ook op prijs gesteld als de ketter de spelleider via
pm waarschuwt voor zijn actie opdat deze er zo snel mogelijk op kan
reageren." "Doordat er geen dode valt bij het gebruik van het neppe
heiligwater zal de deadline dan ook nooit verzet worden na gebruik van deze
actie." And the priest's: "Als deze speler weerwolf (behalve ketterse wolf)
of heks is zal deze speler doodgaan"; the ringleader's: "De eigenschap van
de Ketter om niet te sterven aan priesterwater verhuist mee naar de nieuwe
eigenaar."

A werewolf with a public day action (``day``: ``{heretic_wolf: name}``),
once a game: announced after the round exactly as the priest's (the same
event, ``forum_holy_water``, then "Er gebeurt niets"), so the table cannot
tell which of the two poured it. Whoever holds his card does not die of
the priest's water (cause ``priest``, the priest's module): ``spares``.
The PM to the game master and the deadline are the table's manners.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow
from engine.forum.helpers import others
from engine.forum.registry import DayAction, ForumRole, ForumRules, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.vocab import Role, Side

HERETIC_WOLF: Final = Role.define("heretic_wolf")
PRIEST: Final = Role.define("priest")
#: the priest's holy water: the cause of its deaths (the priest's module, part 2)
HOLY_WATER: Final = "priest"


def available(s: ForumState, player: str) -> bool:
    return s.card[player] is HERETIC_WOLF and not s.memory(player).get("used")


def check(s: ForumState, player: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"heretic_wolf: a player's name, not {value!r}")
    if value == player or value not in s.alive or not s.alive[value]:
        raise IllegalAnswer("holy_water_target", "the holy water is poured on another living player")
    return value


def apply(s: ForumState, player: str, chosen: str) -> Flow:
    s.memory(player)["used"] = True
    s.emit("forum_holy_water", name=player, target=chosen)
    s.emit("forum_nothing_happens")  # "het zal niet werken"
    return
    yield  # pragma: no cover  (a flow: it asks nothing)


class HereticRules(ForumRules):
    id = "heretic_wolf"

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        # "Ook overleeft de ketter het heiligwater van de priester"
        return cause == HOLY_WATER and s.card[name] is HERETIC_WOLF


def decide(ctx: ForumBotContext, player: str) -> Any:
    """A thinking heretic pours his water where a priest is in the deck (else
    it would give him away), on a wolf of his board: "nothing happens"
    clears him in the village's eyes."""
    s = ctx.s
    if not ctx.sensible:
        pool = list(others(s, player))
        return ctx.rng.choice(pool) if pool and ctx.rng.random() < 0.15 else None
    if PRIEST not in s.deck or s.day < 2 or ctx.rng.random() < 0.6:
        return None
    wolves = [p for p in others(s, player) if p in s.on_board(BOARD) and s.is_wolf(p)]
    return ctx.rng.choice(wolves) if wolves else None


role(ForumRole(
    HERETIC_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True, rules=HereticRules(),
    day_actions=(DayAction("heretic_wolf", Part("heretic_wolf", prompt="prompt.forum_holy_water"),
                           available, check, apply, decide, public=True,
                           options=lambda s, p: others(s, p)),),
))
