"""Maneschijn (seed 000): "Voor iedere speler een kleine, aangestoken kaars.
De spelleider blaast elke morgen de kaars van het slachtoffer van de
weerwolven uit. Elke avond blaast de door de burgers aangewezen schuldige
zijn eigen kaars uit." — rules-wise the base game: the candles are the kit's
(``hardware.kit.Candles``: lit for the living, out for the dead).

Option ``risky_candles``, "de voor weerwolven erg riskante variant": "De
weerwolven moeten zelf op een of andere manier de kaars van hun slachtoffer
zien uit te krijgen. Maar pas op: als er meer dan een kaars uitgaat, vallen
er deze nacht geen slachtoffers." The werewolves' call then asks ``candles``:
the candles that went out during the call, as the kit's candles saw them
(or the table tells the laptop). Exactly one, and it is a player they may
devour: their victim. More than one: no victim. None, or only a werewolf's
own: no victim either. The box lights the living's candles again at dawn.
"""

from __future__ import annotations

from typing import Any

from engine import answers, registry
from engine.botkit import BotContext
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.night import NightStep
from engine.registry import AskSpec
from engine.state import State
from engine.variants.base import Variant, variant
from engine.vocab import Ask

CANDLES = Ask.define("candles")


class Moonlight(Variant):
    id = "moonlight"
    aliases: tuple[str, ...] = ("maneschijn",)
    options = {"risky_candles": False}

    def request(self, s: State, step: NightStep, req: Request | None) -> Request | None:
        if req is None or req.ask is not Ask.WEREWOLVES or not self.option(s.options, "risky_candles"):
            return req
        # Any living player's candle may go out; only one legal victim's counts.
        return Request(CANDLES, req.actors, s.living(), s.when, count=len(s.living()),
                       info={"victims": req.choices}, default=[])


def check(s: State, req: Request, answer: Any) -> str | None:
    """The candles that went out -> the werewolves' victim, or None."""
    out = answers.names(s, req, [] if answer is None else answer, single_ok=True)
    if len(set(out)) != len(out):
        raise IllegalAnswer("candle_twice", "candles: a candle is named twice")
    if len(out) == 1 and out[0] in req.info["victims"]:
        return out[0]
    return None  # "als er meer dan een kaars uitgaat, vallen er deze nacht geen slachtoffers"


def decide(ctx: BotContext) -> list[str]:
    """The pack aims at one victim; now and then a second candle goes out
    with it (a neighbour's), or they do not agree and blow none."""
    victims = list(ctx.req.info["victims"])
    r = ctx.rng.random()
    if not victims or r < 0.03:
        return []
    victim = ctx.rng.choice(victims)
    if r < 0.03 + (0.05 if ctx.sensible else 0.15):
        s = ctx.s
        living = s.living()
        i = living.index(victim)
        return [victim, living[(i + 1) % len(living)]] if len(living) > 1 else [victim]
    return [victim]


registry.ask(AskSpec(CANDLES, check, decide, form="subset", secret=True))
variant(Moonlight())
