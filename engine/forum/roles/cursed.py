"""De Vervloekte (seed 004): "De vervloekte kan elke nacht iemand vervloeken.
Dit betekent dat een slechte speler geen last heeft van de yeti en dat een
goede speler, of een neutrale speler die goed heeft gekozen, zijn kracht die
nacht niet kan gebruiken." "Als de lunch mislukt door een yeti en de
vervloekte vervloekt een wolf, dan is er een kans van 1/aantal wolven dat de
lunch alsnog doorgaat." "Een keer per spel mag de vervloekte aan de
spelleider vragen of speler X slecht is en krijgt hier dan zo snel mogelijk
antwoord op. Een slecht gekozen neutraaltje telt hierbij ook als slecht."
Beperkingen: "De vervloekte kan niet twee nachten achtereen dezelfde persoon
vervloeken. Op neutrale spelers die nog geen kant gekozen hebben heeft de
vervloekte geen effect." "De vervloekte is een hulpje en heeft geen toegang
tot het wolvenboard. Hij kent de wolven dus ook niet." "Een vervloekte heeft
geen invloed op de onlunchbaarheid van de weerhamster." "Als de vervloekte
en de gezegende hun actie op dezelfde speler inzetten, heffen de acties
elkaar op. Dit geldt ook wat betreft de lunch als de vervloekte en gezegende
hun acties op verschillende wolven inzetten. Als de vervloekte zijn actie op
de gezegende zet of andersom, telt de eerst ingestuurde actie." "De
vervloekte krijgt niet te horen of zijn actie wel/niet geslaagd is." Tijd
van de actie: "nachtvolgorde 3" (the mirror's and the poisoner's texts).

A helper off the wolves' board with a call of his own. The curse is a
meddler of "nachtvolgorde 3" (fold order 30): every later act of a good
player (a neutral who chose good) cursed tonight fails, and he is told
where his role's failure is told; a neutral who has not chosen is not
touched. A curse on a bad player keeps the yeti off him (part 2 reads
``fold.memo["cursed"]``: the players a curse holds on tonight, wolves for
the lunch's chance). A curse and a blessing (``fold.memo["blessed"]``, the
blessed's) on the same player undo each other; on two wolves, the yeti's
module weighs both for the lunch. A curse on the blessed or a blessing on
the cursed: the one sent first counts (acts of one fold order resolve in
the order they were sent).

His question, and the poisoner's and the headsman's ("Net als de
Vervloekte"): ``bad_question``, a secret day action once a game, answered
in his turn: whether that player plays for the bad now.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Part
from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext
from engine.forum.deaths import Flow
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import day_target, holder_request, others
from engine.forum.night import asking
from engine.forum.registry import DayAction, ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

CURSED: Final = Role.define("cursed")
ASK: Final = Ask.define("cursed")


# -- the curse ----------------------------------------------------------------------
def not_again(s: ForumState, actor: str) -> tuple[str, ...]:
    """The other living players but the one ``actor`` chose last night
    ("niet twee nachten achtereen dezelfde persoon")."""
    last = s.memory(actor).get("last")
    return tuple(p for p in others(s, actor) if last != [p, s.night - 1])


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "cursed", CURSED, ASK, choices=not_again)


def touched(s: ForumState, name: str) -> bool:
    """"Op neutrale spelers die nog geen kant gekozen hebben heeft de
    vervloekte geen effect.\""""
    return not (s.side[name] is Side.NEUTRAL and s.chosen[name] is None)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    cursed = act.reached[0]
    if not touched(s, cursed):
        return
    fold.memo.setdefault("cursed", set()).add(cursed)
    if s.team(cursed) is not Side.GOOD:
        return  # a bad player: only the yeti's business

    def meddler(fold: Fold, later: Act) -> None:
        if cursed in fold.memo.get("blessed", ()):
            return  # "heffen de acties elkaar op"
        if later.actors == (cursed,):
            later.failed = True

    fold.meddle(meddler)


def apply(s: ForumState, chosen: str | None) -> None:
    if chosen is None:
        return
    cursed = asking(s, "cursed")
    s.memory(cursed)["last"] = [chosen, s.night]
    record(s, Act("cursed", ORDER["meddle"], (cursed,), CURSED, [chosen], resolve, told=False))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking cursed curses a player he does not take for bad: a good
    player's power is lost for the night (the wolves he does not know)."""
    pool = [c for c in ctx.req.choices if c not in ctx.bad_to(ctx.me)]
    if not pool:
        return None
    if not ctx.sensible and ctx.rng.random() < 0.3:
        return None
    return ctx.rng.choice(pool)


# -- the question, once a game ------------------------------------------------------
def bad_question(card: Role, action_id: str) -> DayAction:
    """"Een keer per spel mag de vervloekte aan de spelleider vragen of speler
    X slecht is en krijgt hier dan zo snel mogelijk antwoord op. Een slecht
    gekozen neutraaltje telt hierbij ook als slecht": a secret day action of
    ``card``, answered at once in his turn. The answer is the truth of the
    player the question reaches (the poisoner's next day: a random one;
    told under the name asked)."""

    def available(s: ForumState, player: str) -> bool:
        return s.card[player] is card and not s.memory(player).get(action_id)

    def check(s: ForumState, player: str, value: Any) -> str:
        if not isinstance(value, str):
            raise MalformedAnswer(f"{action_id}: a player's name, not {value!r}")
        if value == player or value not in s.alive or not s.alive[value]:
            raise IllegalAnswer("is_bad_target", "the question is about another living player")
        return value

    def apply(s: ForumState, player: str, chosen: str) -> Flow:
        s.memory(player)[action_id] = True
        if s.team(day_target(s, player, chosen)) is Side.BAD:
            s.emit("forum_is_bad", frozenset({player}), name=chosen, bad=True)
        else:
            s.emit("forum_is_not_bad", frozenset({player}), name=chosen, bad=False)
        return
        yield  # pragma: no cover  (a flow: it asks nothing more)

    def decide(ctx: ForumBotContext, player: str) -> Any:
        # a helper who knows no wolf asks once he has a suspect to spare or hurt
        pool = [p for p in others(ctx.s, player) if p not in ctx.known(player)]
        if not pool or ctx.s.day < 2 or ctx.rng.random() < (0.6 if ctx.sensible else 0.85):
            return None
        return ctx.rng.choice(pool)

    return DayAction(action_id, Part(action_id, prompt="prompt.forum_is_bad"), available, check,
                     apply, decide, options=lambda s, p: others(s, p))


role(ForumRole(
    CURSED, Side.BAD, acts=True,
    steps=(ForumStep("cursed", 330, CURSED, request=ask, apply=apply, ask=ASK, again=True),),
    day_actions=(bad_question(CURSED, "cursed_question"),),
    asks=(AskSpec(ASK, one_target("curse_twice", "the cursed curses another living player, not the "
                                             "one of last night"), decide, secret=True),),
))
