"""Hij is het zeker niet (seed 000): "Alle bewoners die nog in het spel zijn,
staan op. De linkerbuurman van de als laatste geelimineerde speler wijst een
speler aan. Hij staat daarmee in voor diens onschuld. Zelf blijft hij staan.
De speler die hij aanwijst, mag gaan zitten en wijst op zijn beurt een
bewoner aan ... Zo gaat het verder totdat er nog een speler staat. Deze
speler wordt schuldig verklaard en wordt geelimineerd." "De spelleider kan
besluiten om deze variant tijdens het hele spel of in sommige ronden te
gebruiken": option ``not_him_days`` (empty: every day).

Readings (docs/variants.md): seats run clockwise, so a player's left
neighbour is the next living player in seat order; "the last eliminated" is
whoever left the game last, by night or by day (before any death: the
mayor, else the first living seat). A voucher who gives no name (time-out)
vouches for the first standing player on his left.
"""

from __future__ import annotations

from typing import Any

from engine import answers, registry
from engine.botkit import BotContext
from engine.day import after_vote, eliminate
from engine.deck import Setup
from engine.errors import SetupError
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.variants.base import Variant, variant
from engine.vocab import Ask

NOT_HIM = Ask.define("not_him")


def clockwise_after(s: State, seat_of: str, among: tuple[str, ...]) -> tuple[str, ...]:
    """``among`` in seat order, starting with the first seat left of ``seat_of``."""
    i = s.players.index(seat_of)
    ring = s.players[i + 1:] + s.players[:i + 1]
    return tuple(p for p in ring if p in among and p != seat_of)


def first_voucher(s: State) -> str:
    living = s.living()
    if s.deaths:
        return clockwise_after(s, s.deaths[-1].name, living)[0]
    if s.mayor is not None and s.alive[s.mayor]:
        return s.mayor
    return living[0]


class NotHim(Variant):
    id = "not_him"
    aliases: tuple[str, ...] = ("hij_is_het_zeker_niet",)
    options = {"not_him_days": []}

    def check_setup(self, setup: Setup) -> None:
        days = self.option(setup.options, "not_him_days")
        if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 1 for d in days):
            raise SetupError(f"option not_him_days must list day numbers >= 1, not {days!r}",
                             "refusal.not_him_days", value=repr(days))

    def today(self, s: State) -> bool:
        days = self.option(s.options, "not_him_days")
        return not days or s.day in days

    def vote(self, s: State) -> Flow:
        if not self.today(s):
            return False
        return (yield from chain(s))


def chain(s: State) -> Flow:
    """The day's chain of vouching in place of the vote (True: it was held;
    also Donkere maandag's, when the host turns it on)."""
    standing = s.living()
    if len(standing) < 2:
        return False
    voucher = first_voucher(s)
    # Nobody has left the game yet: the line must not say so.
    s.emit("not_him_starts" if s.deaths else "not_him_begins", name=voucher)
    first = True
    while len(standing) > 1:
        choices = clockwise_after(s, voucher, standing)
        chosen = yield Request(NOT_HIM, (voucher,), choices, s.when, allow_none=False,
                               discussion=first)
        first = False
        s.emit("not_him_vouches", by=voucher, name=chosen)
        standing = tuple(p for p in standing if p != chosen)
        voucher = chosen
    s.emit("not_him_last", name=standing[0])
    eliminated = yield from eliminate(s, standing[0])
    yield from after_vote(s, eliminated)
    return True


def check(s: State, req: Request, answer: Any) -> str:
    if answer is None:  # no answer in time: the first standing on his left
        return req.choices[0]
    return answers.choice(s, req, answer, "not_him_standing",
                          "vouch for another player who is still standing")


def decide(ctx: BotContext) -> str:
    """Werewolves vouch for their own ("kunnen weerwolven elkaar heel
    gemakkelijk beschermen"); villagers for those they know are no
    werewolf, never for one they know is one."""
    choices = list(ctx.req.choices)
    if not ctx.sensible:
        return ctx.rng.choice(choices)
    known = ctx.known(ctx.me)
    wolf = ctx.s.is_wolf(ctx.me)
    if wolf:
        friends = [c for c in choices if known.get(c) == "werewolf"]
        return ctx.rng.choice(friends or choices)
    cleared = [c for c in choices if c in known and known[c] != "werewolf"]
    unknown = [c for c in choices if c not in known]
    return ctx.rng.choice(cleared or unknown or choices)


registry.ask(AskSpec(NOT_HIM, check, decide, discussion=True))
variant(NotHim())
