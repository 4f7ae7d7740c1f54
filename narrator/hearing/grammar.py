"""Closed grammars, built per question from what can be said right now.

A grammar maps each phrase a player may say (lower case, words separated by
one space) to its meaning: a player, nobody, yes or no. The words come from
the language pack (``speech.vocab.*``: alternatives separated by ``|``) and
from the names of the players who may be chosen, with their seat numbers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from voices import Pack

MeaningKind = Literal["player", "nobody", "yes", "no"]

#: seat numbers the pack must be able to say (seed 001: up to 18 players)
MAX_SEAT = 18


@dataclass(frozen=True)
class Meaning:
    kind: MeaningKind
    player: str | None = None


YES = Meaning("yes")
NO = Meaning("no")
NOBODY = Meaning("nobody")


def normalise(text: str) -> str:
    """Lower case, accents off, only letters, digits and single spaces:
    the form recognizer vocabularies use ("Één" -> "een")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    # recompose after dropping accents: Hangul syllables must stay whole
    plain = unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))
    return " ".join(re.sub(r"[^\w']+", " ", plain).split())


@dataclass(frozen=True)
class Grammar:
    phrases: Mapping[str, Meaning]

    @property
    def words(self) -> list[str]:
        return sorted({w for p in self.phrases for w in p.split()})

    def meaning(self, text: str) -> Meaning | None:
        return self.phrases.get(normalise(text))

    def keep_only(self, sayable: Iterable[str]) -> Grammar:
        """Without phrases that use a word the recognizer cannot say (a name
        missing from its lexicon: the seat number still works)."""
        ok = set(sayable)
        return Grammar({p: m for p, m in self.phrases.items() if all(w in ok for w in p.split())})

    def to_jsgf(self, name: str = "answer") -> str:
        alternatives = " | ".join(sorted(self.phrases)) or "<VOID>"
        return f"#JSGF V1.0;\ngrammar {name};\npublic <{name}> = {alternatives};\n"


class Vocabulary:
    """The recognition words of one language pack."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack

    def words(self, key: str) -> list[str]:
        return [normalise(w) for w in self.pack.line(f"speech.vocab.{key}").split("|") if w.strip()]

    def seat(self, n: int) -> list[str]:
        return self.words(f"seat.{n}")

    def name(self, player: str) -> str:
        return normalise(player)


def pick_grammar(vocab: Vocabulary, options: Sequence[str], seats: Mapping[str, int],
                 allow_none: bool) -> Grammar:
    """Names of the players who may be chosen, their seat numbers, and
    nobody when abstaining is allowed. A phrase that could mean two things
    (a player called "Een" and seat one) is left out: never guess."""
    candidates: dict[str, set[Meaning]] = {}

    def add(phrase: str, meaning: Meaning) -> None:
        if phrase:
            candidates.setdefault(phrase, set()).add(meaning)

    for player in options:
        meaning = Meaning("player", player)
        add(vocab.name(player), meaning)
        seat = seats.get(player)
        if seat is not None and 1 <= seat <= MAX_SEAT:
            for word in vocab.seat(seat):
                add(word, meaning)
    if allow_none:
        for word in vocab.words("nobody"):
            add(word, NOBODY)
    return Grammar({p: next(iter(m)) for p, m in candidates.items() if len(m) == 1})


def yes_no_grammar(vocab: Vocabulary) -> Grammar:
    phrases: dict[str, Meaning] = {}
    for word in vocab.words("yes"):
        phrases[word] = YES
    for word in vocab.words("no"):
        phrases[word] = NO
    return Grammar(phrases)
