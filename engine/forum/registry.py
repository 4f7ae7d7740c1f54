"""Where the forum edition's roles register themselves.

A forum role is one module (``engine/forum/roles/<id>.py``) that calls
:func:`role` with its card: its side and kind (a card, or an extra role
dealt beside one), whether it is a werewolf, the board it sits on, its
night steps (each with its place in the spoken night), its day actions,
its asks (answer check, bot policy, question form) and its hooks
(:class:`ForumRules`). The board game's registry (``engine.registry``) is
not touched: a role of the same id (seer, witch, hunter, cupid, werewolf,
villager) is the forum's own module here, with the forum's own text.
Every table of the edition (the night order, the asks, the day menu, the
``roles`` listing) is derived from what registered here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import SetupError
from engine.forms import check_form
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side, Winner

if TYPE_CHECKING:
    from engine.forum.fold import Act, Fold
    from engine.forum.state import ForumState
    from engine.messages import Request
    from engine.state import Death

Flow = Any  # Generator[Request, Any, Any]: a hook that may ask
WinCheck = Callable[["ForumState"], "tuple[Winner, tuple[str, ...]] | None"]


@dataclass(frozen=True, slots=True)
class ForumStep:
    """One call of the spoken night: the role (or board) woken, what it is
    asked, and how its answer becomes actions of the night (``apply``
    records them; they resolve later in the fold, ``engine.forum.fold``)."""

    name: str
    #: place in the spoken night
    order: int
    #: the card or extra role that makes it called (when it is in the deck)
    role: Role | None = None
    #: called in every forum game (the mayor's own call)
    always: bool = False
    #: which nights it is called (None: every night); by the night's number
    nights: Callable[[int], bool] | None = None
    #: the request of the holder asked now; None: called but pretended
    request: Callable[[ForumState], Request | None] | None = None
    apply: Callable[[ForumState, Any], None] | None = None
    #: wakes players without a question (a board learns who sits on it)
    inform: Callable[[ForumState], None] | None = None
    ask: Ask | None = None
    #: asks again while ``request`` builds one (several holders in turn)
    again: bool = False

    def called(self, s: ForumState) -> bool:
        if self.nights is not None and not self.nights(s.night):
            return False
        return self.always or (self.role is not None and self.role in s.deck)


@dataclass(frozen=True, slots=True)
class DayAction:
    """An action a player may take in the day's round (``engine.forum.day``):
    secret (told only to him) or public (the box announces it with his
    name after the round). ``available`` says who may take it today;
    ``apply`` carries it out, ``answer`` being the part of his turn's
    answer under the action's id (checked by ``check``)."""

    id: str
    #: the form part that asks it (its key is the action's id)
    part: Any
    available: Callable[[ForumState, str], bool]
    check: Callable[[ForumState, str, Any], Any]
    apply: Callable[[ForumState, str, Any], Flow]
    decide: Callable[[Any, str], Any]
    public: bool = False
    #: the choices of its part, for one player (None: the living)
    options: Callable[[ForumState, str], tuple[str, ...]] | None = None


