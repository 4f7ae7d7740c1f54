"""De Leugenwolf (seed 004): "De leugenwolf is een weerwolf die zijn stem tot
drie stemmingen toe via PM aan de spelleider kan veranderen. Deze
verandering van stem is dan natuurlijk niet zichtbaar voor de andere
spelers." Beperkingen: "De leugenwolf kan per spel maximaal drie stemmingen
van stem veranderen." Tijd van de actie: "De dag."

A werewolf. At the table his PM is his turn of the ballot's private round
(``recast``: ``engine.forum.day.ballot_round``), held after every lynch
vote of a game whose deck has his card, whoever lives: every voter in seat
order has one turn of the same shape, and his asks him (``liar_wolf``)
whether his vote, heard aloud, now counts for another living player. The
box then says only who is lynched, never the counts ("niet zichtbaar voor
de andere spelers"). A change spends one of his three ballots ("per spel
maximaal drie stemmingen"), the card's; keeping his vote spends none. The
mayor's election is no "stemming" of his text: the lynch's only. His
change is his day action: the poisoner's next day sends it to a random
player (``day_target``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.forms import Form, Part
from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.day import request
from engine.forum.deaths import Flow
from engine.forum.helpers import day_target
from engine.forum.registry import ForumRole, ForumRules, role
from engine.forum.roles.werewolf import BOARD
from engine.forum.state import ForumState
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

LIAR_WOLF: Final = Role.define("liar_wolf")
ASK: Final = Ask.define("liar_wolf")
#: "maximaal drie stemmingen"
TIMES: Final = 3


def left(s: ForumState, liar: str) -> int:
    return TIMES - int(s.memory(liar).get("changes", 0))


class LiarRules(ForumRules):
    id = "liar_wolf"

    def recast(self, s: ForumState, voter: str, ballot: dict[str, str | None]) -> Flow:
        if s.card[voter] is not LIAR_WOLF or left(s, voter) <= 0:
            return None
        heard: dict[str, int] = {}
        for target in ballot.values():
            if target is not None:
                heard[target] = heard.get(target, 0) + 1
        chosen = yield request(s, ASK, (voter,), s.living(),
                               info={"vote": ballot.get(voter), "left": left(s, voter), "heard": heard})
        if chosen is None or chosen == ballot.get(voter):
            return None  # he keeps his vote: no ballot spent
        s.memory(voter)["changes"] = int(s.memory(voter).get("changes", 0)) + 1
        return day_target(s, voter, chosen)


def decide(ctx: ForumBotContext) -> Any:
    """A thinking liar votes aloud with the village and counts elsewhere:
    away from a wolf of his board, onto the good player closest to the
    lynch when a wolf leads it."""
    info, s, me = ctx.req.info, ctx.s, ctx.me
    board = s.on_board(BOARD)
    heard: dict[str, int] = dict(info["heard"])
    good = sorted((n for n in heard if n not in board and n in ctx.req.choices),
                  key=lambda n: -heard[n])
    if not ctx.sensible:
        return ctx.rng.choice(list(ctx.req.choices)) if ctx.rng.random() < 0.2 else None
    vote = info.get("vote")
    leader = max(heard, key=lambda n: heard[n]) if heard else None
    if (vote in board or leader in board) and good and good[0] != vote and good[0] != me:
        return good[0]
    return None


FORM = Form("liar_wolf", (Part(none=True, params=(("left", "left"),)),))

role(ForumRole(
    LIAR_WOLF, Side.BAD, wolf=True, board=BOARD, acts=True, rules=LiarRules(),
    asks=(AskSpec(ASK, one_target("liar_vote", "the liar wolf's vote counts for a living player"),
                  decide, form=FORM, secret=True),),
))
