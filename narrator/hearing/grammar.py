"""Closed grammars, built per question from what can be said right now.

A grammar maps each phrase a player may say (lower case, words separated by
one space) to its meaning: a player, nobody, yes or no. The words come from
the language pack (``speech.vocab.*``: alternatives separated by ``|``) and
from the names of the players who may be chosen, with their seat numbers.

People do not answer with a bare name: they say "ik stem op Anna", "Anna
graag", "op nummer drie". The pack's ``vote_forms`` and ``seat_forms`` are
such carrier phrases, with ``_`` where the name or the number goes; every
combination is a phrase of the grammar, so the carrier words are heard as
what they are (English "for" is no longer taken for seat "four").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from voices import Pack

MeaningKind = Literal["player", "nobody", "yes", "no", "by_seat"]

#: seat numbers the pack must be able to say (seed 001: up to 18 players)
MAX_SEAT = 18


@dataclass(frozen=True)
class Meaning:
    kind: MeaningKind
    player: str | None = None


YES = Meaning("yes")
NO = Meaning("no")
NOBODY = Meaning("nobody")
#: a name too alike to another at the table ("Anna", "Hanna"): the box asks
#: for the seat number instead of guessing which was meant
BY_SEAT = Meaning("by_seat")


def normalise(text: str) -> str:
    """Lower case, accents off, only letters, digits and single spaces:
    the form recognizer vocabularies use ("Één" -> "een")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    # recompose after dropping accents: Hangul syllables must stay whole
    plain = unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))
    return " ".join(re.sub(r"[^\w']+", " ", plain).split())


#: where a carrier phrase puts the name or the number
SLOT = "_"


def spellings(text: str) -> dict[str, str]:
    """Each normalised word of ``text`` -> its written form (accents kept),
    which is what espeak-ng needs to pronounce it ("funf" -> "fünf")."""
    out: dict[str, str] = {}
    for token in re.split(r"[\s\-]+", text.lower()):
        norm = normalise(token)
        if norm and " " not in norm:
            out[norm] = re.sub(r"[^\w']+", "", token)
    return out


@dataclass(frozen=True)
class Grammar:
    """``whole``: phrases said as they are ("niemand", "ja"); ``targets``:
    what names a choice ("anna", "nummer drie"), each of which may be said
    inside any of the carriers ``before`` and ``after`` ("" = none)."""

    whole: Mapping[str, Meaning]
    targets: Mapping[str, Meaning] = field(default_factory=dict)
    before: tuple[str, ...] = ("",)
    after: tuple[str, ...] = ("",)
    #: normalised word -> written form, for lexicons made from spelling
    spelling: Mapping[str, str] = field(default_factory=dict)
    #: measure how far the answer beats the best other meaning (``Heard.rival``):
    #: a yes must clearly beat a no
    contest: bool = False

    @cached_property
    def phrases(self) -> dict[str, Meaning]:
        """Every phrase that may be said, with its meaning; a phrase that
        two carriers would give two meanings is left out: never guess."""
        found: dict[str, set[Meaning]] = {}
        for phrase, meaning in self.whole.items():
            found.setdefault(phrase, set()).add(meaning)
        for target, meaning in self.targets.items():
            for pre in self.before:
                for post in self.after:
                    found.setdefault(" ".join(x for x in (pre, target, post) if x), set()).add(meaning)
        return {p: next(iter(m)) for p, m in found.items() if len(m) == 1}

    @property
    def words(self) -> list[str]:
        parts = [*self.whole, *self.targets, *self.before, *self.after]
        return sorted({w for p in parts for w in p.split()})

    def meaning(self, text: str) -> Meaning | None:
        return self.phrases.get(normalise(text))

    def keep_only(self, sayable: Iterable[str]) -> Grammar:
        """Without phrases that use a word the recognizer cannot say (a name
        missing from its lexicon: the seat number still works)."""
        ok = set(sayable)

        def fine(p: str) -> bool:
            return all(w in ok for w in p.split())

        return Grammar({p: m for p, m in self.whole.items() if fine(p)},
                       {p: m for p, m in self.targets.items() if fine(p)},
                       tuple(p for p in self.before if fine(p)) or ("",),
                       tuple(p for p in self.after if fine(p)) or ("",), self.spelling,
                       self.contest)

    def without(self, meaning: Meaning) -> Grammar:
        """Every phrase with another meaning: the rivals of an answer."""
        return Grammar({p: m for p, m in self.whole.items() if m != meaning},
                       {p: m for p, m in self.targets.items() if m != meaning},
                       self.before, self.after, self.spelling)

    def written(self, word: str) -> str:
        return self.spelling.get(word, word)

    def to_jsgf(self, name: str = "answer") -> str:
        """Factored: the carriers and the targets each appear once, so the
        search stays small however many combinations there are."""
        rules: list[str] = []
        body: list[str] = []
        if self.targets:
            vote = ["<target>"]
            rules.append("<target> = " + " | ".join(sorted(self.targets)) + ";")
            for side, carriers in (("before", self.before), ("after", self.after)):
                said = sorted(c for c in carriers if c)
                if said:
                    rules.append(f"<{side}> = " + " | ".join(said) + ";")
                    ref = f"[<{side}>]" if "" in carriers else f"<{side}>"
                    vote = [ref, *vote] if side == "before" else [*vote, ref]
            body.append(" ".join(vote))
        if self.whole:
            body.append("( " + " | ".join(sorted(self.whole)) + " )")
        public = " | ".join(body) or "<VOID>"
        return "\n".join([f"#JSGF V1.0;\ngrammar {name};", f"public <{name}> = {public};", *rules]) + "\n"


