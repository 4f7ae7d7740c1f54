"""Engine requests as questions to players, and their answers as decisions.

A request's form (``engine.forms``) is a sequence of parts; each part becomes
one :class:`Question` (a part asked for each item of an earlier answer, one
for each), put in order, the later ones only where the earlier answers and
the request's ``info`` say they apply. The answers make the decision. A
ballot is one question a voter. ``intent_answer`` does the reverse for bots:
which answer to a question carries out the decision they intend. Nothing
here knows a role: the witch's save-then-poison and the gambler's bets are
forms like any other.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine import Request
from engine.forms import Form, Part
from ports import Answer, Question


def applies(req: Request, part: Part, values: Mapping[str, Any]) -> bool:
    """Whether ``part`` is asked, given the request and the answers so far."""
    for cond in part.when:
        name, eq, wanted = cond.partition("=")
        if eq:
            if str(values.get(name)) != wanted:
                return False
        elif name in values:  # an earlier part of this form: asked only when it chose something
            if values[name] in (None, [], ()):
                return False
        elif not req.info.get(name):
            return False
    return True


def items_of(part: Part, values: Mapping[str, Any]) -> list[str]:
    """What ``part`` is asked for: once (""), or each item of an earlier answer."""
    if not part.each:
        return [""]
    earlier = values.get(part.each) or ()
    return [str(item) for item in earlier]


def question(req: Request, part: Part, timeout: float, *, item: str = "",
             seats: tuple[str, ...] | None = None) -> Question:
    """The question one part of ``req``'s form puts (to ``seats``, or the actors)."""
    who = seats or req.actors
    options = req.choices if not part.options else tuple(str(o) for o in req.info.get(part.options, ()))
    params: dict[str, Any] = {"name": who[0]}
    for param, key in part.params:
        params[param] = req.info.get(key)
    if item:
        params["item"] = item
    text = part.kind == "text"  # a line of one's own: given in private, never aloud
    return Question(
        part.kind, req.ask, who, options if part.kind == "pick" else (),
        count=int(req.info.get(part.count_key, 0)) if part.count_key else (part.count or req.count),
        exact=part.exact,
        allow_none=req.allow_none if part.none is None else part.none,
        secret=req.secret or text,
        prompt=part.prompt or req.prompt_key,
        params=params,
        timeout_s=timeout,
        hidden=tuple(req.info.get("hidden", ())),
        label=part.label,
        part=part.key,
        item=item,
    )


def value_of(part: Part, answer: Answer) -> Any:
    """One part's answer as the decision's value (``answer`` not None)."""
    if part.kind == "yes_no":
        return bool(answer)
    chosen = list(answer) if isinstance(answer, tuple) else []
    if part.number:
        numbers = [int(c) for c in chosen]
        return numbers if part.many else (numbers[0] if numbers else None)
    if part.many:
        return chosen
    return chosen[0] if chosen else None


def store(values: dict[str, Any], part: Part, item: str, value: Any) -> None:
    if part.each:
        values.setdefault(part.key, {})[item] = value
    else:
        values[part.key] = value


def decision_of(req: Request, form: Form, values: dict[str, Any]) -> Any:
    """The decision the answers make."""
    if form.single:
        value = values.get("")
        part = form.parts[0]
        # "nobody" to a question of several names is the request's default
        if part.many and not value:
            return req.default
        return value
    return values


def single_question(req: Request, timeout: float, seats: tuple[str, ...] | None = None) -> Question:
    """The one question of a one-part form (a ballot: one voter's)."""
    return question(req, req.form.parts[0], timeout, seats=seats)


def decision_from(req: Request, answer: Answer) -> Any:
    """The one question's answer of a one-part form as the decision."""
    if answer is None:
        return req.default
    part = req.form.parts[0]
    values: dict[str, Any] = {}
    store(values, part, "", value_of(part, answer))
    return decision_of(req, req.form, values)


def walk(req: Request, values: dict[str, Any]) -> Iterator[tuple[Part, str]]:
    """The parts (and items) to ask, in order; read again after each answer
    is stored in ``values``, since later parts depend on earlier answers."""
    for part in req.form.parts:
        if not applies(req, part, values):
            continue
        for item in items_of(part, values):
            yield part, item


def intent_answer(req: Request, question: Question, intent: Any) -> Answer:
    """For bots: the answer to ``question`` (a part of ``req``'s form) that
    carries out ``intent`` (the engine-level decision the bot has made)."""
    form = req.form
    if form.ballot:
        if not isinstance(intent, Mapping):
            return ()
        intent = intent.get(question.seats[0])
        if isinstance(intent, list | tuple):  # several names a voter (a card's distrust)
            return tuple(str(v) for v in intent)
        return (str(intent),) if intent is not None else ()
    if not form.single:
        intent = intent.get(question.part) if isinstance(intent, Mapping) else None
        if question.item and isinstance(intent, Mapping):
            intent = intent.get(question.item)
    if question.kind == "yes_no":
        return bool(intent)
    if intent is None:
        return ()
    if isinstance(intent, list | tuple):
        return tuple(str(v) for v in intent)
    return (str(intent),)