class ForumRules:
    """No-op hooks of the forum edition; a role overrides what it changes.
    Hooks run in ``order``."""

    id: str = ""
    order: int = 50

    def begin(self, s: ForumState) -> None:
        """The game starts."""

    def seen_role(self, s: ForumState, kind: str, target: str, shown: Role) -> Role:
        """The role a looker of ``kind`` (``seer``, ``shaman``, ``fool``) is shown."""
        return shown

    def seen_side(self, s: ForumState, target: str, shown: Side) -> Side:
        """The alliance the clairvoyant is shown."""
        return shown

    def seen_qualifier(self, s: ForumState, kind: str, target: str, shown: Role) -> str | None:
        """A word a looker sees with the role ``shown`` ("Zienende rollen
        zullen deze speler ook als Valse <Rol> zien"); None: none."""
        return None

    def taken_for(self, s: ForumState, card: Role, shown: Role) -> Role:
        """The role other roles treat ``card`` as ("Wordt door andere rollen
        behandeld als een weerwolf": the lycanthrope), where no looker is
        asked (the holy water, a count, a switch)."""
        return shown

    def win_together(self, s: ForumState, names: tuple[str, ...], verdict: bool) -> bool:
        """Whether the roles of ``names`` could win together (the oracle's
        question), where a rule says otherwise (a corpse and its gravedigger)."""
        return verdict

    def vote_weight(self, s: ForumState, voter: str, target: str, weight: int) -> int:
        """How often ``voter``'s vote on ``target`` counts at the lynch."""
        return weight

    def immune(self, s: ForumState, name: str, cause: str, by: tuple[str, ...]) -> bool:
        """``name`` cannot be killed by ``by`` (who acts, when known): the
        corpse "kan niet door [de weerwolven] vermoord worden, en ook niet
        door hun hulpjes". Nothing is used up (``spares`` is)."""
        return False

    def spares(self, s: ForumState, name: str, cause: str) -> bool:
        """``name`` does not die of ``cause`` (the gambler's life insurance)."""
        return False

    def dying(self, s: ForumState, name: str, cause: Cause, fold: Fold | None) -> Flow:
        """Just before ``name`` dies (the hunter shoots first): True when
        the game ends before he dies."""
        return False
        yield  # pragma: no cover

    def rises(self, s: ForumState, name: str, cause: Cause, fold: Fold | None) -> bool:
        """``name`` would die now (his last act done: the hunter shot) but
        does not: a rule turns the death into something else (the
        gravedigger's corpse). He is not dead; nothing is announced."""
        return False

    def refuses(self, s: ForumState, name: str, change: str) -> bool:
        """A role change of kind ``change`` cannot be made on ``name``:
        ``"convert"`` (the conversion wolf, the omega wolf: "kunnen niet
        geconverteerd worden"), ``"switch"`` (the switcher: "kan niet
        wisselen met zielsverwanten"), ``"shuffle"`` (the ringleader: "De
        Grafrover kan niet meegenomen worden in de rollenruil")."""
        return False

    def reveals(self, s: ForumState, name: str) -> dict[str, Any] | None:
        """What is announced of a dead player's card, where a rule says
        otherwise ("dronken ziener"); None: no opinion."""
        return None

    def won(self, s: ForumState, winner: Winner, names: tuple[str, ...]) -> tuple[str, ...]:
        """Who shares the win (the hunter who shot a good player does not)."""
        return names

    def on_death(self, s: ForumState, death: Death, fold: Fold | None) -> None:
        """Bookkeeping the moment a player dies (``fold``: at night)."""

    def after_death(self, s: ForumState, death: Death) -> Flow:
        """What a death sets off that may ask (a day's death, or after dawn)."""
        return False
        yield  # pragma: no cover

    def lynch(self, s: ForumState, name: str) -> Flow:
        """The village lynches ``name``: True when it handled it (he lives)."""
        return False
        yield  # pragma: no cover

    def day_target(self, s: ForumState, actor: str, target: str) -> str:
        """Who a day action of ``actor`` aimed at ``target`` reaches (the
        skin changer's day after his swap; a drunk's random player)."""
        return target

    def harmless(self, s: ForumState, actor: str) -> bool:
        """``actor`` "kan nooit iemand vermoorden" (the drunk) by day."""
        return False

    def fold_begins(self, s: ForumState, fold: Fold) -> None:
        """Tonight's fold starts (a drunk's acts go astray: a meddler)."""

    def resolved(self, s: ForumState, fold: Fold, act: Act) -> None:
        """``act`` has just resolved in the fold (a look that kills the
        werehamster)."""

    def loses_card(self, s: ForumState, name: str, how: str, fold: Fold | None) -> None:
        """``name``'s card is about to be taken from him other than by his
        death (``how``: "converted", "corpse", "burnt"): the false angel
        watching him takes it first. Called by the role that takes it
        (``helpers.lose_card``)."""

    def night_ends(self, s: ForumState, fold: Fold) -> None:
        """The fold of the night is over, before dawn (growth, grief)."""

    def first_day(self, s: ForumState) -> Flow:
        """The first day, after its round (the mayor's election)."""
        return False
        yield  # pragma: no cover

    def tie(self, s: ForumState, tied: tuple[str, ...], ballot: dict[str, str | None]) -> Flow:
        """A tied lynch: the name it breaks to, or None (no opinion)."""
        return None
        yield  # pragma: no cover

    def recast(self, s: ForumState, voter: str, ballot: dict[str, str | None]) -> Flow:
        """After the ballot, in ``voter``'s private turn of the ballot's
        round (held in every ballot of a game whose deck has a role that
        overrides this: the liar wolf): his vote as it now counts, or
        None (no change). It may ask him (secretly)."""
        return None
        yield  # pragma: no cover

    def wins(self) -> Iterable[tuple[int, WinCheck]]:
        """Win checks with their rank (lower first)."""
        return ()


