"""The small interfaces between the moderator and the table.

The moderator (``narrator.moderator``) turns each engine request into one or
more *questions* put to players through an :class:`Input`, and delivers private
information through a :class:`PrivateChannel`. Kits (laptop, minimal box, full
box, Maneschijn) and bots plug in here; nothing above this module knows which
devices exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

QuestionKind = Literal["pick", "yes_no"]


@dataclass(frozen=True)
class Question:
    """One thing one player (or one group, the werewolves) must answer.

    ``pick``: choose ``count`` of ``options`` (players' names, or role ids for
    the thief's middle cards), or nothing when ``allow_none``.
    ``yes_no``: answer yes or no (the witch's potion of life).
    ``secret`` questions are night questions: they must be answered silently
    (buttons, tokens, the laptop passed round) and never by voice.
    ``prompt`` is a voices key (with ``params``) for a screen or console.
    """

    kind: QuestionKind
    ask: str                       # the engine ask this belongs to ("seer", "vote" ...)
    seats: tuple[str, ...]         # who answers (names); several = together
    options: tuple[str, ...] = ()
    count: int = 1
    allow_none: bool = False
    secret: bool = False
    prompt: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    timeout_s: float = 60.0


#: What an input returns: the chosen options (a tuple, possibly empty for
#: "nobody"), True/False for yes_no, or None when nobody answered in time.
Answer = tuple[str, ...] | bool | None


class Input(Protocol):
    def ask(self, question: Question) -> Answer:
        """Put the question and wait (at most ``question.timeout_s``)."""
        ...


class PrivateChannel(Protocol):
    """Delivers information to some seats only (display, tap, laptop screen)."""

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any]) -> None:
        """Show the line ``key`` to ``seats`` alone, then hide it."""
        ...

    def tap(self, seats: tuple[str, ...]) -> None:
        """Wake ``seats`` silently (lovers, the charmed): on pod kits every seat
        buzzes and only these feel the 'you' pattern."""
        ...
