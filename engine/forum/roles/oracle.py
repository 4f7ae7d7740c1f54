"""Het Orakel (seed 004): "Het Orakel kan elke nacht controleren of twee
spelers samen kunnen winnen. Hierbij kijkt het Orakel naar de
overwinningsmogelijkheden van de rollen van de gekozen personen." "Het
Orakel kijkt dus of de rollen van twee spelers samen kunnen winnen." "Een
goede speler en een slecht gekozen neutraal zullen gezien worden dat ze een
match zijn om samen te winnen." "Een slechte speler en een goed gekozen
neutraal zullen gezien worden dat ze een match zijn om samen te winnen."
"Een goede speler welke een slechte rol heeft ontvangen via een raddraaier
zal samen met een ander goedje niet gezien worden als match om samen te
winnen." "Een slechte speler welke een goede rol heeft ontvangen via een
raddraaier zal samen met een ander slechtje niet gezien worden als match om
samen te winnen." "Een Wolf in Schaapskleren welke een goede rol heeft
gekozen om te tonen zal samen met een goedje gezien worden als match om
samen te winnen." "Een Lijk zal alleen een match vormen met de Grafdelver
die het lijk heeft gemaakt." Beperkingen: "Het Orakel ziet geen allianties,
enkel of de rollen van de twee spelers samen zouden kunnen winnen." "Het
Orakel kan niet twee nachten achter elkaar dezelfde speler opvragen." "Het
Orakel mag niet zichzelf opvragen als een van de twee spelers." "Het Orakel
krijgt altijd maar een antwoord te horen, indien bijvoorbeeld een Vriend op
bezoek komt bij een van zijn doelwitten dan hoort het Orakel of alle 3 de
spelers volgens hun rollen samen kunnen winnen." "Het visioen van het
Orakel kan tegengehouden worden door de Apostaat."

The roles decide, as the oracle sees them (``seen_role`` of kind
"oracle": the wolf in sheep's clothing's chosen role, the wolf
sorcerer's mark): a good role and a bad role cannot win together; a
neutral role can win with either side, whatever its holder chose; the
corpse with nobody, unless a rule says so (``ForumRules.win_together``:
the gravedigger who made it, part 4). A look in the fold (order 60): one
answer for every player it reached (a guest in a house too). The seed
does not say he is told a failure; a look that brings no answer tells
its holder so anyway, so it is told as every failure is.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalAnswer
from engine.forum import answers
from engine.forum.botkit import ForumBotContext
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.registry import FORUM_ROLES, ForumRole, ForumStep, role
from engine.forum.sides import VISION, seen_role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Role, Side

ORACLE: Final = Role.define("oracle")
ASK: Final = Ask.define("oracle")
TWO: Final = 2


def choices(s: ForumState, oracle: str) -> tuple[str, ...]:
    """Another living player, none of last night's two ("niet twee nachten
    achter elkaar dezelfde speler")."""
    mem = s.memory(oracle)
    last = mem.get("last", ()) if mem.get("night") == s.night - 1 else ()
    return tuple(p for p in others(s, oracle) if p not in last)


def ask(s: ForumState) -> Request | None:
    return holder_request(s, "oracle", ORACLE, ASK, choices=choices, count=TWO)


def check(s: ForumState, req: Request, answer: Any) -> list[str] | None:
    if answer is None:
        return None
    names = answers.name_list(s, req, answer, req.choices, "oracle_pair",
                              "the oracle asks about two other living players, not one of last night",
                              most=TWO)
    if len(names) != TWO:
        raise IllegalAnswer("oracle_pair", "oracle: two other living players")
    return names


def role_side(s: ForumState, name: str) -> Side:
    """The side the role seen of ``name`` plays for (the corpse: its own)."""
    if s.side[name] is Side.CORPSE:
        return Side.CORPSE
    card = FORUM_ROLES.get(seen_role(s, "oracle", name))
    return card.side if card is not None and card.side is not None else s.side[name]


def together(s: ForumState, names: tuple[str, ...]) -> bool:
    sides = {role_side(s, p) for p in names}
    verdict = Side.CORPSE not in sides and not {Side.GOOD, Side.BAD} <= sides
    for hook in s.rules.win_together:
        verdict = hook(s, names, verdict)
    return verdict


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    if any(fold.shielded(p, VISION) for p in act.reached):
        fold.failed(act)  # "kan tegengehouden worden door de Apostaat"
        return
    guests = [p for p in act.reached if p not in act.targets]
    fold.note(act.actor, "forum_oracle_match" if together(s, tuple(act.reached)) else "forum_oracle_no_match",
              names=[*act.targets, *guests])


def apply(s: ForumState, chosen: list[str] | None) -> None:
    if not chosen:
        return
    oracle = asking(s, "oracle")
    s.memory(oracle).update({"last": tuple(chosen), "night": s.night})
    record(s, Act("oracle", ORDER["look"], (oracle,), ORACLE, list(chosen), resolve, kind="look"))


def decide(ctx: ForumBotContext) -> Any:
    """A thinking oracle pairs a player he trusts with one he does not know:
    no match points at a player of the other side."""
    pool = list(ctx.req.choices)
    if len(pool) < TWO:
        return None
    if not ctx.sensible:
        return ctx.rng.sample(pool, TWO)
    known = ctx.known(ctx.me)
    trusted = [c for c in pool if c in ctx.friends_of(ctx.me) or (
        c in known and FORUM_ROLES.get(Role(known[c])) is not None
        and FORUM_ROLES[Role(known[c])].side is Side.GOOD)]
    unknown = [c for c in pool if c not in known]
    if trusted and unknown:
        first = ctx.rng.choice(trusted)
        return [first, ctx.rng.choice([c for c in unknown if c != first] or pool)]
    return ctx.rng.sample(pool, TWO)


role(ForumRole(
    ORACLE, Side.GOOD, acts=True,
    steps=(ForumStep("oracle", 560, ORACLE, request=ask, apply=apply, ask=ASK, again=True),),
    asks=(AskSpec(ASK, check, decide, form="pick_many", secret=True),),
))
