"""Deaths and what follows each one — depth first, in the rules' order (the
spec: "first hunter ..., then mayor_successor ...; a lover's death kills the
other lover right after"). What a death sets off belongs to the role or rule
that causes it (``after_death`` hooks: the hunter's module shoots, cupid's
module grieves); this module only keeps the order."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine.messages import Request
from engine.state import Death, State
from engine.vocab import Cause

Flow = Generator[Request, Any, None]


def kill(s: State, name: str, cause: Cause, *, announce: bool = True) -> Death:
    """Mark a death and its immediate bookkeeping (``on_death`` hooks). Dawn
    deaths are announced together by the caller."""
    death = Death(name, s.role[name], cause, s.when, s.has_power(name))
    s.mark_dead(name)
    s.deaths.append(death)
    rules = s.rules
    announce = announce and s.recording  # (a game that keeps no events skips building them)
    if announce:
        if not rules.reveals or all(shown(s, death) for shown in rules.reveals):
            s.emit(f"death_{cause.value}", name=name, role=death.role.value)
        else:  # a card keeps the card hidden (the executioner alone sees it)
            s.emit("death_hidden", name=name)
    for hook in rules.on_death:
        hook(s, death)
    return death


def aftermath(s: State, death: Death) -> Flow:
    """Everything a death sets off, asked of the living."""
    for hook in s.rules.after_death:
        yield from hook(s, death)

