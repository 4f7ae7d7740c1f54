"""What the engine says to the moderator: requests and events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.forms import Form
from engine.registry import ASKS, AskSpec
from engine.vocab import Ask


@dataclass(slots=True, init=False)
class Request:
    """Who must decide what now, with the legal choices.

    ``actors`` answer (for ballots: every voter). ``choices`` are the names (or,
    for the thief, role ids) that may be given; ``count`` how many (cupid and
    the piper give two). ``info`` is what the actors are owed privately before
    they answer (the witch: the werewolves' victim; the thief: the middle
    cards). ``default`` is the answer when nobody answers in time (seed 001:
    "De spelleider wacht niet eindeloos").

    Read-only by convention (a changed request is a copy:
    ``dataclasses.replace``). Not frozen: a game builds one a decision, and a
    frozen dataclass costs several times more to build. Its ``__init__`` is
    written out: the compiled engine compiles it, where a dataclass's own
    is made at run time and interpreted.
    """

    ask: Ask
    actors: tuple[str, ...]
    choices: tuple[str, ...]
    when: str
    count: int
    allow_none: bool
    info: Mapping[str, Any]
    default: Any
    #: the table discusses before this is asked (the day's vote, the
    #: election; not a second vote held at once)
    discussion: bool
    #: the ask's spec where the game's edition has its own (the forum's
    #: seer is not the board game's); None: the board game's (``ASKS``)
    own_spec: AskSpec | None

    def __init__(self, ask: Ask, actors: tuple[str, ...], choices: tuple[str, ...], when: str,
                 count: int = 1, allow_none: bool = True, info: Mapping[str, Any] | None = None,
                 default: Any = None, discussion: bool = False,
                 own_spec: AskSpec | None = None) -> None:
        self.ask = ask
        self.actors = actors
        self.choices = choices
        self.when = when
        self.count = count
        self.allow_none = allow_none
        self.info = {} if info is None else info
        self.default = default
        self.discussion = discussion
        self.own_spec = own_spec

    @property
    def spec(self) -> AskSpec:
        """How this ask is checked, answered by bots and put to people."""
        spec = self.own_spec
        return ASKS[self.ask] if spec is None else spec

    @property
    def secret(self) -> bool:
        """A night ask: put silently, never by voice."""
        return self.spec.secret

    @property
    def ballot(self) -> bool:
        """Answered by every voter at once (``{voter: name}``)."""
        return self.spec.ballot

    @property
    def form(self) -> Form:
        """How the question is put (``engine.forms``)."""
        return self.spec.shape

    @property
    def prompt_key(self) -> str:
        return self.spec.prompt_key


class Event(NamedTuple):
    """Something that happened. ``to`` is None for public events, else the
    names that alone may learn it. ``kind`` doubles as the language key
    (``announce.<kind>``); ``cue`` events are narration cues (a role is called
    or sent back to sleep), public by nature and never announcements.
    (A named tuple: the engine makes tens of them a game, and fast.)"""

    kind: str
    data: Mapping[str, Any]
    to: frozenset[str] | None = None
    cue: bool = False
    #: for players who are asleep when it happens (the lovers, the charmed):
    #: a box wakes them with a tap, a laptop keeps it for the morning round
    sleeper: bool = False

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, name: str) -> bool:
        return self.to is None or name in self.to
