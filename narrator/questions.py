"""Engine requests as questions to players, and their answers as decisions.

A request becomes one or more :class:`Question` s (the witch: save? then
poison whom?; a ballot: one question a voter). ``intent_answer`` does the
reverse for bots: which answer to a question fits a decision they intend.
"""

from __future__ import annotations

from typing import Any

from engine import Ask, Request
from engine.registry import spec_of
from ports import Answer, Question


def witch_questions(req: Request, timeout: float) -> tuple[Question | None, Question | None]:
    """The witch's two questions: save the victim? (only when there is one and
    the potion is left), and poison whom? (while the poison is left)."""
    victim = req.info.get("victim")
    save_q = None
    if victim is not None and req.info.get("save"):
        save_q = Question("yes_no", req.ask, req.actors, secret=True, prompt="prompt.witch_save",
                          params={"name": victim}, timeout_s=timeout)
    poison_q = None
    if req.info.get("poison"):
        poison_q = Question("pick", req.ask, req.actors, req.choices, allow_none=True, secret=True,
                            prompt="prompt.witch_poison", timeout_s=timeout)
    return save_q, poison_q


def single_question(req: Request, timeout: float, seats: tuple[str, ...] | None = None) -> Question:
    """The question for every ask but the witch's; ballots: one voter's."""
    text = req.form == "text"  # a line of one's own: given in private, never aloud
    return Question(
        "text" if text else "pick", req.ask, seats or req.actors, req.choices,
        count=req.count,
        exact=req.form != "subset",
        allow_none=req.allow_none,
        secret=req.secret or text,
        prompt=spec_of(req.ask).prompt_key,
        params={"name": (seats or req.actors)[0]},
        timeout_s=timeout,
        hidden=tuple(req.info.get("hidden", ())),
    )


def decision_from(req: Request, answer: Answer) -> Any:
    """One question's answer as the engine's decision (not for witch/ballots)."""
    if answer is None or answer is True or answer is False:
        return req.default
    if req.form == "text":
        return answer[0] if answer else None
    if req.form in ("pick_many", "subset"):
        return list(answer) if answer else req.default
    return answer[0] if answer else None


def intent_answer(question: Question, intent: Any) -> Answer:
    """For bots: the answer to ``question`` that carries out ``intent`` (the
    engine-level decision the bot has made)."""
    form = spec_of(Ask(question.ask)).form
    if form == "potions":
        if question.kind == "yes_no":
            return bool(intent.get("save"))
        poison = intent.get("poison")
        return (poison,) if poison else ()
    if form == "ballot":
        target = intent.get(question.seats[0])
        if isinstance(target, list | tuple):  # several names a voter (a card's distrust)
            return tuple(target)
        return (target,) if target else ()
    if intent is None:
        return ()
    if isinstance(intent, list | tuple):
        return tuple(intent)
    return (str(intent),)
