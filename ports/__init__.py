"""The ports between the moderator and the table (below both ``narrator`` and ``hardware``).

The moderator (``narrator.moderator``) turns each engine request into one or
more *questions* put to players through an :class:`Input`, and delivers private
information through a :class:`PrivateChannel`. Kits (laptop, minimal box, full
box, Maneschijn) and bots plug in here; nothing above this module knows which
devices exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

QuestionKind = Literal["pick", "yes_no", "text"]
#: the ask of a question that is no engine's: a turn of fixed shape with
#: nothing to choose (the forum's day round); its answer is not used
WAIT = "wait"


@dataclass(frozen=True)
class Question:
    """One thing one player (or one group, the werewolves) must answer.

    ``pick``: choose ``count`` of ``options`` (players' names, or role ids for
    the thief's middle cards), or nothing when ``allow_none``.
    ``yes_no``: answer yes or no (the witch's potion of life).
    ``text``: a short line of free text, typed privately (the talking wall);
    the answer is ``(line,)``, or ``()`` for none.
    ``secret`` questions are night questions: they must be answered silently
    (buttons, tokens, the laptop passed round) and never by voice.
    ``prompt`` is a voices key (with ``params``) for a screen or console.
    """

    kind: QuestionKind
    ask: str                       # the engine ask this belongs to ("seer", "vote" ...)
    seats: tuple[str, ...]         # who answers (names); several = together
    options: tuple[str, ...] = ()
    count: int = 1
    #: False: any number up to ``count`` (the scapegoat names tomorrow's voters)
    exact: bool = True
    allow_none: bool = False
    secret: bool = False
    prompt: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    timeout_s: float = 60.0
    #: answers taken though never shown, each typed (or said) as the line
    #: ``word.<answer>`` (the black death's declaration: a menu listing it
    #: would tell the table what game this is)
    hidden: tuple[str, ...] = ()
    #: the pack key that names an option (``"role_bare.{}"``, an amount's
    #: ``"gambler.amount.{}"``); "" players by name, role ids by their names
    label: str = ""
    #: which part of the ask's form this is (``engine.forms``): its key, and
    #: for a part asked for each item of an earlier answer, that item
    part: str = ""
    item: str = ""


#: What an input returns: the chosen options (a tuple, possibly empty for
#: "nobody"), True/False for yes_no, or None when nobody answered in time.
Answer = tuple[str, ...] | bool | None


class Input(Protocol):
    def ask(self, question: Question) -> Answer:
        """Put the question and wait (at most ``question.timeout_s``)."""
        ...

    # Inputs that gather one question's answers from everyone at once (the
    # talking wall on the phones, narrator/wall.py) also offer
    #   gathers(question) -> bool
    # and the moderator then calls nobody by name for it.


class PrivateChannel(Protocol):
    """Delivers information to some seats only (display, tap, laptop screen)."""

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        """Show the line ``key`` to ``seats`` alone, then hide it.

        ``sleeper``: the engine's mark for news to players who are asleep when
        it comes (the lovers, the charmed). The channel decides what that
        means: a laptop keeps the line for its morning round. (A box gives
        sleepers' news in ``tap_round`` instead.)"""
        ...

    # Channels that can wake sleepers also offer
    #   tap_round(lines: dict[name, (key, params)]) -> None
    # one round of fixed shape (the same length and sound whoever it is for,
    # and with nobody in it); the moderator holds one for every called step
    # that can tap, and falls back to ``show`` where a channel has none.


class Speaker(Protocol):
    """The voice of the box (``narrator.voice`` implements it)."""

    def say(self, text: str) -> None:
        """Speak a line; returns when it has been spoken (at once when fast)."""
        ...

    def silence(self, seconds: float) -> None:
        """A pause of exactly this length in what the table hears."""
        ...

    def cue(self, name: str) -> None:
        """A short sound: night, dawn, vote, shot (may be switched off)."""
        ...

    def prefetch(self, lines: list[str]) -> None:
        """Render lines ahead so they start at once when due."""
        ...

    def repeat_last(self) -> None: ...

    def louder(self) -> None: ...

    def softer(self) -> None: ...

    def close(self) -> None: ...


class Controls(Protocol):
    """The table's buttons and keys outside questions: next, repeat, pause,
    louder, softer, undo."""

    def poll(self) -> list[str]:
        """Commands given since the last poll (never blocks)."""
        ...


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...
