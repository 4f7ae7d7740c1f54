"""The rules of every forum game that belong to no role (seed 004).

- The sides' wins (``engine.forum.outcome``).
- "Hulpjes (niet-wolf slechte en slecht-neutrale rollen) zullen sterven
  wanneer de laatste wolf sterft. De uitzondering hierop is wanneer een
  hulpje gekoppeld is door Cupido aan een goede speler of een goed-neutrale
  speler."
- The neutrals' side: "De neutrale spelers hebben tot de derde nacht de
  tijd om via pm de spelleider te laten weten bij welk kamp ze zich
  aansluiten. Indien de spelleider geen pm ontvangt zal hij hen automatisch
  bij de goedjes onderverdelen. Zodra je je pm hebt verstuurd is er geen
  verandering meer mogelijk." At the table the PM is a part of the
  neutral's own night call on nights 1 to 3 (``side_part``).
- The day's round (``day``) and the lynch (``vote``): their asks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from engine.errors import IllegalAnswer, MalformedAnswer
from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.day import DAY
from engine.forum.deaths import Flow, die, quietly
from engine.forum.outcome import nobody_left, sides_win
from engine.forum.registry import ForumRules, WinCheck, base_rules, day_actions
from engine.forum.registry import ask as register_ask
from engine.forum.sides import choose_side
from engine.messages import Request
from engine.registry import AskSpec
from engine.state import Death
from engine.vocab import Ask, Cause, Side

if TYPE_CHECKING:
    from engine.forum.fold import Fold
    from engine.forum.state import ForumState

LAST_WOLF: Final = Cause.define("last_wolf")
#: "tot de derde nacht"
SIDE_NIGHTS: Final = 3
SIDES: Final = ("good", "bad")


# -- the neutrals' side ---------------------------------------------------------
def side_part(prompt: str = "prompt.forum_side") -> Part:
    """The part of a neutral's night form that chooses his side (asked while
    he has not chosen, on nights 1 to 3)."""
    return Part("side", options="sides", label="forum.side.{}", none=True, when=("sides",),
                prompt=prompt)


def chooses(s: ForumState, name: str) -> bool:
    """Whether ``name`` is a neutral who has still to choose his side (the
    grave robber's card chooses none: it takes the grave's)."""
    from engine.forum.registry import FORUM_ROLES

    return (s.side[name] is Side.NEUTRAL and s.chosen[name] is None
            and FORUM_ROLES[s.card[name]].chooses_side)


def side_info(s: ForumState, name: str) -> dict[str, Any]:
    """The request's ``info`` that asks ``name`` his side tonight, if it does."""
    if chooses(s, name) and s.night <= SIDE_NIGHTS:
        return {"sides": list(SIDES)}
    return {}


def check_side(req: Request, value: Any) -> Side | None:
    if value is None:
        return None
    if value not in SIDES or not req.info.get("sides"):
        raise IllegalAnswer("forum_side", f"{req.ask.value}: the side is good or bad, chosen "
                                          "once, by the third night")
    return Side(str(value))


def take_side(s: ForumState, name: str, side: Side | None) -> None:
    if side is not None:
        choose_side(s, name, side)


def decide_side(ctx: ForumBotContext) -> str | None:
    """A neutral bot chooses by the third night: mostly the good side."""
    if not ctx.req.info.get("sides"):
        return None
    if ctx.s.night < SIDE_NIGHTS and ctx.rng.random() < 0.5:
        return None  # not yet
    return "bad" if ctx.rng.random() < 0.3 else "good"


# -- the helpers, and the default side --------------------------------------------
def helpers_to_die(s: ForumState) -> list[str]:
    """When no werewolf lives: the helpers not coupled to a good player."""
    if s.wolves_alive():
        return []
    found = []
    for p in s.living_now:
        if not s.helper(p):
            continue
        lover = s.lover_of(p)
        if lover is not None and s.team(lover) in (Side.GOOD, Side.CORPSE):
            continue  # "gekoppeld met een goedje (of lijk)" (De Geliefde)
        found.append(p)
    return found


