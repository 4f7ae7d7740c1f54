"""De sprekende muur (seed 000): "Iedere dorpsbewoner die nog in het spel
is, schrijft een korte zin naar keuze op een briefje en geeft deze aan de
spelleider. ... Als de spelleider alle briefjes heeft ontvangen, leest hij ze
in willekeurige volgorde voor. Hij zegt niet welk bericht van welke speler
afkomstig is. Daarna kunnen de bewoners gaan slapen".

Readings (docs/variants.md): the wall is written at dusk, after each day's
vote (before the first night nobody has anything to write about); every
living player is asked in seat order (ask ``talking_wall``, free text, given
privately); the box reads the lines in its own voice sorted by their text —
an order that depends on nothing hidden, not on seats, not on who wrote —
and never says who wrote what. An empty line or a time-out: no note.
"""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.botkit import BotContext
from engine.errors import IllegalAnswer, MalformedAnswer
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.variants.base import Variant, variant
from engine.vocab import Ask

TALKING_WALL = Ask.define("talking_wall")
#: "een korte zin": a line the box can read in a breath
MAX_CHARS = 120


class TalkingWall(Variant):
    id = "talking_wall"
    aliases: tuple[str, ...] = ("sprekende_muur",)
    order = 90  # after every other rule's dusk

    def dusk(self, s: State) -> Flow:
        notes: list[str] = []
        for name in s.living():
            line = yield Request(TALKING_WALL, (name,), (), s.when)
            if line:
                notes.append(line)
        # "in willekeurige volgorde ... Hij zegt niet welk bericht van welke
        # speler afkomstig is": sorted by the words alone.
        if not notes:
            s.emit("wall_empty")
            return False
        s.emit("wall_read", count=len(notes))
        for text in sorted(notes, key=lambda t: (t.casefold(), t)):
            s.emit("wall_line", text=text)
        return False


def one_line(text: str) -> str:
    """A line as the wall keeps it, however it was typed: one line, single
    spaces (the laptop, the phones and the check all fold it so)."""
    return " ".join(text.split())


def check(s: State, req: Request, answer: Any) -> str | None:
    if answer is None:
        return None
    if not isinstance(answer, str):
        raise MalformedAnswer(f"talking_wall: the line must be text, not {answer!r}")
    line = one_line(answer)
    if len(line) > MAX_CHARS:
        raise IllegalAnswer("wall_too_long", f"talking_wall: a short line, at most {MAX_CHARS} characters")
    return line or None


def decide(ctx: BotContext) -> str | None:
    """Bots write a name they suspect (language-neutral): a werewolf points
    at a villager, a villager at a werewolf he knows, else at anyone."""
    s, me = ctx.s, ctx.me
    others = [p for p in s.living() if p != me]
    if not others or ctx.rng.random() < 0.2:
        return None
    if not ctx.sensible:
        return ctx.rng.choice(others) + "?"
    known = ctx.known(me)
    if s.is_wolf(me):
        pool = [p for p in others if known.get(p) != "werewolf"]
    else:
        pool = [p for p in others if known.get(p) == "werewolf"] or [p for p in others if p not in known]
    return f"{ctx.rng.choice(pool or others)}?"


registry.ask(AskSpec(TALKING_WALL, check, decide, form="text"))
variant(TalkingWall())
