"""De Jager (seed 004): "Wanneer hij sterft kan hij een zelfgekozen speler
mee het graf innemen." "De jager moet op voorhand doorgeven wie hij wil
vermoorden ... De jager kan wel op elk moment voor zijn dood nog zijn keuze
veranderen." "Een jager sterft pas nadat hij zijn schot heeft uitgevoerd.
Als hij daarmee de laatste vijand van zijn alliantie neerschiet, dan wint
hij en wordt het spel beëindigd voordat hij sterft." "De jager wint het spel
als hij een niet-goede speler (dus een slechte, slecht-neutrale speler of
het lijk) doodschiet én als de goedjes dan ook het spel winnen." "De jager
schiet in de volgorde van de nacht meteen op het moment dat hij sterft."
"Wanneer een jager gekoppeld is aan een slechtje, vervalt zijn schot."
"De jager kan de ijzeren hein (extra rol) niet mee het graf innemen."
"Het is toegestaan om een schietlijst door te geven voor het geval dat je
eerste keuze al op een andere manier sterft. Deze lijst mag je afhankelijk
maken van de zichtbare stemmen bij de lynch. Als er geen levenden op de
schietlijst staan, zal er 'in de lucht geschoten' worden. Je hoeft je lijst
niet elke nacht aan te passen; anders blijft de vorige staan." "Wanneer
een jagerschot niets meer kan veranderen aan de uitkomst van het spel
(welke alliantie wint), dan zal dat schot niet meer uitgevoerd worden."

At the table: his list (up to three names, first choice first) is asked in
his own call every night (``hunter_list``; no answer keeps it). When the
village lynches him, he names his shot then (``hunter``): a list "afhankelijk
van de zichtbare stemmen bij de lynch" says no more than he knows at that
moment, so it is asked; the time-out takes his list. "Een jager die sterft
aan inactiviteit" and the witch's revival do not arise at a table (a saved
hunter never died). The grim reaper is offered like anyone (the choices
must not give him away); a shot at him does nothing, and by day the box
says only that ("de identiteit van de ijzeren hein wordt ook niet bekend
gemaakt"); at night the first living name of the list counts.
"""

from __future__ import annotations

from typing import Any, Final

from engine.forms import Form, Part
from engine.forum import answers
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.day import request
from engine.forum.deaths import Flow, die, quietly
from engine.forum.fold import Fold
from engine.forum.helpers import holder_request, others
from engine.forum.night import asking
from engine.forum.outcome import WINNER_OF
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.sides import enemies
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side, Winner

LIST: Final = Ask.define("hunter_list")
LONGEST: Final = 3
GRIM_REAPER: Final = Role.define("grim_reaper")


def shot_list(s: ForumState, hunter: str) -> list[str]:
    found: list[str] = s.memory(hunter).setdefault("list", [])
    return found


def ask_list(s: ForumState) -> Request | None:
    return holder_request(s, "hunter", Role.HUNTER, LIST, count=LONGEST,
                          info=lambda s, h: {"list": list(shot_list(s, h))})


def check_list(s: ForumState, req: Request, answer: Any) -> list[str] | None:
    if answer is None:
        return None  # the previous list stands
    return answers.name_list(s, req, answer, req.choices, "hunter_target",
                         "the hunter names other living players", most=LONGEST)


def apply_list(s: ForumState, names: list[str] | None) -> None:
    if names is not None:
        s.memory(asking(s, "hunter"))["list"] = list(names)


def decide_list(ctx: ForumBotContext) -> Any:
    if not ctx.sensible:
        return ctx.rng.sample(list(ctx.req.choices), min(2, len(ctx.req.choices)))
    bad = [c for c in ctx.req.choices if c in ctx.bad_to(ctx.me)]
    if bad:
        return bad[:LONGEST]
    if ctx.req.info.get("list"):
        return None  # keep it
    pick = hurt(ctx, list(ctx.req.choices))
    return [pick] if pick else None


def would_win(s: ForumState, dead: set[str]) -> Winner | None:
    """The alliance that would win were ``dead`` dead (the hunter's test)."""
    living = [p for p in s.living_now if p not in dead]
    if not living:
        return Winner.NOBODY
    teams = {s.team(p) for p in living}
    return WINNER_OF[teams.pop()] if len(teams) == 1 else None


class HunterRules(ForumRules):
    id = "hunter"
    order = 10

    def dying(self, s: ForumState, name: str, cause: Cause, fold: Fold | None) -> Flow:
        if s.card[name] is not Role.HUNTER:
            return False
        lover = s.lover_of(name)
        if lover is not None and s.team(lover) is Side.BAD:
            return False  # "gekoppeld aan een slechtje, vervalt zijn schot"
        living = [p for p in others(s, name) if p not in s.dying]
        if fold is None and cause is Cause.VOTE:
            listed = [p for p in shot_list(s, name) if p in living]
            shot = yield request(s, Ask.HUNTER, (name,), tuple(living),
                                 default=listed[0] if listed else None)
        else:
            shot = next((p for p in shot_list(s, name) if p in living), None)
        if shot is None:
            return False  # "in de lucht geschoten"
        if s.has_extra(shot, GRIM_REAPER):
            # "zal er niets gebeuren, de identiteit van de ijzeren hein wordt
            # ook niet bekend gemaakt" (the list is for who died already)
            if fold is None:
                s.emit("forum_hunter_nothing", name=name, target=shot)
            return False
        if would_win(s, {name}) is not None and would_win(s, {name}) == would_win(s, {name, shot}):
            return False  # the shot would change nothing
        s.store.setdefault("hunter_shots", []).append((name, shot, s.team(shot).value))
        if fold is None:
            s.emit("forum_hunter_shoots", name=name, target=shot)
            yield from die(s, shot, Cause.HUNTER, by=(name,))
        else:
            quietly(die(s, shot, Cause.HUNTER, fold, by=(name,)))
        if not enemies(s, name):
            s.store["hunter_won"] = name  # the game ends before he dies
            return True
        return False

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        return s.store.get("hunter_won") == name

    def won(self, s: ForumState, winner: Winner, names: tuple[str, ...]) -> tuple[str, ...]:
        shot_good = {h for h, _, side in s.store.get("hunter_shots", []) if side == Side.GOOD.value}
        return tuple(n for n in names if n not in shot_good)


def check_shot(s: ForumState, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    return answers.one_of(s, req, answer, req.choices, "hunter_target",
                          "the hunter shoots another living player")


def decide_shot(ctx: ForumBotContext) -> Any:
    if ctx.sensible:
        bad = [c for c in ctx.req.choices if c in ctx.bad_to(ctx.me)]
        if bad:
            return bad[0]
        if ctx.req.default is not None:
            return ctx.req.default
    return hurt(ctx, list(ctx.req.choices))


LIST_FORM = Form("hunter_list", (Part(many=True, exact=False, none=True),))

role(ForumRole(
    Role.HUNTER, Side.GOOD, acts=True, rules=HunterRules(),
    steps=(ForumStep("hunter", 800, Role.HUNTER, request=ask_list, apply=apply_list, ask=LIST,
                     again=True),),
    asks=(AskSpec(LIST, check_list, decide_list, form=LIST_FORM, secret=True),
          AskSpec(Ask.HUNTER, check_shot, decide_shot)),
))
