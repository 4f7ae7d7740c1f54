"""Players who move between villages (seed 000, *Dorpen, verenigt U*): "een
speler mag op elk moment besluiten om zijn dorp te verlaten. Dit mag echter
niet tijdens de nacht of als hij net door de dagelijkse stemming is
geelimineerd ... neemt zijn kaart mee (deze houdt hij geheim)".

A traveller takes his card and what it carries (``State.memories``: the
witch's potions, the elder's bites ...), whether he is charmed or powerless,
and the name of his lover. The village he leaves keeps his card in its deck
(it is still called, for secrecy); the village he joins gains it (its rules
come into play there). Readings where the seed is silent (docs/rules.md): a
mayor who leaves is no longer mayor; the lovers' bond stays on record but a
death in one village cannot take a lover in another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalAnswer
from engine.registry import parse_role
from engine.state import State
from engine.vocab import Phase


@dataclass(frozen=True, slots=True)
class Traveller:
    name: str
    role: str
    memory: dict[str, Any] = field(default_factory=dict)
    charmed: bool = False
    powerless: bool = False
    lover: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "memory": self.memory,
                "charmed": self.charmed, "powerless": self.powerless, "lover": self.lover}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Traveller:
        return cls(str(d["name"]), str(d["role"]), dict(d.get("memory") or {}),
                   bool(d.get("charmed")), bool(d.get("powerless")), d.get("lover"))


def check_leave(s: State, name: str) -> None:
    if name not in s.alive:
        raise IllegalAnswer("travel_unknown", f"leave: {name!r} is not in this village")
    if s.phase is not Phase.DAY:
        raise IllegalAnswer("travel_at_night", "leave: nobody leaves a village at night")
    if not s.alive[name]:
        raise IllegalAnswer("travel_dead", f"leave: {name} is dead")


def leave(s: State, name: str) -> Traveller:
    check_leave(s, name)
    t = Traveller(name, s.role[name].value, s.memories.pop(name, {}), name in s.charmed,
                  name in s.powerless, s.lover_of(name))
    s.players = tuple(p for p in s.players if p != name)
    s.living_now = tuple(p for p in s.living_now if p != name)
    del s.alive[name]
    del s.role[name]
    s.seat = {p: i for i, p in enumerate(s.players)}
    s.charmed = [p for p in s.charmed if p != name]
    s.powerless.discard(name)
    if s.lovers is not None and name in s.lovers:
        s.lovers = None  # the bond cannot reach across the distance
    if s.mayor == name:
        s.mayor = None
    s.reindex()
    s.emit("player_left", name=name)
    return t


def join(s: State, t: Traveller) -> None:
    if s.phase is not Phase.DAY:
        raise IllegalAnswer("travel_at_night", "join: nobody enters a village at night")
    if t.name in s.alive:
        raise IllegalAnswer("travel_same_name", f"join: a player named {t.name} is here already")
    role = parse_role(t.role)
    s.players = (*s.players, t.name)
    s.living_now = (*s.living_now, t.name)
    s.alive[t.name] = True
    s.role[t.name] = role
    s.seat[t.name] = len(s.players) - 1
    s.memories[t.name] = dict(t.memory)
    if t.charmed:
        s.charmed.append(t.name)
    if t.powerless:
        s.powerless.add(t.name)
    s.reindex()
    if role not in s.deck:
        s.deck = s.deck | {role}
        from engine.cards.base import CARDS, in_force

        s.refresh_rules(tuple(CARDS[c] for c in in_force(s)))
    s.emit("newcomer", name=t.name)
