"""Where roles, asks, variants and cards register themselves.

Each role module (``engine/roles/<id>.py``) calls :func:`role` with its card,
its night steps, its asks (each with its answer check, its bot policy and the
form of its question) and its rules (hooks). Every table the rest of the
program needs — the night order, the secret asks, the checks, the prompts, the
bots' policies, the role list of the hardware and the packs — is *derived*
from what registered here, never kept by hand; :func:`check_complete` proves
at start-up (and in a test) that nothing is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import SetupError
from engine.forms import NAMED, Form, check_form
from engine.vocab import Ask, Role, Team

if TYPE_CHECKING:
    from engine.night import NightStep
    from engine.rules import Rules

#: an ask's answer check and its bot policy; the state and the context are
#: the edition's own (``State`` and ``BotContext`` for the board game, the
#: forum edition's in ``engine.forum``)
Check = Callable[[Any, Any, Any], Any]
Decide = Callable[[Any], Any]

#: The forms an ask may name (``engine.forms``): ``pick`` one of the
#: choices, ``pick_many`` exactly ``count``, ``subset`` any number (the
#: scapegoat's voters), ``ballot`` one question a voter, ``card`` one of the
#: middle cards, ``text`` a short line of free text, given privately (the
#: talking wall). An ask with another shape gives its own ``Form`` (the
#: witch's save-then-poison): a form is data, the narrator reads any.
FORMS = frozenset(NAMED)


@dataclass(frozen=True, slots=True)
class AskSpec:
    """One ask: who is asked how, how the answer is checked, how a bot answers."""

    ask: Ask
    check: Check
    decide: Decide
    #: a named form (``FORMS``) or a form of its own (``engine.forms.Form``)
    form: str | Form = "pick"
    #: a night ask: put silently, never by voice; who is asked is itself a secret
    secret: bool = False
    #: the day's discussion comes first (the vote, the election)
    discussion: bool = False
    #: the pack key of the prompt on a screen or console
    prompt: str = ""
    #: the trusted path (``Game.apply(..., trusted=True)``): how an answer of
    #: this ask's own bot policy, legal by construction, becomes the decision
    #: without the check; None: the check runs on that path too
    trusted: Callable[[Any], Any] | None = None

    @property
    def shape(self) -> Form:
        """The form the question is put in."""
        form = self.form
        return form if isinstance(form, Form) else NAMED[form]

    @property
    def ballot(self) -> bool:
        return self.shape.ballot

    @property
    def prompt_key(self) -> str:
        return self.prompt or f"prompt.{self.ask.value}"


@dataclass(frozen=True, slots=True)
class RoleCard:
    """A character card and everything it brings to a game."""

    id: Role
    team: Team
    #: counts as a werewolf: wakes with the pack, is the prey of the village's win
    wolf: bool = False
    #: at most one such card in the box (seed 000: "1 ziener, 1 heks ...")
    unique: bool = True
    #: loses its power when the village kills the elder (seed 000, De Dorpsoudste)
    village_power: bool = True
    #: comes in place of a villager on the table's deck (seed 001)
    special: bool = True
    steps: tuple[NightStep, ...] = ()
    asks: tuple[AskSpec, ...] = ()
    rules: Rules | None = None
    #: from which seed the card comes (docs and the set-up page)
    seed: str = "000"


ROLES: dict[Role, RoleCard] = {}
ASKS: dict[Ask, AskSpec] = {}
#: rules that hold in every game (the mayor, the village's vote, the base wins)
BASE_RULES: list[Rules] = []
#: steps and asks that come with variants and cards, by their id
EXTRA_STEPS: list[NightStep] = []


def role(card: RoleCard) -> RoleCard:
    """Register a role module's card (once)."""
    if card.id in ROLES:
        raise RuntimeError(f"role {card.id} registered twice")
    ROLES[card.id] = card
    _ordered.clear()
    for spec in card.asks:
        ask(spec)
    return card


def ask(spec: AskSpec) -> AskSpec:
    if spec.ask in ASKS:
        raise RuntimeError(f"ask {spec.ask} registered twice")
    if not isinstance(spec.form, Form) and spec.form not in FORMS:
        raise RuntimeError(f"ask {spec.ask}: unknown form {spec.form!r}")
    ASKS[spec.ask] = spec
    return spec


def base_rules(rules: Rules) -> Rules:
    BASE_RULES.append(rules)
    return rules


def steps(*extra: NightStep) -> None:
    """Night steps a variant or card brings (called only where it is in play)."""
    EXTRA_STEPS.extend(extra)
    _ordered.clear()


def card_of(r: Role) -> RoleCard:
    return ROLES[r]


def spec_of(a: Ask) -> AskSpec:
    return ASKS[a]


def role_ids() -> tuple[str, ...]:
    """Every role the engine knows, in the order the ids were defined (the
    base game's cards first)."""
    return tuple(r.value for r in Role.all() if r in ROLES)


def secret_asks() -> frozenset[Ask]:
    return frozenset(a for a, spec in ASKS.items() if spec.secret)


def ballot_asks() -> frozenset[Ask]:
    return frozenset(a for a, spec in ASKS.items() if spec.ballot)


_ordered: list[tuple[NightStep, ...]] = []


def all_steps() -> tuple[NightStep, ...]:
    """Every night step any role, variant or card can bring, in night order."""
    if not _ordered:
        found = [st for c in ROLES.values() for st in c.steps] + EXTRA_STEPS
        _ordered.append(tuple(sorted(found, key=lambda st: st.order)))
    return _ordered[0]


def parse_role(value: object) -> Role:
    """A role id from a scenario or config; raises SetupError (a ValueError) naming it."""
    try:
        r = Role(str(value))
    except ValueError:
        r = None
    if r is None or r not in ROLES:
        known = ", ".join(ROLES)
        raise SetupError(f"unknown role {value!r} (known: {known})", "refusal.unknown_role",
                         id=str(value), known=known) from None
    return r


def check_complete(prompts: Mapping[str, str] | None = None) -> list[str]:
    """What is missing in the registry: an empty list when every role, step
    and ask has all it needs (and, given a pack's lines, every prompt)."""
    problems: list[str] = []
    step_names = [st.name for st in all_steps()]
    for dup in {n for n in step_names if step_names.count(n) > 1}:
        problems.append(f"night step {dup!r} is registered twice")
    for c in ROLES.values():
        for st in c.steps:
            if st.ask is not None and st.ask not in ASKS:
                problems.append(f"step {st.name}: ask {st.ask} has no spec")
    for spec in ASKS.values():
        if not callable(spec.check) or not callable(spec.decide):
            problems.append(f"ask {spec.ask}: check and decide must be functions")
        problems += check_form(spec.shape)
        if prompts is None:
            continue
        keys = {part.prompt or spec.prompt_key for part in spec.shape.parts}
        problems += [f"ask {spec.ask}: no line {k}" for k in sorted(keys) if k not in prompts]
    return problems
