"""Question forms as data: how an ask is put to a person.

A form is a sequence of parts; each part is one question to the asked
players (a player, several players, a role, an amount, a night, an item,
yes or no, a line of text). Every kit, the laptop, the page and the bots
read a form the same way (``narrator.forms``), so the moderator holds no
code for any role: the witch's "save? then poison whom?" and the thief's
middle cards are forms like any other, and so is the forum's gambler
(bets, stakes, purchases).

A part takes its options from the request's ``choices`` or from one of its
``info`` keys, and is asked only when the request's ``info`` says it applies
(``when``: info keys that must be set, the key of an earlier part that
chose something, or ``part=value`` on an earlier answer of the same form).
A part with ``each`` is asked once for every item of an earlier part's
answer (a stake for each bet; a role for each player named: "a player and
a role", the forum's cubs, up to five pairs for the chain cub). The
decision is the single part's answer, or a mapping of the parts' keys to
their answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: how a part is answered on a device: choose among options, yes or no, a line of text
KINDS: Final = frozenset({"pick", "yes_no", "text"})


@dataclass(frozen=True, slots=True)
class Part:
    """One question of a form."""

    #: the decision's key for this answer; "" for the whole decision (one part)
    key: str = ""
    kind: str = "pick"
    #: where the options are: "" the request's choices, else an ``info`` key
    options: str = ""
    #: the pack key that names an option ("role_bare.{}"); "" players by name
    label: str = ""
    #: the answer is a list (several players, several items)
    many: bool = False
    #: how many to choose; 0: the request's ``count``
    count: int = 0
    #: or the ``info`` key that says how many (the gambler's third of the living)
    count_key: str = ""
    #: exactly ``count`` (False: any number up to it)
    exact: bool = True
    #: "nobody" / "nothing" may be answered; None: as the request allows
    none: bool | None = None
    #: the options are numbers: the answer is an ``int`` (an amount, a night)
    number: bool = False
    #: the prompt's pack key; "" the ask's own prompt
    prompt: str = ""
    #: the prompt's parameters: (parameter, info key)
    params: tuple[tuple[str, str], ...] = ()
    #: asked only when these hold: an info key that is set, an earlier
    #: part's key (it chose something), or ``part=value`` (an earlier
    #: answer of this form equals value)
    when: tuple[str, ...] = ()
    #: asked once for each item of the earlier part ``each``; the answer is
    #: then a mapping of those items to the answers
    each: str = ""


@dataclass(frozen=True, slots=True)
class Form:
    """How an ask is put: its parts, in order."""

    name: str
    parts: tuple[Part, ...]
    #: one question a voter, the votes said aloud (the vote, the election)
    ballot: bool = False
    #: one private turn a player in seat order, of fixed shape, news first
    #: (the forum's day round): the decision maps each player to his answer
    round: bool = False

    @property
    def single(self) -> bool:
        """The decision is the answer of its one part."""
        return len(self.parts) == 1 and self.parts[0].key == ""


PICK: Final = Form("pick", (Part(),))
PICK_MANY: Final = Form("pick_many", (Part(many=True),))
SUBSET: Final = Form("subset", (Part(many=True, exact=False),))
#: one of the middle cards (the thief): role ids, shown by their names
CARD: Final = Form("card", (Part(label="role_bare.{}"),))
TEXT: Final = Form("text", (Part(kind="text"),))
BALLOT: Final = Form("ballot", (Part(),), ballot=True)

#: the forms a role may name instead of giving its own
NAMED: Final = {f.name: f for f in (PICK, PICK_MANY, SUBSET, CARD, TEXT, BALLOT)}


def check_form(form: Form) -> list[str]:
    """What is wrong with a form (an empty list: nothing)."""
    problems: list[str] = []
    keys: list[str] = []
    for part in form.parts:
        if part.kind not in KINDS:
            problems.append(f"form {form.name}: unknown kind {part.kind!r}")
        if part.key == "" and len(form.parts) > 1:
            problems.append(f"form {form.name}: a part without a key in a form of several")
        if part.key in keys:
            problems.append(f"form {form.name}: key {part.key!r} twice")
        if part.each and part.each not in keys:
            problems.append(f"form {form.name}: {part.key!r} is asked for each {part.each!r}, "
                            "which no earlier part answers")
        for cond in part.when:
            name, eq, _ = cond.partition("=")
            if eq and name not in keys:
                problems.append(f"form {form.name}: {part.key!r} depends on {name!r}, "
                                "which no earlier part answers")
        keys.append(part.key)
    return problems
