"""De Jager (seed 000/001): "Gaat hij dood, dan neemt hij direct één andere
speler mee" — whenever he dies with his power he shoots a living player; he
may decline ("mag"). His power is the one he had when he died: bitten in a
night in which the witch poisoned the elder, he still shoots (the werewolves
struck first)."""

from __future__ import annotations

from engine import answers, registry
from engine.botkit import side_pick
from engine.deaths import aftermath, kill
from engine.messages import Request
from engine.night import legal
from engine.registry import AskSpec, RoleCard
from engine.rules import Flow, Rules
from engine.state import Death, State
from engine.vocab import Ask, Cause, Role, Team


class HunterRules(Rules):
    id = "hunter"
    order = 10

    def after_death(self, s: State, death: Death) -> Flow:
        if not s.holds(death.name, Role.HUNTER) or not death.powered or not s.living():
            return False
        actors = (death.name,)
        target = yield Request(Ask.HUNTER, actors, legal(s, Ask.HUNTER, actors, s.living()), s.when)
        if target is not None:
            shot = kill(s, target, Cause.HUNTER)
            yield from aftermath(s, shot)
        return False


registry.role(RoleCard(
    Role.HUNTER, Team.VILLAGE, rules=HunterRules(),
    asks=(AskSpec(Ask.HUNTER, answers.target("hunter_target", "the hunter shoots a living player"),
                  lambda ctx: side_pick(ctx, hurt=True), trusted=answers.as_given),),
))