_HOOKS = ("begin", "seen_role", "seen_side", "seen_qualifier", "taken_for", "win_together",
          "vote_weight", "immune", "spares", "dying", "rises", "refuses", "reveals", "won", "on_death",
          "after_death", "lynch", "day_target", "harmless", "fold_begins", "resolved", "loses_card",
          "night_ends", "first_day", "tie", "recast")


class ForumRuleSet:
    """The hooks of one game's roles, per hook only those that override it."""

    def __init__(self, rules: Iterable[ForumRules]) -> None:
        self.rules = tuple(sorted(rules, key=lambda r: r.order))
        for hook in _HOOKS:
            base = getattr(ForumRules, hook)
            setattr(self, hook, tuple(getattr(r, hook) for r in self.rules
                                      if getattr(type(r), hook) is not base))
        checks = [(rank, fn) for r in self.rules for rank, fn in r.wins()]
        self.win_checks: tuple[WinCheck, ...] = tuple(fn for _, fn in sorted(checks, key=lambda c: c[0]))

    begin: tuple[Callable[[ForumState], None], ...]
    seen_role: tuple[Callable[[ForumState, str, str, Role], Role], ...]
    seen_side: tuple[Callable[[ForumState, str, Side], Side], ...]
    seen_qualifier: tuple[Callable[[ForumState, str, str, Role], str | None], ...]
    taken_for: tuple[Callable[[ForumState, Role, Role], Role], ...]
    win_together: tuple[Callable[[ForumState, tuple[str, ...], bool], bool], ...]
    vote_weight: tuple[Callable[[ForumState, str, str, int], int], ...]
    immune: tuple[Callable[[ForumState, str, str, tuple[str, ...]], bool], ...]
    spares: tuple[Callable[[ForumState, str, str], bool], ...]
    dying: tuple[Callable[[ForumState, str, Cause, Fold | None], Flow], ...]
    rises: tuple[Callable[[ForumState, str, Cause, Fold | None], bool], ...]
    refuses: tuple[Callable[[ForumState, str, str], bool], ...]
    reveals: tuple[Callable[[ForumState, str], dict[str, Any] | None], ...]
    won: tuple[Callable[[ForumState, Winner, tuple[str, ...]], tuple[str, ...]], ...]
    on_death: tuple[Callable[[ForumState, Death, Fold | None], None], ...]
    after_death: tuple[Callable[[ForumState, Death], Flow], ...]
    lynch: tuple[Callable[[ForumState, str], Flow], ...]
    day_target: tuple[Callable[[ForumState, str, str], str], ...]
    harmless: tuple[Callable[[ForumState, str], bool], ...]
    fold_begins: tuple[Callable[[ForumState, Fold], None], ...]
    resolved: tuple[Callable[[ForumState, Fold, Act], None], ...]
    loses_card: tuple[Callable[[ForumState, str, str, Fold | None], None], ...]
    night_ends: tuple[Callable[[ForumState, Fold], None], ...]
    first_day: tuple[Callable[[ForumState], Flow], ...]
    tie: tuple[Callable[[ForumState, tuple[str, ...], dict[str, str | None]], Flow], ...]
    recast: tuple[Callable[[ForumState, str, dict[str, str | None]], Flow], ...]


