"""Typed text to an answer: menu numbers or names for a pick, the pack's
words for yes and no; or :class:`Refused` with the pack key that says why."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import voices
from engine.variants.talking_wall import one_line
from ports import Question


class Refused(Exception):
    """An answer that cannot be taken: a pack key and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def option_labels(question: Question, pack: voices.Pack) -> list[str]:
    """What the menu shows: names, or the thief's cards by their names."""
    if question.ask == "thief":
        return [pack.role_bare(o) for o in question.options]
    return list(question.options)


def option_numbers(question: Question, seats: Sequence[str] | None) -> list[int]:
    """The menu's numbers: a player is always their seat number (so Bram is 2
    in every question, whoever is left); other options (the thief's cards)
    are counted from 1."""
    if seats and all(o in seats for o in question.options):
        return [list(seats).index(o) + 1 for o in question.options]
    return list(range(1, len(question.options) + 1))


def hidden_answer(text: str, question: Question, pack: voices.Pack) -> tuple[str, ...]:
    """A hidden answer typed as its word (``Question.hidden``), else ``()``."""
    said = " ".join(text.split()).lower()
    return next(((h,) for h in question.hidden if said == pack.line(f"word.{h}").lower()), ())


def parse_line(text: str) -> tuple[str, ...]:
    """A line of free text (the talking wall): ``()`` when left empty."""
    line = one_line(text)
    return (line,) if line else ()


def parse_pick(text: str, question: Question, labels: Sequence[str],
               numbers: Sequence[int] | None = None) -> tuple[str, ...]:
    """The options chosen by ``text`` (``numbers`` from the menu, or names);
    raises :class:`Refused` with the reason."""
    options = question.options
    numbers = list(numbers or range(1, len(options) + 1))
    by_number = dict(zip(numbers, options, strict=True))
    text = text.strip()
    if text == "0" and question.allow_none:
        return ()
    if text in ("", "0"):
        # An empty Enter never chooses, not even "nobody": it is too easy to
        # press by mistake (or to confirm what the last player left).
        raise Refused("laptop.err_empty_none" if question.allow_none else "laptop.err_required")
    by_name = {o.lower(): o for o in options} | {lab.lower(): o for o, lab in zip(options, labels, strict=True)}
    if text.lower() in by_name:
        tokens = [text]
    else:
        tokens = [t for t in re.split(r"[,\s]+" if "," not in text else r"\s*,\s*", text) if t]
    first = 0 if question.allow_none else min(numbers, default=1)
    last = max(numbers, default=0)
    chosen: list[str] = []
    for token in tokens:
        if token.isdigit():
            n = int(token)
            if not first <= n <= last:
                raise Refused("laptop.err_number", number=n, first=first, last=last)
            if n not in by_number:  # a seat that is not a choice now
                raise Refused("laptop.err_not_listed", number=n)
            chosen.append(by_number[n])
        elif token.lower() in by_name:
            chosen.append(by_name[token.lower()])
        else:
            raise Refused("laptop.err_unknown", text=token)
    if len(set(chosen)) != len(chosen):
        raise Refused("laptop.err_twice")
    if question.exact and len(chosen) != question.count:
        raise Refused("laptop.err_count", count=question.count)
    if len(chosen) > question.count:
        raise Refused("laptop.err_too_many", count=question.count)
    return tuple(chosen)


def parse_yes_no(text: str, pack: voices.Pack) -> bool:
    word = text.strip().lower()
    if word in _words(pack.line("laptop.yes_words")):
        return True
    if word in _words(pack.line("laptop.no_words")):
        return False
    raise Refused("laptop.err_yes_no")


def _words(line: str) -> set[str]:
    return {w.strip().lower() for w in line.split(",") if w.strip()}
