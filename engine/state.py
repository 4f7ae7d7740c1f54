"""The state of one game: plain data, changed only by the flow modules.

What belongs to one role, variant or card alone (the witch's potions, the
elder's bites, a card's memory) lives in ``store`` under that module's id, so
a new rule brings its own state without a new field here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from engine.deck import Setup
from engine.messages import Event
from engine.options import Options
from engine.registry import BASE_RULES, ROLES
from engine.rules import Intent, Rules, RuleSet, rule_set
from engine.vocab import Cause, Phase, Role, Team

_NO_RULES = RuleSet(())
_NOBODY: frozenset[str] = frozenset()
_new_event = tuple.__new__
_RULE_SETS: dict[tuple[Any, ...], RuleSet] = {}
_WOLF_ROLES: dict[int, frozenset[Role]] = {}
#: the phases, read once: each ``Phase.NIGHT`` the compiled engine reads is
#: a Python attribute lookup, and an enum's cost ~1000 instructions (a
#: Final is a C variable there)
NIGHT: Final = Phase.NIGHT
DAY: Final = Phase.DAY


def wolf_roles() -> frozenset[Role]:
    """The roles that count as werewolves (once per registry size)."""
    found = _WOLF_ROLES.get(len(ROLES))
    if found is None:
        found = _WOLF_ROLES[len(ROLES)] = frozenset(r for r, card in ROLES.items() if card.wolf)
    return found


@dataclass(slots=True, init=False)
class Death:
    """One death (read-only by convention, like ``Request``: cheaper to build;
    its ``__init__`` written out for the same reason as ``Request``'s)."""

    name: str
    role: Role
    cause: Cause
    when: str
    #: whether he still had his power when he died (a hunter shoots with it)
    powered: bool

    def __init__(self, name: str, role: Role, cause: Cause, when: str, powered: bool = True) -> None:
        self.name = name
        self.role = role
        self.cause = cause
        self.when = when
        self.powered = powered


@dataclass(slots=True, init=False)
class State:
    """One game's state (its ``__init__`` written out, as ``Request``'s: compiled)."""

    setup: Setup
    players: tuple[str, ...]
    role: dict[str, Role]
    middle: list[Role]
    options: Options
    deck: frozenset[Role]
    alive: dict[str, bool]
    rules: RuleSet
    events: list[Event]
    deaths: list[Death]
    night: int
    day: int
    phase: Phase
    mayor: str | None
    lovers: tuple[str, str] | None
    charmed: list[str]
    #: players who lost their powers one by one (an infection, a miracle)
    powerless: set[str]
    #: the village killed the elder: every village power is gone
    village_powerless: bool
    #: this night's choices, folded at dawn (``engine.dawn``)
    intents: list[Intent]
    #: each rule's own state, under its id
    store: dict[str, Any]
    #: what each player's card carries (the witch's potions, the elder's
    #: bites): it goes with the player (a traveller between villages)
    memories: dict[str, dict[str, Any]]
    #: the living in seat order, and each role's holders: kept up to date by
    #: ``mark_dead``/``swap_role`` because the flow reads them all the time
    living_now: tuple[str, ...]
    by_role: dict[Role, tuple[str, ...]]
    when: str
    #: emit the narration cues (wake/sleep of each called step)
    cues: bool
    #: keep the events (``Game(events=False)``: a game nobody reads keeps none)
    recording: bool
    #: events held back while a moment's deaths are marked (dawn announces
    #: the names first, then what they set off)
    held: list[Event] | None
    #: the roles that count as werewolves (read on every win check)
    wolf_roles: frozenset[Role]
    #: werewolves by a hidden identity card, whatever card they show (de
    #: dubbele ik); empty in every other game
    faction_wolves: frozenset[str]
    #: the game's variants (their rules hold for the whole game)
    variant_rules: tuple[Rules, ...]
    #: each player's place at the table (news in seat order)
    seat: dict[str, int]
    #: a player's powers where a rule parts them from his card (de dubbele
    #: ik's second card, the day of folly's swap): the card is what a death
    #: or the seer shows, the power what the night calls and the player can
    #: do. Empty in every other game: each holds his card's power.
    powers: dict[str, tuple[Role, ...]]
    #: the game's own lots, made on first use (``rng``)
    lots: random.Random | None

    def __init__(self, setup: Setup, extra_rules: tuple[Rules, ...] = ()) -> None:
        players = setup.players
        self.setup = setup
        self.players = players
        self.role = role = dict(setup.roles)
        self.middle = list(setup.middle)
        self.options = setup.options
        # ``setup.deck``'s roles, read from the dict just made (a simulation
        # makes a state a game: concrete types and loops compile to less)
        deck = set(setup.middle)
        for p in players:
            deck.add(role[p])
        self.deck = frozenset(deck)
        self.alive = {p: True for p in players}
        self.rules = _NO_RULES
        self.events = []
        self.deaths = []
        self.night = 0
        self.day = 0
        self.phase = NIGHT
        self.mayor = None
        self.lovers = None
        self.charmed = []
        self.powerless = set()
        self.village_powerless = False
        self.intents = []
        self.store = {}
        self.memories = {}
        self.living_now = players
        self.by_role = {}
        self.when = "night 0"
        self.cues = True
        self.recording = True
        self.held = None
        self.wolf_roles = wolf_roles()
        self.faction_wolves = _NOBODY
        self.variant_rules = extra_rules
        self.seat = {p: i for i, p in enumerate(players)}
        self.powers = {}
        self.lots = None
        self._index_roles()
        self.refresh_rules()

    @classmethod
    def new(cls, setup: Setup, extra_rules: tuple[Rules, ...] = ()) -> State:
        return cls(setup, extra_rules)

    def refresh_rules(self, cards: tuple[Rules, ...] = ()) -> None:
        """Rebuild the game's rules: base, the deck's roles, variants, cards."""
        # Games of one deck share one RuleSet; the key notes the registry's
        # size, so a rule registered later is never missed.
        key = (self.deck, self.variant_rules, cards, len(BASE_RULES), len(ROLES))
        found = _RULE_SETS.get(key)
        if found is None:
            deck_rules = [ROLES[r].rules for r in sorted(self.deck) if ROLES[r].rules is not None]
            rules = (*BASE_RULES, *(r for r in deck_rules if r is not None),
                     *self.variant_rules, *cards)
            if len(_RULE_SETS) > 4096:
                _RULE_SETS.clear()
            found = _RULE_SETS[key] = rule_set(rules)
        self.rules = found

    def _index_roles(self) -> None:
        by_role: dict[Role, list[str]] = {}
        role, powers = self.role, self.powers
        for p in self.players:
            if powers and p in powers:
                for power in powers[p]:
                    by_role.setdefault(power, []).append(p)
                continue
            # his card's power (everyone, in all games but a few); no
            # setdefault: it would make a list for every player
            card = role[p]
            held = by_role.get(card)
            if held is None:
                by_role[card] = [p]
            else:
                held.append(p)
        self.by_role = {r: tuple(ps) for r, ps in by_role.items()}

    @property
    def rng(self) -> random.Random:
        """The game's own lots (the mayor's, a card's), seeded by the set-up:
        made when first drawn from, since most games never draw (seeding
        costs more than a game's turn)."""
        if self.lots is None:
            self.lots = random.Random(self.setup.seed)
        return self.lots

    # -- reading ---------------------------------------------------------
    def living(self) -> tuple[str, ...]:
        return self.living_now

    def holds(self, name: str, role: Role) -> bool:
        """Whether ``name`` has ``role``'s power (his card's, unless a rule
        parted them)."""
        if not self.powers:
            return self.role[name] is role
        return role in self.powers.get(name, (self.role[name],))

    def holders(self, role: Role) -> tuple[str, ...]:
        """Who has ``role``'s power (see ``powers``)."""
        return self.by_role.get(role, ())

    def holder(self, role: Role) -> str | None:
        holders = self.by_role.get(role)
        return holders[0] if holders else None

    def team(self, name: str) -> Team:
        if name in self.faction_wolves:
            return Team.WEREWOLVES
        return ROLES[self.role[name]].team

    def is_wolf(self, name: str) -> bool:
        return self.role[name] in self.wolf_roles or name in self.faction_wolves

    def has_power(self, name: str) -> bool:
        """Alive and not stripped of powers (the elder's death, an infection)."""
        if not self.alive[name] or name in self.powerless:
            return False
        return not (self.village_powerless and ROLES[self.role[name]].village_power)

    def acting(self, role: Role) -> str | None:
        """The living holder of ``role`` who still has the power, if any."""
        holders = self.by_role.get(role)
        if not holders:
            return None
        name = holders[0]
        return name if self.has_power(name) else None

    def lover_of(self, name: str) -> str | None:
        if self.lovers is None or name not in self.lovers:
            return None
        a, b = self.lovers
        return b if name == a else a

    def mixed_lovers(self) -> bool:
        if self.lovers is None:
            return False
        a, b = self.lovers
        return self.team(a) is not self.team(b)

    def in_play(self, rule_id: str) -> bool:
        """A variant or card (or a role's rules) holds in this game now."""
        return rule_id in self.rules.ids

    def memory(self, name: str) -> dict[str, Any]:
        """What ``name``'s card carries (made on first use)."""
        found = self.memories.get(name)
        if found is None:
            found = self.memories[name] = {}
        return found

    def mine(self, rule_id: str, default: Any) -> Any:
        """A rule's own state (made on first use)."""
        if rule_id not in self.store:
            self.store[rule_id] = default
        return self.store[rule_id]

    # -- writing ---------------------------------------------------------
    def begin(self, phase: Phase) -> None:
        self.phase = phase
        self.when = f"night {self.night}" if phase is NIGHT else f"day {self.day}"

    def mark_dead(self, name: str) -> None:
        self.alive[name] = False
        self.living_now = tuple([p for p in self.living_now if p != name])  # (one pass)

    def revive(self, name: str) -> None:
        """A dead player plays again (a card's miracle)."""
        self.alive[name] = True
        self.living_now = tuple(p for p in self.players if self.alive[p])

    def swap_role(self, name: str, role: Role) -> None:
        """``name`` takes another card, and its power with it."""
        self.role[name] = role
        self.powers.pop(name, None)
        self._index_roles()

    def split_powers(self, powers: dict[str, tuple[Role, ...]]) -> None:
        """Part these players' powers from their cards (an empty tuple: no
        power; a player left out holds his card's power again)."""
        self.powers = {p: ps for p, ps in powers.items() if ps != (self.role[p],)}
        self._index_roles()

    def reindex(self) -> None:
        """After the table changed (a player left or joined)."""
        self._index_roles()

    def record(self, intent: Intent) -> None:
        self.intents.append(intent)
        for hook in self.rules.recorded:
            hook(self, intent)

    def emit(self, kind: str, to: frozenset[str] | None = None, cue: bool = False,
             sleeper: bool = False, **data: Any) -> None:
        if not self.recording:
            return
        # tuple.__new__ skips the named tuple's Python-level constructor: a
        # game emits dozens of events
        event = _new_event(Event, (kind, data, to, cue, sleeper))
        if self.held is None or cue:
            self.events.append(event)
        else:
            self.held.append(event)
