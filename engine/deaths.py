"""Deaths and what follows each one: the hunter's shot, the scapegoat's
choice, the mayor's successor, the lover's grief — depth first, in the order
of the spec ("first hunter ..., then mayor_successor ...; a lover's death
kills the other lover right after")."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from engine.messages import Request
from engine.state import Death, State
from engine.vocab import Ask, Cause, Role

Flow = Generator[Request, Any, None]

#: causes by which the village kills the elder (seed 000, De Dorpsoudste)
ELDER_GRIEF_CAUSES = frozenset({Cause.VOTE, Cause.POISON, Cause.HUNTER})


def kill(s: State, name: str, cause: Cause, *, announce: bool = True) -> None:
    """Mark a death. Dawn deaths are announced together by the caller."""
    s.mark_dead(name)
    role = s.role[name]
    s.deaths.append(Death(name, role, cause, s.when))
    if announce:
        s.emit(f"death_{cause.value}", name=name, role=role.value)
    if role is Role.ELDER and cause in ELDER_GRIEF_CAUSES and not s.village_powerless:
        s.village_powerless = True
        s.emit("village_powerless", name=name)
    if role is Role.PIED_PIPER and s.charmed:
        # "Als de fluitspeler is gestorven raakt de betovering ... uitgewerkt."
        s.charmed.clear()


def aftermath(s: State, name: str, cause: Cause) -> Flow:
    """Everything a death sets off, asked of the living."""
    role = s.role[name]
    # has_power() needs the player alive; a dying hunter keeps his shot
    # unless the village had already lost its powers.
    if role is Role.HUNTER and not s.village_powerless and s.living():
        target = yield Request(Ask.HUNTER, (name,), tuple(s.living()), s.when)
        if target is not None:
            kill(s, target, Cause.HUNTER)
            yield from aftermath(s, target, Cause.HUNTER)
    if cause is Cause.SCAPEGOAT and s.living():
        chosen = yield Request(
            Ask.SCAPEGOAT, (name,), tuple(s.living()), s.when, count=len(s.living()),
            default=list(s.living()),
        )
        s.voters_only = (s.day + 1, frozenset(chosen))
        s.emit("scapegoat_chose", voters=list(chosen))
    if s.mayor == name:
        s.mayor = None
        if s.living():
            successor = yield Request(Ask.MAYOR_SUCCESSOR, (name,), tuple(s.living()), s.when)
            if successor is not None:
                s.mayor = successor
                s.emit("mayor_successor", name=successor, by=name)
    lover = s.lover_of(name)
    if lover is not None and s.alive[lover]:
        kill(s, lover, Cause.HEARTBREAK)
        yield from aftermath(s, lover, Cause.HEARTBREAK)

