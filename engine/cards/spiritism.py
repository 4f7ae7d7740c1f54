"""Spiritisme (seed 000, direct): "Het dorp organiseert een seance om een geest
van het eerste slachtoffer van de weerwolven op te roepen. De linkerbuurman
van de laatst geëlimineerde speler wordt spiritist. ... de spiritist leest
luid en duidelijk alle vragen op de kaart voor. Vervolgens wendt de
spiritist zich tot de speler die als eerste werd geëlimineerd en stelt hem
een van de vragen. De overledene antwoordt met 'Ja' of 'Nee'." — "Er zijn 5
spiritisme kaarten met ieder 4 vragen."

The box draws one of the five question cards with the game's chance and
reads its four questions. The spiritist chooses one (``spirit_question``),
and names the player(s) it points at (``spirit_names``). The dead player
asked is the first eliminated (the seed's last sentence; its first names the
werewolves' first victim, who is mostly the same player; docs/cards.md).
Every question the game's state can answer, the box answers for him,
truthfully; a question about what nobody told the box — who is a man or a
woman, clothes, glasses, jewellery, smoking, where someone lives — he
answers himself (``spirit_answer``: yes or no)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import registry
from engine.botkit import BotContext
from engine.cards.base import Card, card
from engine.cards.common import first_eliminated, last_eliminated, left_of
from engine.errors import IllegalAnswer
from engine.messages import Request
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask, Role

SPIRIT_QUESTION = Ask.define("spirit_question")
SPIRIT_NAMES = Ask.define("spirit_names")
SPIRIT_ANSWER = Ask.define("spirit_answer")

#: (state, spiritist, named players) -> the truth
Truth = Callable[[State, str, tuple[str, ...]], bool]


def neighbours(s: State, name: str) -> set[str]:
    """The living players on either side of ``name``."""
    seats = [p for p in s.players if s.alive[p] or p == name]
    i = seats.index(name)
    return {seats[(i - 1) % len(seats)], seats[(i + 1) % len(seats)]} - {name}


def seer_found_wolf(s: State) -> bool:
    seers = set(s.holders(Role.SEER))
    return any(e.kind == "seer_sees" and e.to and e.to & seers and e.data.get("role") == "werewolf"
               for e in s.events)


def wolves_side_by_side(s: State) -> bool:
    """Two living werewolves next to each other in the circle of the living."""
    ring = s.living()
    n = len(ring)
    pairs = [(ring[i], ring[(i + 1) % n]) for i in range(n if n > 2 else n - 1)]
    return any(s.is_wolf(a) and s.is_wolf(b) for a, b in pairs)


#: each question: how many players the spiritist points at, and the truth
#: when the state knows it (None: the dead player answers)
QUESTIONS: dict[str, tuple[int, Truth | None]] = {
    "q1_1": (0, None), "q1_2": (0, None),
    "q1_3": (1, lambda s, _, n: any(s.is_wolf(p) for p in neighbours(s, n[0]))),
    "q1_4": (1, lambda s, _, n: s.role[n[0]] is Role.VILLAGER),
    "q2_1": (0, None), "q2_2": (0, None), "q2_3": (0, None), "q2_4": (0, None),
    "q3_1": (0, lambda s, me, _: s.role[me] is Role.VILLAGER),
    "q3_2": (0, lambda s, _, __: s.mayor is not None and s.is_wolf(s.mayor)),
    "q3_3": (0, None), "q3_4": (0, None),
    "q4_1": (2, lambda s, _, n: s.team(n[0]) is s.team(n[1])),
    "q4_2": (0, None), "q4_3": (0, None),
    "q4_4": (0, lambda s, _, __: s.mayor is not None and s.role[s.mayor] is Role.VILLAGER),
    "q5_1": (0, lambda s, _, __: seer_found_wolf(s)),
    "q5_2": (0, lambda s, _, __: wolves_side_by_side(s)),
    "q5_3": (0, None),
    "q5_4": (0, lambda s, me, _: s.is_wolf(me)),
}
SHEETS = tuple(tuple(f"q{k}_{i}" for i in range(1, 5)) for k in range(1, 6))
#: the spiritist says the number of his question on the card
NUMBERS = ("1", "2", "3", "4")


class Spiritism(Card):
    id = "spiritism"

    def start(self, s: State) -> Flow:
        last, medium = last_eliminated(s), first_eliminated(s)
        spiritist = left_of(s, last) if last is not None else None
        if medium is None or spiritist is None:
            s.emit("spiritism_none")
            return False
        sheet = SHEETS[s.rng.randrange(len(SHEETS))]
        s.emit("spiritism_seance", spiritist=spiritist, medium=medium)
        s.emit("spiritism_sheet", questions=list(sheet))
        number = yield Request(SPIRIT_QUESTION, (spiritist,), NUMBERS, s.when, allow_none=False,
                               default=NUMBERS[0], info={"questions": list(sheet)})
        question = sheet[NUMBERS.index(number)]
        count, truth = QUESTIONS[question]
        named: tuple[str, ...] = ()
        others = tuple(p for p in s.living() if p != spiritist)
        if count and len(others) >= count:
            got = yield Request(SPIRIT_NAMES, (spiritist,), others, s.when, count=count,
                                allow_none=False, default=list(others[:count]))
            named = tuple(got)
        # Names and the question's words in lines of their own: no line puts a
        # player beside a card's name ("is the player I point at a villager?").
        if named:
            s.emit("spirit_points", spiritist=spiritist, names=list(named))
        s.emit("spirit_asks", question=question)
        if truth is not None and len(named) == count:
            yes = truth(s, spiritist, named)
        else:
            yes = (yield Request(SPIRIT_ANSWER, (medium,), ("yes", "no"), s.when, allow_none=False,
                                 default="no", info={"question": question})) == "yes"
        if yes:
            s.emit("spirit_yes", medium=medium)
        else:
            s.emit("spirit_no", medium=medium)
        return False


def one_of(s: State, req: Request, answer: Any) -> str:
    value = req.default if answer is None else answer
    if value not in req.choices:
        raise IllegalAnswer("spirit_choice", f"{req.ask.value}: one of {', '.join(req.choices)}")
    return str(value)


def check_names(s: State, req: Request, answer: Any) -> tuple[str, ...]:
    value = req.default if answer is None else answer
    if isinstance(value, str):
        value = [value]
    if (not isinstance(value, list | tuple) or len(value) != req.count
            or len(set(value)) != len(value) or any(v not in req.choices for v in value)):
        raise IllegalAnswer("spirit_names", f"{req.ask.value}: point at {req.count} other living player(s)")
    return tuple(value)


def pick_one(ctx: BotContext) -> str:
    return ctx.rng.choice(ctx.req.choices)


def pick_names(ctx: BotContext) -> list[str]:
    return ctx.rng.sample(list(ctx.req.choices), ctx.req.count)


card(Spiritism())
registry.ask(AskSpec(SPIRIT_QUESTION, one_of, pick_one))
registry.ask(AskSpec(SPIRIT_NAMES, check_names, pick_names, form="pick_many"))
registry.ask(AskSpec(SPIRIT_ANSWER, one_of, pick_one))
