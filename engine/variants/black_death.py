"""De zwarte dood (seed 000): "Het grote geheim van deze variant is dat er
geen weerwolven in het spel zijn. De spelleider geeft dit niet van tevoren
aan en roept elke nacht de weerwolven op alsof ze er echt zijn. In de eerste
nacht bepaalt de spelleider wie er door de 'weerwolven' wordt geelimineerd."
The one it struck "moet de volgende nacht zelf een slachtoffer van de zwarte
dood aanwijzen"; "Zo wordt verder gespeeld totdat het hele dorp is
uitgestorven"; "De overlevenden winnen als zij zich bewust worden dat er in
dit spel iets niet klopt! ... moeten concreet aangeven dat het hier om de
variant 'de zwarte dood' gaat."

How the box plays it (docs/variants.md):
- the werewolves' step is called every night with its usual lines and wait
  (nobody answers it on the table); the plague's victim is chosen *inside*
  that call: on the first night by the box (the game's seeded chance), later
  by the last player the plague took (ask ``black_death``, put to him
  silently; he is out of the game, so awake);
- the plague strikes as the werewolves' bite in every rule ("alsof deze door
  de weerwolven geelimineerd werd"): the witch is told its victim, the healer
  and the elder's first bite spare him — so no role can tell;
- its victim is told privately the next morning (``black_death_told``);
- the declaration: at the day's vote (ask ``plague_vote``, said and shown as
  the usual vote) a voter may answer ``black_death`` instead of a name; when
  the declaration has more votes than any player (the mayor's counting
  twice), the survivors win at once. Otherwise those voters abstain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import answers, registry
from engine.base import nobody_alive, one_vote
from engine.botkit import BotContext
from engine.day import after_vote, candidates, settle, tally, voters, weights
from engine.deck import Setup
from engine.errors import SetupError
from engine.messages import Request
from engine.night import NightStep
from engine.registry import ROLES, AskSpec
from engine.rules import Flow, Intent, WinCheck
from engine.state import Death, State
from engine.variants.base import Variant, variant
from engine.vocab import Ask, Cause, Role, Winner

BLACK_DEATH = Ask.define("black_death")
PLAGUE_VOTE = Ask.define("plague_vote")
#: the declaration, in a ballot where a name belongs
DECLARE = "black_death"


def mine(s: State) -> dict[str, Any]:
    return s.mine("black_death", {"chooser": None, "struck": [], "told": [], "declared": False})  # type: ignore[no-any-return]


def declared(s: State) -> Winner | None:
    return Winner.VILLAGE if mine(s)["declared"] else None


class BlackDeath(Variant):
    id = "black_death"
    aliases: tuple[str, ...] = ("zwarte_dood",)
    wolves_needed = False
    #: the infection is the werewolves'; "hij is het zeker niet" has no ballot to declare in
    excludes = frozenset({"lycanthropy", "not_him"})
    #: no werewolf to find: the village does not win by the last werewolf's death
    drops = frozenset({"base_wins"})

    def fit_deck(self, cards: list[Role], players: int) -> list[Role]:
        return [Role.VILLAGER if ROLES[r].wolf else r for r in cards]

    def check_setup(self, setup: Setup) -> None:
        if any(ROLES[r].wolf for r in setup.deck):
            raise SetupError("the black death is played without werewolves: the deck has a werewolf",
                             "refusal.black_death_wolf")

    def called(self, s: State, step: NightStep) -> bool | None:
        # "roept elke nacht de weerwolven op alsof ze er echt zijn"
        return True if step.name == "werewolves" else None

    def request(self, s: State, step: NightStep, req: Request | None) -> Request | None:
        if step.name != "werewolves":
            return req
        living = s.living()
        chooser = mine(s)["chooser"]
        if chooser is None:
            # "In de eerste nacht bepaalt de spelleider wie ..."; later nights
            # with nobody struck yet (the victim was saved) the same.
            victim = s.rng.choice(living)
            s.record(Intent("bite", "werewolves", victim, cause=Cause.WEREWOLVES))
            return None
        return Request(BLACK_DEATH, (chooser,), living, s.when, allow_none=False)

    def on_death(self, s: State, death: Death) -> None:
        if death.cause is Cause.WEREWOLVES:
            m = mine(s)
            m["chooser"] = death.name
            m["struck"].append(death.name)

    def morning(self, s: State) -> Flow:
        m = mine(s)
        for name in m["struck"]:
            if name not in m["told"]:
                m["told"].append(name)
                s.emit("black_death_told", frozenset({name}), name=name)
        return False
        yield  # pragma: no cover

    def vote(self, s: State) -> Flow:
        who = voters(s)
        if not who:
            return False  # the usual flow says so
        ballot = yield Request(PLAGUE_VOTE, who, candidates(s), s.when, discussion=True,
                               info={"hidden": (DECLARE,)})
        saying = [v for v, t in ballot.items() if t == DECLARE]
        names = {v: (None if t == DECLARE else t) for v, t in ballot.items()}
        counts = tally(s, names)
        w = weights(s)
        if saying and sum(w.get(v, 1) for v in saying) > max(counts.values(), default=0):
            mine(s)["declared"] = True
            s.emit("black_death_declared", voters=saying)
            return True
        eliminated = yield from settle(s, names)
        yield from after_vote(s, eliminated)
        return True

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((0, nobody_alive), (30, declared))

    def report(self, s: State) -> dict[str, Any]:
        """``black_death``: whom the plague took, in order."""
        return {"black_death": list(mine(s)["struck"])}


def check_plague_vote(s: State, req: Request, answer: Any) -> dict[str, str | None]:
    """The vote's ballot, where a voter may also declare ``black_death``."""
    if not isinstance(answer, Mapping):
        return answers.ballot(s, req, answer)
    saying = {v for v, t in answer.items() if t == DECLARE}
    result = answers.ballot(s, req, {v: (None if v in saying else t) for v, t in answer.items()})
    for v in saying:
        result[answers.name(s, req, v, "a voter")] = DECLARE
    return result


def decide_plague_vote(ctx: BotContext) -> dict[str, str | None]:
    """Bots vote as usual; a sensible one grows suspicious as the dead pile
    up and not one of them was a werewolf."""
    s = ctx.s
    clean = len(s.deaths)
    out: dict[str, str | None] = {}
    for voter in ctx.req.actors:
        if ctx.sensible:
            doubt = max(0.0, (clean - 2) * 0.2)
        else:
            doubt = 0.02
        out[voter] = DECLARE if ctx.rng.random() < doubt else one_vote(ctx, voter)
    return out


def decide_victim(ctx: BotContext) -> str:
    return ctx.rng.choice([c for c in ctx.req.choices if c != ctx.me] or list(ctx.req.choices))


registry.ask(AskSpec(BLACK_DEATH, answers.target("black_death_victim",
                                                 "the black death takes a living player"),
                     decide_victim, secret=True))
registry.ask(AskSpec(PLAGUE_VOTE, check_plague_vote, decide_plague_vote, form="ballot",
                     discussion=True, prompt="prompt.vote"))
variant(BlackDeath())