@dataclass(frozen=True, slots=True)
class ForumRole:
    """A role of seed 004 and everything it brings to a game."""

    id: Role
    #: the side its text gives it (an extra role: None)
    side: Side | None
    #: "role" (a card) or "extra" (dealt beside a card, never seen in visions)
    kind: str = "role"
    #: a werewolf: wakes with the pack, may place the lunch, counts for the wins
    wolf: bool = False
    #: the board it sits on from the start ("wolves", "nobles", ...)
    board: str = ""
    #: it has an action (a drunk's card must: "met een actie")
    acts: bool = False
    #: arises in play and is never dealt (the mayor, a lover)
    dealt: bool = True
    #: its holder is told he has it (not the drunk)
    told: bool = True
    steps: tuple[ForumStep, ...] = ()
    day_actions: tuple[DayAction, ...] = ()
    asks: tuple[AskSpec, ...] = ()
    rules: ForumRules | None = None
    #: what may carry this extra role (None: anyone): the noble "een goede
    #: rol", the drunk "een goede rol (met een actie)"
    carries: Callable[[ForumRole], bool] | None = None
    #: an extra role dealt to exactly this many players (0: any number): the
    #: blood brothers and the soulmates, "Twee spelers die ... zijn"
    group: int = 0
    #: whether the card's action is used up, for ``name`` who holds it now
    #: (None: never): the pyromaniac burns who has "een actie ... die is
    #: opgebruikt", the ringleader tells "of de rol is ingezet"
    spent: Callable[[ForumState, str], bool] | None = None
    #: a neutral who chooses his side by the third night (the grave robber
    #: takes his from the grave he robs instead)
    chooses_side: bool = True


FORUM_ROLES: dict[Role, ForumRole] = {}
FORUM_ASKS: dict[Ask, AskSpec] = {}
#: rules of every forum game (the lynch's ties, the helpers' fate, the wins)
FORUM_BASE: list[ForumRules] = []
#: steps and asks of the edition itself (the mayor, the side a neutral chooses)
FORUM_STEPS: list[ForumStep] = []
_ordered: list[tuple[ForumStep, ...]] = []


def role(card: ForumRole) -> ForumRole:
    """Register a forum role's card (once)."""
    if card.id in FORUM_ROLES:
        raise RuntimeError(f"forum role {card.id} registered twice")
    FORUM_ROLES[card.id] = card
    for spec in card.asks:
        ask(spec)
    _ordered.clear()
    return card


def ask(spec: AskSpec) -> AskSpec:
    if spec.ask in FORUM_ASKS:
        raise RuntimeError(f"forum ask {spec.ask} registered twice")
    FORUM_ASKS[spec.ask] = spec
    return spec


def base_rules(rules: ForumRules) -> ForumRules:
    FORUM_BASE.append(rules)
    return rules


def steps(*extra: ForumStep) -> None:
    FORUM_STEPS.extend(extra)
    _ordered.clear()


def all_steps() -> tuple[ForumStep, ...]:
    """Every step of the spoken night, in order."""
    if not _ordered:
        found = [st for c in FORUM_ROLES.values() for st in c.steps] + FORUM_STEPS
        _ordered.append(tuple(sorted(found, key=lambda st: st.order)))
    return _ordered[0]


def day_actions() -> tuple[DayAction, ...]:
    return tuple(a for c in FORUM_ROLES.values() for a in c.day_actions)


def spec(a: Ask) -> AskSpec:
    return FORUM_ASKS[a]


def parse_forum_role(value: object, *, extra: bool = False) -> Role:
    """A forum role id (a card, or with ``extra`` an extra role); SetupError
    naming it when the edition has no such playable role."""
    try:
        found: Role | None = Role(str(value))
    except ValueError:
        found = None
    card = FORUM_ROLES.get(found) if found is not None else None
    kind = "extra" if extra else "role"
    if card is None or card.kind != kind:
        known = ", ".join(r.value for r, c in FORUM_ROLES.items() if c.kind == kind)
        raise SetupError(f"unknown forum {'extra role' if extra else 'role'} {value!r} "
                         f"(playable: {known})", "refusal.forum_unknown_role", id=str(value), known=known)
    return card.id


def check_complete(prompts: dict[str, str] | None = None) -> list[str]:
    """What is missing in the forum registry (an empty list: nothing)."""
    problems: list[str] = []
    names = [st.name for st in all_steps()]
    problems += [f"forum step {n!r} is registered twice" for n in set(names) if names.count(n) > 1]
    for st in all_steps():
        if st.ask is not None and st.ask not in FORUM_ASKS:
            problems.append(f"forum step {st.name}: ask {st.ask} has no spec")
    for a in day_actions():
        if a.part.key != a.id:
            problems.append(f"day action {a.id}: its part's key is {a.part.key!r}")
    for sp in FORUM_ASKS.values():
        problems += check_form(sp.shape)
        if prompts is not None:
            keys = {part.prompt or sp.prompt_key for part in sp.shape.parts}
            problems += [f"forum ask {sp.ask}: no line {k}" for k in sorted(keys) if k not in prompts]
    return problems
