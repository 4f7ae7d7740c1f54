"""The state of one forum game (seed 004): plain data, changed by the flow
modules and the roles' own functions.

Seed 004 parts what the board game keeps together. A player has:
- a **card** (``card``), the role whose power he has; what a card has used
  goes with it (``power``: "Indien een gewisselde rol al eens gebruikt was
  ... zal de nieuwe eigenaar van deze rol hem niet kunnen gebruiken");
- what stays with the *player* whatever card he holds (``own``: the
  gambler's bought powers, "blijven ... bij de voormalige gokker"; a prince
  who lost his vote);
- a **side** (``side``): good, bad, neutral or the corpse, and for a neutral
  the side he chose (``chosen``); a role change keeps or moves it as each
  role's text says;
- whether he is a **werewolf** (``wolves``): a werewolf's card makes one,
  and he stays one when the ringleader takes his powers;
- **extra roles** beside the card (``extra``: noble, drunk, mayor, cupid,
  lover, ...), never seen in visions;
- the **boards** he sits on (``boards``: the wolves' board, the nobles',
  the lovers'); "Als een speler eenmaal op het wolvenboard zit zal diegene
  daar nooit meer van verwijderd worden".
What a role, or a rule of the edition, keeps for the game lives in
``store`` under its id.
"""

from __future__ import annotations

import random
from typing import Any, Final

from engine.deck import Setup
from engine.forum.registry import ForumRuleSet
from engine.messages import Event
from engine.state import Death
from engine.vocab import Phase, Role, Side

NIGHT: Final = Phase.NIGHT
DAY: Final = Phase.DAY
GOOD: Final = Side.GOOD
BAD: Final = Side.BAD
NEUTRAL: Final = Side.NEUTRAL
CORPSE: Final = Side.CORPSE
_new_event = tuple.__new__


class ForumState:
    """One forum game's state."""

    def __init__(self, setup: Setup) -> None:
        from engine.forum.registry import FORUM_ROLES

        players = setup.players
        self.setup = setup
        self.players: tuple[str, ...] = players
        self.seat: dict[str, int] = {p: i for i, p in enumerate(players)}
        self.card: dict[str, Role] = {p: setup.roles[p] for p in players}
        #: what the card a player holds has used (goes with the card)
        self.power: dict[str, dict[str, Any]] = {p: {} for p in players}
        #: what stays with the player whatever card he holds
        self.own: dict[str, dict[str, Any]] = {p: {} for p in players}
        self.side: dict[str, Side] = {p: FORUM_ROLES[setup.roles[p]].side or GOOD for p in players}
        #: the side a neutral chose (None: not yet; good by default after night 3)
        self.chosen: dict[str, Side | None] = {p: None for p in players}
        self.wolves: set[str] = {p for p in players if FORUM_ROLES[setup.roles[p]].wolf}
        self.extra: dict[str, set[Role]] = {p: set(setup.extra.get(p, ())) for p in players}
        self.boards: dict[str, set[str]] = {}
        #: the roles and extra roles of the deal, public (each is called)
        self.deck: frozenset[Role] = frozenset(
            {*setup.roles.values(), *(r for rs in setup.extra.values() for r in rs)})
        self.alive: dict[str, bool] = {p: True for p in players}
        self.living_now: tuple[str, ...] = players
        self.deaths: list[Death] = []
        #: who is dying this moment (his last act, the hunter's shot, under way)
        self.dying: set[str] = set()
        #: players whose card the box made public (a death, a prince's lynch)
        self.revealed: set[str] = set()
        self.events: list[Event] = []
        self.night = 0
        self.day = 0
        self.phase = DAY
        self.when = "day 0"
        self.cues = True
        self.recording = True
        self.store: dict[str, Any] = {}
        #: the winners, by name, once the game is over
        self.winners: tuple[str, ...] = ()
        self._rng: random.Random | None = None
        #: the hooks of the deck's roles and of the edition (set by the game)
        self.rules: ForumRuleSet = ForumRuleSet(())
        for p in players:
            board = FORUM_ROLES[setup.roles[p]].board
            if board:
                self.boards.setdefault(board, set()).add(p)
            for tag in self.extra[p]:
                board = FORUM_ROLES[tag].board
                if board:
                    self.boards.setdefault(board, set()).add(p)

    @property
    def rng(self) -> random.Random:
        """The game's own lots ("random" in the seed: a cupid who chose no
        one, a drunk's targets), seeded by the set-up, private to the box."""
        if self._rng is None:
            self._rng = random.Random(f"forum:{self.setup.seed}")
        return self._rng

    # -- reading ---------------------------------------------------------
    @property
    def role(self) -> dict[str, Role]:
        """Each player's card now (the board game's state calls it ``role``)."""
        return self.card

    def living(self) -> tuple[str, ...]:
        return self.living_now

    def holders(self, role: Role) -> tuple[str, ...]:
        """Who holds ``role``'s card, in seat order (dead or alive)."""
        return tuple(p for p in self.players if self.card[p] is role)

    def acting(self, role: Role) -> tuple[str, ...]:
        """The living holders of ``role``'s card, in seat order."""
        return tuple(p for p in self.living_now if self.card[p] is role)

    def has_extra(self, name: str, role: Role) -> bool:
        return role in self.extra[name]

    def tagged(self, role: Role) -> tuple[str, ...]:
        """The living players with the extra role ``role``, in seat order."""
        return tuple(p for p in self.living_now if role in self.extra[p])

    def team(self, name: str) -> Side:
        """The side a player plays for now: a neutral who has not chosen is
        counted as good (the seed's default)."""
        side = self.side[name]
        if side is NEUTRAL:
            return self.chosen[name] or GOOD
        return side

    def is_wolf(self, name: str) -> bool:
        return name in self.wolves

    def wolves_alive(self) -> tuple[str, ...]:
        return tuple(p for p in self.living_now if p in self.wolves)

    def helper(self, name: str) -> bool:
        """A helper of the wolves: bad (or a neutral who joined them), no werewolf."""
        return self.team(name) is BAD and name not in self.wolves

    def on_board(self, board: str) -> set[str]:
        return self.boards.get(board, set())

    def couples(self) -> list[tuple[str, str]]:
        """The lovers, each couple a cupid made ("De gekoppelde spelers worden geliefden")."""
        found: list[tuple[str, str]] = self.store.setdefault("couples", [])
        return found

    def lover_of(self, name: str) -> str | None:
        for a, b in self.couples():
            if name == a:
                return b
            if name == b:
                return a
        return None

    def memory(self, name: str) -> dict[str, Any]:
        """What the card ``name`` holds has used."""
        return self.power[name]

    def mine(self, rule_id: str, default: Any) -> Any:
        if rule_id not in self.store:
            self.store[rule_id] = default
        return self.store[rule_id]

    # -- writing ---------------------------------------------------------
    def begin(self, phase: Phase) -> None:
        self.phase = phase
        self.when = f"night {self.night}" if phase is NIGHT else f"day {self.day}"

    def mark_dead(self, name: str) -> None:
        self.alive[name] = False
        self.living_now = tuple(p for p in self.living_now if p != name)

    def join_board(self, board: str, name: str) -> None:
        self.boards.setdefault(board, set()).add(name)

    def emit(self, kind: str, to: frozenset[str] | None = None, cue: bool = False,
             sleeper: bool = False, **data: Any) -> None:
        if not self.recording:
            return
        self.events.append(_new_event(Event, (kind, data, to, cue, sleeper)))