class EditionRules(ForumRules):
    id = "forum"
    order = 90

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        for p in helpers_to_die(s):
            quietly(die(s, p, LAST_WOLF, fold))
        if s.night == SIDE_NIGHTS:
            for p in s.players:
                if chooses(s, p):
                    s.chosen[p] = Side.GOOD
                    fold.note(p, "forum_side_default")

    def after_death(self, s: ForumState, death: Death) -> Flow:
        for p in helpers_to_die(s):
            yield from die(s, p, LAST_WOLF)

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        return ((0, nobody_left), (30, sides_win))


base_rules(EditionRules())


# -- the day's round --------------------------------------------------------------
def check_day(s: ForumState, req: Request, answer: Any) -> tuple[str, Any] | None:
    """``null`` (nothing today) or ``{action: value}`` (the form's own shape,
    ``{action: id, id: value}``, too)."""
    if answer is None:
        return None
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"day: expected {{action: answer}} or null, not {answer!r}")
    given = dict(answer)
    named = given.pop("action", None)
    if named is None and not given:
        return None
    if named is not None:
        given = {str(named): given.get(str(named))}
    if len(given) != 1:
        raise MalformedAnswer(f"day: one action a turn, not {sorted(map(str, given))}")
    action_id, value = next(iter(given.items()))
    action = next((a for a in day_actions() if a.id == action_id), None)
    if action is None or action_id not in req.choices:
        raise IllegalAnswer("forum_day_action", f"day: {req.actors[0]} cannot take the action "
                                                f"{action_id!r} today")
    return action_id, action.check(s, req.actors[0], value)


def decide_day(ctx: ForumBotContext) -> dict[str, Any] | None:
    player = ctx.me
    for action in day_actions():
        if action.id not in ctx.req.choices:
            continue
        value = action.decide(ctx, player)
        if value is not None:
            return {"action": action.id, action.id: value}
    return None


def day_form() -> Form:
    """The round's question: which action (or none), then its own part."""
    parts = [Part("action", label="forum.action.{}", none=True, prompt="prompt.forum_day")]
    for a in day_actions():
        parts.append(replace(a.part, key=a.id, options=a.id, when=(f"action={a.id}",)))
    return Form("day", tuple(parts))


def register_day() -> None:
    """Once every role is registered: the round's ask, whose form lists
    every day action."""
    from engine.forum.registry import FORUM_ASKS

    if DAY not in FORUM_ASKS:
        register_ask(AskSpec(DAY, check_day, decide_day, form=day_form(), secret=True))


# -- the lynch ---------------------------------------------------------------------
def check_ballot(s: ForumState, req: Request, answer: Any) -> dict[str, str | None]:
    if answer is None:
        answer = {}
    if not isinstance(answer, Mapping):
        raise MalformedAnswer(f"{req.ask.value}: expected {{voter: name or null}}, not {answer!r}")
    result: dict[str, str | None] = dict.fromkeys(req.actors)
    for voter, chosen in answer.items():
        voter = answers.name(s, req, voter, "a voter")
        if not s.alive[voter]:
            raise IllegalAnswer("dead_voter", f"{req.ask.value}: {voter} is dead and cannot vote")
        if voter not in req.actors:
            raise IllegalAnswer("no_vote", f"{req.ask.value}: {voter} may not vote today")
        if chosen is not None:
            chosen = answers.one_of(s, req, chosen, req.choices, "not_a_candidate",
                                    f"{chosen} is not a candidate")
        result[voter] = chosen
    return result


def decide_ballot(ctx: ForumBotContext) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for voter in ctx.req.actors:
        if ctx.rng.random() < 0.05:
            out[voter] = None
            continue
        sub = ForumBotContext(ctx.s, Request(ctx.req.ask, (voter,), ctx.req.choices, ctx.req.when),
                              ctx.rng, ctx.style)
        out[voter] = hurt(sub, [c for c in ctx.req.choices if c != voter])
    return out


register_ask(AskSpec(Ask.VOTE, check_ballot, decide_ballot, form="ballot", discussion=True))
