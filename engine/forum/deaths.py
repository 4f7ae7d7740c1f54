"""Deaths in the forum edition and what each sets off.

A death at night happens at its moment in the fold (``engine.forum.fold``):
"De jager schiet in de volgorde van de nacht meteen op het moment dat hij
sterft"; what may ask (a new mayor's successor) waits for dawn, after the
names. A death by day is announced at once with its cause and followed
through at once ("onmiddellijk (als hij tijdens de dag sterft)").

Hooks (``engine.forum.registry.ForumRules``): ``immune`` (who kills cannot
kill him: the corpse and the bad), ``spares`` (he does not die: the
gambler's life insurance), ``dying`` is the hunter's (he shoots before he
dies), ``rises`` (he died but does not stay dead: the gravedigger's
corpse, announced as no death), ``on_death`` (bookkeeping),
``after_death`` (what may ask).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from engine.messages import Request
from engine.state import Death
from engine.vocab import Cause

if TYPE_CHECKING:
    from engine.forum.state import ForumState

Flow = Generator[Request, Any, Any]


def shown_identity(s: ForumState, name: str) -> dict[str, Any]:
    """What the box announces of a dead player's card ("in het infotopic"):
    his role, with the extra role that is told with it ("dronken ziener"),
    or nothing (an empty mapping) where a rule veils it."""
    for hook in s.rules.reveals:
        found = hook(s, name)
        if found is not None:
            return found
    return {"role": s.card[name].value}


def announce_death(s: ForumState, name: str, cause: Cause | None = None) -> None:
    """The public line of a death (``cause``: by day, with how he died; at
    dawn, none), with his card as the infotopic shows it; a veiled card is
    not named and stays unknown ("blijven de rest van het spel onbekend")."""
    shown = shown_identity(s, name)
    if "role" not in shown:
        if cause is None:
            s.emit("forum_death_night_veiled", name=name)
        else:
            s.emit("forum_death_veiled", name=name, cause=cause.value)
        return
    s.revealed.add(name)
    if cause is None:
        s.emit("forum_death_night", name=name, **shown)
    else:
        s.emit("forum_death", name=name, cause=cause.value, **shown)


def die(s: ForumState, name: str, cause: Cause, fold: Any = None, *,
        by: tuple[str, ...] = ()) -> Flow:
    """``name`` dies of ``cause`` now (``fold``: tonight's ``engine.forum.fold.Fold``,
    which kills through here, so it is not imported; None by day), killed
    by ``by`` where someone acts (an act's actors, a day action's actor);
    returns the death, or None when he did not die."""
    if not s.alive[name] or name in s.dying:
        return None  # (a hunter shot by the hunter he shoots: one death each)
    for immune in s.rules.immune:
        if immune(s, name, cause.value, by):
            return None
    for spares in s.rules.spares:
        if spares(s, name, cause.value):
            return None
    s.dying.add(name)
    try:
        for dying in s.rules.dying:
            if (yield from dying(s, name, cause, fold)):
                return None  # the game ended before he died (the hunter)
    finally:
        s.dying.discard(name)
    if not s.alive[name]:
        return None
    for rises in s.rules.rises:
        if rises(s, name, cause, fold):
            return None
    death = Death(name, s.card[name], cause, s.when)
    s.mark_dead(name)
    s.deaths.append(death)
    if fold is not None:
        fold.deaths.append(death)
    else:
        announce_death(s, name, cause)
    for hook in s.rules.on_death:
        hook(s, death, fold)
    if fold is None:
        yield from aftermath(s, death)
    return death


def aftermath(s: ForumState, death: Death) -> Flow:
    """What a death sets off that may ask (by day at once, at night after dawn)."""
    for hook in s.rules.after_death:
        yield from hook(s, death)


def quietly(flow: Flow) -> Any:
    """Run a flow that must not ask (a death inside the night's fold)."""
    try:
        request = next(flow)
    except StopIteration as done:
        return done.value
    raise RuntimeError(f"a night death asked {request.ask}: nothing is asked inside the fold")