class Vocabulary:
    """The recognition words of one language pack."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        #: every word seen so far -> its written form
        self.spelling: dict[str, str] = {}

    def words(self, key: str) -> list[str]:
        """The alternatives of ``speech.vocab.<key>``, normalised."""
        found = []
        for text in self.pack.line(f"speech.vocab.{key}").split("|"):
            if text.strip():
                self.spelling.update(spellings(text))
                found.append(normalise(text))
        return found

    def seat(self, n: int) -> list[str]:
        return self.words(f"seat.{n}")

    def name(self, player: str) -> str:
        self.spelling.update(spellings(player))
        return normalise(player)

    def carriers(self, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What may come before and after the ``_`` of each form."""
        before, after = set(), set()
        for form in self.words(key):
            words = form.split()
            if SLOT in words:
                i = words.index(SLOT)
                before.add(" ".join(words[:i]))
                after.add(" ".join(words[i + 1:]))
        return tuple(sorted(before)) or ("",), tuple(sorted(after)) or ("",)

    def forms(self, key: str, target: str) -> list[str]:
        """``target`` inside each carrier phrase of ``speech.vocab.<key>``."""
        return [" ".join(target if w == SLOT else w for w in form.split())
                for form in self.words(key)]


def pick_grammar(vocab: Vocabulary, options: Sequence[str], seats: Mapping[str, int],
                 allow_none: bool, carriers: bool = True,
                 by_seat: Iterable[str] = ()) -> Grammar:
    """Names of the players who may be chosen, their seat numbers, and
    nobody when abstaining is allowed, inside the pack's carrier phrases
    (``carriers=False``: bare words only, as the first version had; kept for
    the benchmark's comparison). A target that could mean two things (a
    player called "Een" and seat one) is left out: never guess. The names
    of ``by_seat`` (too alike to another at the table) mean ``BY_SEAT``:
    heard, they ask for the seat number."""
    candidates: dict[str, set[Meaning]] = {}
    alike = set(by_seat)
    for player in alike:
        if player in options and vocab.name(player):
            candidates.setdefault(vocab.name(player), set()).add(BY_SEAT)
    for player in options:
        meaning = Meaning("player", player)
        said = [] if player in alike else [vocab.name(player)]
        seat = seats.get(player)
        if seat is not None and 1 <= seat <= MAX_SEAT:
            for word in vocab.seat(seat):
                said += vocab.forms("seat_forms", word) if carriers else [word]
        for target in said:
            if target:
                candidates.setdefault(target, set()).add(meaning)
    targets = {p: next(iter(m)) for p, m in candidates.items() if len(m) == 1}
    whole = {p: NOBODY for p in vocab.words("nobody") if carriers or " " not in p} if allow_none else {}
    whole = {p: m for p, m in whole.items() if p not in candidates}
    before, after = vocab.carriers("vote_forms") if carriers else (("",), ("",))
    return Grammar(whole, targets, before, after, dict(vocab.spelling))


def yes_no_grammar(vocab: Vocabulary, carriers: bool = True) -> Grammar:
    phrases: dict[str, Meaning] = {}
    for key, meaning in (("yes", YES), ("no", NO)):
        for phrase in vocab.words(key):
            if carriers or " " not in phrase:
                phrases[phrase] = meaning
    return Grammar(phrases, spelling=dict(vocab.spelling), contest=True)
