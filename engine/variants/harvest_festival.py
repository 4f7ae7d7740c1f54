"""Het oogstfeest (seed 000): "De speciale eigenschappen van de karakters zijn
door overvloedig drankgebruik een beetje aangepast." Every changed power:

- "Weerwolven mogen uitsluitend iemand elimineren die direct naast een van
  hen zit."
- the seer is told "niet alleen de identiteit van deze speler ..., maar ook
  die van de twee spelers die direct naast hem zitten ... geen enkele hint
  welke identiteit bij welke speler hoort" (three cards, in card order);
- "De jager mag zijn slachtoffer uitsluitend uit een van de spelers die
  direct naast hem zitten, kiezen."
- the little girl "mag alleen naar de heks kijken" (the box's lines say so);
- "De dief moet in de eerste nacht zijn diefkaart ... met de kaart van een
  speler naar keuze ruilen"; "Iedere speler controleert de volgende ochtend
  of hij al dan niet een andere persoonlijkheid heeft" (everybody is shown
  his card that morning);
- "De burgemeester moet zijn schuldige zonder overleg aanwijzen, voordat
  alle andere spelers dat doen." (his vote, before the discussion);
- the witch "kan nog maar een drankje bereiden": she points at a player and
  the box throws the box's bottom and lid for her (the game's seeded chance,
  a quarter each): healed; healed and a plain villager; healed and a
  werewolf; eliminated;
- "De zondebok wordt nu niet meer bij een gelijke stand geelimineerd, maar
  ... als een van de spelers die direct naast hem zit door de dorpsbewoners
  als schuldige wordt aangewezen.";
- cupid, after the lovers have met, names one of them and another player:
  "Dit worden nu de twee echte geliefden"; the deceived one takes nobody
  with him, a real lover takes both others; the deceived may not vote for
  his supposed lover (the reverse is allowed);
- "De genezer kan uitsluitend zichzelf en de twee direct naast hem zittende
  spelers beschermen." "De fluitspeler kan per keer niet meer dan een speler
  betoveren."

Seats run clockwise and close up over the dead: a player's neighbours are
the nearest living player on either side (docs/variants.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import answers, registry
from engine.base import may_vote
from engine.botkit import BotContext, pick, side_pick
from engine.day import after_vote, candidates, settle, voters
from engine.deaths import aftermath, kill
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.night import NightStep, sole_actor
from engine.registry import AskSpec
from engine.roles.seer import seen
from engine.rules import Flow, Intent
from engine.state import Death, State
from engine.variants.base import Variant, variant
from engine.vocab import Ask, Cause, Role

HARVEST_THIEF = Ask.define("harvest_thief")
HARVEST_CUPID = Ask.define("harvest_cupid")
HARVEST_WITCH = Ask.define("harvest_witch")
MAYOR_FIRST = Ask.define("mayor_first")
#: the box's lid and bottom, as they land (seed 000's four outcomes)
THROWS = ("healed", "villager", "werewolf", "eliminated")
ID = "harvest_festival"


def neighbours(s: State, name: str, *, also: str | None = None) -> tuple[str, ...]:
    """The nearest living player on each side of ``name``'s seat (``also``
    counts as living: the one just eliminated)."""
    ring = [p for p in s.players if s.alive[p] or p in (name, also)]
    if len(ring) < 2:
        return ()
    i = ring.index(name)
    return tuple(dict.fromkeys(p for p in (ring[(i + 1) % len(ring)], ring[i - 1]) if p != name))


def mine(s: State) -> dict[str, Any]:
    return s.mine(ID, {"potion": True, "deceived": None, "supposed": None, "checked": False})  # type: ignore[no-any-return]


class HarvestFestival(Variant):
    id = ID
    aliases: tuple[str, ...] = ("oogstfeest",)
    # The mayor's first vote replaces the vote; so do these.
    excludes = frozenset({"not_him", "black_death"})
    drops = frozenset({"scapegoat.tie"})

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        # "Wij raden aan om in deze variant meer weerwolven dan gebruikelijk
        # in het spel te brengen": one villager more becomes a werewolf.
        if Role.VILLAGER in cards:
            cards = list(cards)
            cards[cards.index(Role.VILLAGER)] = Role.WEREWOLF
        return cards

    def called(self, s: State, step: NightStep) -> bool | None:
        if step.name in ("thief", "witch"):
            return False  # their harvest steps take their place
        if step.name == "harvest_thief":
            return Role.THIEF in s.deck
        if step.name == "harvest_cupid":
            return Role.CUPID in s.deck
        if step.name == "harvest_witch":
            return Role.WITCH in s.deck
        return None

    def choices(self, s: State, ask: Ask, actors: tuple[str, ...],
                choices: tuple[str, ...]) -> tuple[str, ...]:
        if ask is Ask.WEREWOLVES:
            near = {n for w in actors for n in neighbours(s, w)}
            return tuple(c for c in choices if c in near)
        if ask is Ask.HUNTER:
            return tuple(c for c in choices if c in neighbours(s, actors[0]))
        if ask is Ask.HEALER:
            return tuple(c for c in choices if c == actors[0] or c in neighbours(s, actors[0]))
        return choices

    def refusal(self, s: State, ask: Ask, actors: tuple[str, ...], target: str) -> str | None:
        """"alleen een buurman": a choice it narrowed away is refused by it."""
        if ask in (Ask.WEREWOLVES, Ask.HUNTER, Ask.HEALER) and target not in self.choices(
                s, ask, actors, (target,)):
            return "harvest_neighbours"
        return None

    def request(self, s: State, step: NightStep, req: Request | None) -> Request | None:
        if step.name == "pied_piper" and req is not None and req.count > 1:
            return replace(req, count=1)  # "niet meer dan een speler"
        return req

    def vision(self, s: State, seer: str, target: str) -> bool:
        three = (target, *neighbours(s, target))
        cards = sorted(seen(s, p).value for p in three)
        s.emit("seer_sees_three", frozenset({seer}), name=target, roles=cards)
        return True

    def morning(self, s: State) -> Flow:
        m = mine(s)
        if Role.THIEF in s.deck and not m["checked"]:
            m["checked"] = True
            for p in s.living():  # every player looks at his card again
                s.emit("card_checked", frozenset({p}), name=p, role=s.role[p].value)
        return False
        yield  # pragma: no cover

    def vote(self, s: State) -> Flow:
        mayor = s.mayor
        who = voters(s)
        if mayor is None or not s.alive[mayor] or mayor not in who:
            return False
        suspect = yield Request(MAYOR_FIRST, (mayor,), candidates(s), s.when)
        s.emit("mayor_first", mayor=mayor, name=suspect) if suspect else s.emit("mayor_first_none", mayor=mayor)
        rest = tuple(p for p in who if p != mayor)
        ballot: dict[str, str | None] = {}
        if rest:
            ballot = dict((yield Request(Ask.VOTE, rest, candidates(s), s.when, discussion=True)))
        ballot[mayor] = suspect
        eliminated = yield from settle(s, ballot)
        yield from after_vote(s, eliminated)
        return True

    def after_vote(self, s: State, eliminated: str | None) -> Flow:
        goat = s.acting(Role.SCAPEGOAT)
        if eliminated is None or goat is None or goat not in neighbours(s, eliminated, also=eliminated):
            return False
        death = kill(s, goat, Cause.SCAPEGOAT)
        yield from aftermath(s, death)
        return False

    def after_death(self, s: State, death: Death) -> Flow:
        m = mine(s)
        deceived = m["deceived"]
        if deceived is None or s.lovers is None or death.name not in s.lovers or not s.alive[deceived]:
            return False
        # "neemt een van de twee echte geliefden beide anderen mee in zijn dood"
        grief = kill(s, deceived, Cause.HEARTBREAK)
        yield from aftermath(s, grief)
        return False

    def bound(self, s: State) -> frozenset[str]:
        deceived = mine(s)["deceived"]
        return frozenset({deceived}) if deceived is not None else frozenset()

    def check_vote(self, s: State, ask: Ask, voter: str, target: str) -> None:
        m = mine(s)
        if ask is not Ask.MAYOR_ELECTION and voter == m["deceived"] and target == m["supposed"]:
            raise IllegalAnswer("lover_vote", f"{ask.value}: a lover may not vote against his lover",
                                public_safe=False)


# -- the thief: he must swap with a player ---------------------------------------
def thief_request(s: State) -> Request | None:
    actors = sole_actor(s, Role.THIEF)
    if not actors:
        return None
    others = tuple(p for p in s.living() if p != actors[0])
    return Request(HARVEST_THIEF, actors, others, s.when, allow_none=False, default=others[0])


def thief_apply(s: State, other: str) -> None:
    thief = s.acting(Role.THIEF)
    assert thief is not None
    taken = s.role[other]
    s.swap_role(other, Role.THIEF)
    s.swap_role(thief, taken)
    s.emit("harvest_thief_took", frozenset({thief}), name=other, role=taken.value)


# -- cupid: the real lovers -------------------------------------------------------
def cupid_request(s: State) -> Request | None:
    actors = sole_actor(s, Role.CUPID)
    if not actors or s.lovers is None:
        return None
    return Request(HARVEST_CUPID, actors, s.living(), s.when, count=2, info={"lovers": list(s.lovers)})


def check_cupid(s: State, req: Request, answer: Any) -> tuple[str, str] | None:
    if answer is None:
        return None  # the first lovers stay the real ones
    pair = answers.names(s, req, answer)
    lovers = req.info["lovers"]
    if len(pair) != 2 or pair[0] not in lovers or pair[1] in lovers or pair[1] == pair[0]:
        raise IllegalAnswer("harvest_cupid", "harvest_cupid: one of the two lovers first, then another player")
    return pair[0], pair[1]


def cupid_apply(s: State, pair: tuple[str, str] | None) -> None:
    if pair is None or s.lovers is None:
        return
    kept, new = pair
    m = mine(s)
    m["deceived"] = next(p for p in s.lovers if p != kept)
    m["supposed"] = kept
    s.lovers = (kept, new)
    s.emit("in_love", frozenset({kept}), sleeper=True, partner=new)
    s.emit("in_love", frozenset({new}), sleeper=True, partner=kept)


def decide_cupid(ctx: BotContext) -> list[str]:
    lovers = list(ctx.req.info["lovers"])
    others = [p for p in ctx.req.choices if p not in lovers]
    return [ctx.rng.choice(lovers), ctx.rng.choice(others)] if others else []


# -- the witch: one potion, and the box throws for its effect ---------------------
def witch_request(s: State) -> Request | None:
    actors = sole_actor(s, Role.WITCH)
    if not actors or not mine(s)["potion"]:
        return None
    victim = next((i.target for i in s.intents if i.kind == "bite"), None)
    # Told the werewolves' choice as ever, before she points.
    if victim is None:
        s.emit("harvest_witch_no_victim", frozenset(actors))
    else:
        s.emit("harvest_witch_victim", frozenset(actors), name=victim)
    return Request(HARVEST_WITCH, actors, s.living(), s.when, info={"victim": victim})


def witch_apply(s: State, target: str | None) -> None:
    if target is None:
        return
    mine(s)["potion"] = False
    witch = s.acting(Role.WITCH)
    assert witch is not None
    throw = THROWS[s.rng.randrange(len(THROWS))]
    to = frozenset({witch})
    if throw == "eliminated":
        s.emit("harvest_potion_eliminated", to, name=target)
        s.record(Intent("poison", "witch", target, cause=Cause.POISON))
        return
    s.record(Intent("save", "witch", target, against=frozenset({Cause.WEREWOLVES})))
    if throw == "healed":
        s.emit("harvest_potion_healed", to, name=target)
        return
    if throw == "villager":
        s.emit("harvest_potion_villager", to, name=target)
    else:
        s.emit("harvest_potion_werewolf", to, name=target)
    s.swap_role(target, Role(throw))
    s.emit("harvest_turned", frozenset({target}), sleeper=True, role=throw)


def decide_witch(ctx: BotContext) -> str | None:
    victim = ctx.req.info.get("victim")
    if victim is not None and ctx.rng.random() < 0.5:
        return str(victim)
    return None


def decide_mayor(ctx: BotContext) -> str | None:
    req = ctx.req
    allowed = tuple(c for c in req.choices if may_vote(ctx.s, Ask.VOTE, ctx.me, c))
    return side_pick(BotContext(ctx.s, replace(req, choices=allowed), ctx.rng, ctx.style), hurt=True)


def check_mayor(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    chosen = answers.choice(s, req, answer, "not_a_candidate", f"{req.ask.value}: not a candidate")
    for hook in s.rules.check_vote:
        hook(s, Ask.VOTE, req.actors[0], chosen)
    return chosen


def _step(name: str, order: int, request: Callable[[State], Request | None],
          apply: Callable[[State, Any], None], ask: Ask, *, first: bool = False,
          sleepers: bool = False) -> NightStep:
    return NightStep(name, order, first_night_only=first, request=request, apply=apply, ask=ask, rule=ID,
                     sleepers=sleepers)


registry.steps(
    _step("harvest_thief", 11, thief_request, thief_apply, HARVEST_THIEF, first=True),
    # cupid's new lover and the witch's changed target are told asleep
    _step("harvest_cupid", 31, cupid_request, cupid_apply, HARVEST_CUPID, first=True, sleepers=True),
    _step("harvest_witch", 71, witch_request, witch_apply, HARVEST_WITCH, sleepers=True),
)
registry.ask(AskSpec(HARVEST_THIEF, answers.target("harvest_thief", "the thief swaps with another living player"),
                     pick, secret=True))
registry.ask(AskSpec(HARVEST_CUPID, check_cupid, decide_cupid, form="pick_many", secret=True))
registry.ask(AskSpec(HARVEST_WITCH, answers.target("dead_target", "the witch's potion goes to a living player"),
                     decide_witch, secret=True))
registry.ask(AskSpec(MAYOR_FIRST, check_mayor, decide_mayor))
variant(HarvestFestival())
