"""Hooks: how roles, variants and cards change the game without editing it.

The base game is the set of rules of the roles in the deck plus the base
rules (the mayor, the village's vote, the base wins). A variant or an event
card is one more :class:`Rules` object that overrides the hooks it needs —
python-chess's variant boards are the model: legal targets, what a bite does,
what the seer sees, what follows an elimination, the ordered win checks,
extra steps. Rules run in their ``order``; a hook a rule does not override
costs nothing (:class:`RuleSet` keeps, per hook, only the rules that have it).

Flow hooks are generators: they may ask (``yield`` a request) and return
whether they *handled* the moment (``True``: the usual course is skipped).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.vocab import Ask, Cause, Role, Winner

if TYPE_CHECKING:
    from engine.messages import Request
    from engine.night import NightStep
    from engine.state import Death, State

#: returns whether the hook handled the moment (``tie`` may return the name
#: of whoever it eliminated)
Flow = Generator["Request", Any, Any]
WinCheck = Callable[["State"], Winner | None]


@dataclass(slots=True, init=False)
class Intent:
    """A night choice, recorded as it is made and folded at dawn.

    ``cause`` set: the intent harms (a bite, a poison), the target dies of it
    unless something spares him. ``against`` set: it protects the target from
    harms of those causes (the healer, the witch's potion of life, the
    guardian angel). ``by`` is the role (or step) that chose it.
    Read-only by convention, like ``Request`` (not frozen, ``__init__``
    written out: cheaper to build).
    """

    kind: str
    by: str
    target: str
    cause: Cause | None
    against: frozenset[Cause]

    def __init__(self, kind: str, by: str, target: str, cause: Cause | None = None,
                 against: frozenset[Cause] = frozenset()) -> None:
        self.kind = kind
        self.by = by
        self.target = target
        self.cause = cause
        self.against = against


#: what a protection against the werewolves' bite holds off (made once:
#: the healer protects every night)
AGAINST_BITES = frozenset({Cause.WEREWOLVES})


class Rules:
    """No-op hooks; subclasses override what they change."""

    #: the id a variant or card is found by; a role's rules use the role id
    id: str = ""
    #: the order hooks run in (after a death: hunter 10, scapegoat 20,
    #: mayor 30, lovers 40; variants and cards usually later)
    order: int = 50
    #: ids of the rules this one takes out of the game (the game for
    #: beginners plays without the hunter's shot and the lovers' grief), or
    #: ``"<id>.<hook>"`` for one hook of a rule
    drops: frozenset[str] = frozenset()

    def begin(self, s: State) -> None:
        """The game starts (a variant sets up its own state)."""

    # -- the night ---------------------------------------------------------------
    def called(self, s: State, step: NightStep) -> bool | None:
        """Whether ``step`` is called tonight; None: no opinion."""
        return None

    def tells_at_dawn(self, s: State) -> bool:
        """Whether this dawn may bring private news outside any night call
        (an infection, the elder's lost powers). Decided on what the table
        knows (the deck, the rules in play), never on what happened: every
        such dawn then holds one round of private news, news or none."""
        return False

    def request(self, s: State, step: NightStep, req: Request | None) -> Request | None:
        """The request a night step puts (None: it does not act). A variant
        asks in another way (candles), or asks someone else (the black death)."""
        return req

    def choices(self, s: State, ask: Ask, actors: tuple[str, ...],
                choices: tuple[str, ...]) -> tuple[str, ...]:
        """The legal targets of ``ask`` (a variant narrows them)."""
        return choices

    def refusal(self, s: State, ask: Ask, actors: tuple[str, ...], target: str) -> str | None:
        """The rule (a pack key ``rule.<rule>``) that took ``target`` out of
        ``ask``'s choices, when this rule's ``choices`` did: a refusal names
        the rule that refused (the harvest festival's neighbours)."""
        return None

    def recorded(self, s: State, intent: Intent) -> None:
        """An intent was recorded (the elder counts the werewolves' choices)."""

    def spares(self, s: State, harm: Intent) -> bool:
        """Dawn: ``harm`` does not kill its target (the elder's first bite)."""
        return False

    def instead_of_death(self, s: State, harm: Intent) -> bool:
        """Dawn: ``harm`` has another effect than death (an infection)."""
        return False

    def vision(self, s: State, seer: str, target: str) -> bool:
        """The seer looks at ``target``: True when this rule tells her what
        she sees (the usual card is then not shown)."""
        return False

    def seen(self, s: State, target: str, shown: Role) -> Role:
        """The card the seer is shown for ``target``."""
        return shown

    def morning(self, s: State) -> Flow:
        """After dawn's news, before the day (the Full Moon's card)."""
        return False
        yield  # pragma: no cover - makes this a generator

    def span_end(self, s: State, moment: str) -> None:
        """A moment of the game is over (``vote``, ``night``, ``day``): a
        rule that holds for a span drops what it ends (the Full Moon's cards)."""

    def dusk(self, s: State) -> Flow:
        """The day is over and the game goes on: before the night falls
        (the talking wall)."""
        return False
        yield  # pragma: no cover

    # -- deaths -----------------------------------------------------------------
    def reveals(self, s: State, death: Death) -> bool:
        """Whether the dead player's card is shown (a card may bury it)."""
        return True

    def on_death(self, s: State, death: Death) -> None:
        """Bookkeeping the moment a player dies (before anything is asked)."""

    def after_death(self, s: State, death: Death) -> Flow:
        """What a death sets off (a shot, a successor, a lover's grief)."""
        return False
        yield  # pragma: no cover

    # -- the day ----------------------------------------------------------------
    def voters(self, s: State, who: tuple[str, ...]) -> tuple[str, ...]:
        return who

    def candidates(self, s: State, names: tuple[str, ...]) -> tuple[str, ...]:
        return names

    def weights(self, s: State, weights: dict[str, int]) -> None:
        """Votes that count more than once: set ``weights[voter]`` (the
        mayor's counts twice); a voter not in it counts once."""

    def vote(self, s: State) -> Flow:
        """Replace the day's vote (True: handled)."""
        return False
        yield  # pragma: no cover

    def tie(self, s: State, tied: tuple[str, ...]) -> Flow:
        """A tied vote (True: handled, e.g. the scapegoat dies)."""
        return False
        yield  # pragma: no cover

    def eliminate(self, s: State, name: str) -> Flow:
        """The village eliminates ``name`` (True: handled, he does not die)."""
        return False
        yield  # pragma: no cover

    def bound(self, s: State) -> frozenset[str]:
        """The voters ``check_vote`` may refuse something (the lovers): the
        others need no check when a bot draws its vote."""
        return frozenset()

    def check_vote(self, s: State, ask: Ask, voter: str, target: str) -> None:
        """Raise ``IllegalAnswer`` when ``voter`` may not name ``target``
        (a lover against his lover)."""

    def after_vote(self, s: State, eliminated: str | None) -> Flow:
        """After the day's elimination (or none): a second vote, ..."""
        return False
        yield  # pragma: no cover

    # -- the end ----------------------------------------------------------------
    def won(self, s: State, winner: Winner) -> None:
        """The game is won (an ally of the werewolves shares their win)."""

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        """Win checks with their rank (rulebook order: nobody 0, pied piper
        10, lovers 20, village 30, werewolves 40)."""
        return ()


_HOOKS = ("begin", "called", "tells_at_dawn", "request", "choices", "refusal", "recorded", "spares", "instead_of_death", "vision", "seen", "morning", "span_end", "dusk",
          "reveals", "on_death", "after_death", "voters", "candidates", "weights", "vote", "tie",
          "eliminate", "bound", "check_vote", "after_vote", "won")


_NOBODY: frozenset[str] = frozenset()


class RuleSet:
    """The rules of one game, and per hook the bound methods that matter."""

    def __init__(self, rules: Iterable[Rules]) -> None:
        rules = list(rules)
        # A rule may take out another rule ("hunter") or one of its hooks
        # ("scapegoat.tie": the harvest festival's scapegoat dies otherwise).
        dropped = {d for r in rules for d in r.drops}
        self.rules: tuple[Rules, ...] = tuple(sorted((r for r in rules if r.id not in dropped),
                                                     key=lambda r: r.order))
        self.ids = frozenset(r.id for r in self.rules)
        for hook in _HOOKS:
            base = getattr(Rules, hook)
            setattr(self, hook, tuple(getattr(r, hook) for r in self.rules
                                      if getattr(type(r), hook) is not base
                                      and f"{r.id}.{hook}" not in dropped))
        checks = [(rank, fn) for r in self.rules for rank, fn in r.wins()]
        self.win_checks: tuple[WinCheck, ...] = tuple(fn for _, fn in sorted(checks, key=lambda c: c[0]))
        #: the night's steps by (deck, first night), when no rule has a say
        #: in which are called (``engine.night.tonight``)
        self.nights: dict[tuple[frozenset[Role], bool],
                          tuple[tuple[NightStep, ...], tuple[NightStep, ...]]] = {}

    def bound_voters(self, s: State) -> frozenset[str]:
        """The voters ``check_vote`` may refuse a target (the lovers)."""
        hooks = self.bound
        if not hooks:
            return _NOBODY
        if len(hooks) == 1:
            return hooks[0](s)
        return frozenset().union(*(hook(s) for hook in hooks))

    # Typed views of the per-hook tuples set above.
    begin: tuple[Callable[[State], None], ...]
    called: tuple[Callable[[State, NightStep], bool | None], ...]
    tells_at_dawn: tuple[Callable[[State], bool], ...]
    request: tuple[Callable[[State, NightStep, Request | None], Request | None], ...]
    choices: tuple[Callable[[State, Ask, tuple[str, ...], tuple[str, ...]], tuple[str, ...]], ...]
    refusal: tuple[Callable[[State, Ask, tuple[str, ...], str], str | None], ...]
    recorded: tuple[Callable[[State, Intent], None], ...]
    spares: tuple[Callable[[State, Intent], bool], ...]
    instead_of_death: tuple[Callable[[State, Intent], bool], ...]
    vision: tuple[Callable[[State, str, str], bool], ...]
    seen: tuple[Callable[[State, str, Role], Role], ...]
    morning: tuple[Callable[[State], Flow], ...]
    span_end: tuple[Callable[[State, str], None], ...]
    dusk: tuple[Callable[[State], Flow], ...]
    reveals: tuple[Callable[[State, Death], bool], ...]
    on_death: tuple[Callable[[State, Death], None], ...]
    after_death: tuple[Callable[[State, Death], Flow], ...]
    voters: tuple[Callable[[State, tuple[str, ...]], tuple[str, ...]], ...]
    candidates: tuple[Callable[[State, tuple[str, ...]], tuple[str, ...]], ...]
    weights: tuple[Callable[[State, dict[str, int]], None], ...]
    vote: tuple[Callable[[State], Flow], ...]
    tie: tuple[Callable[[State, tuple[str, ...]], Flow], ...]
    eliminate: tuple[Callable[[State, str], Flow], ...]
    bound: tuple[Callable[[State], frozenset[str]], ...]
    check_vote: tuple[Callable[[State, Ask, str, str], None], ...]
    after_vote: tuple[Callable[[State, str | None], Flow], ...]
    won: tuple[Callable[[State, Winner], None], ...]


@lru_cache(maxsize=256)
def rule_set(rules: tuple[Rules, ...]) -> RuleSet:
    """The RuleSet of these rules (games of one deck share one)."""
    return RuleSet(rules)
