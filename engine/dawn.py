"""Dawn: one pure resolution of the night's intents into deaths."""

from __future__ import annotations

from engine.deaths import Flow, aftermath, kill
from engine.state import State
from engine.vocab import Cause, Role


def night_deaths(s: State) -> list[tuple[str, Cause]]:
    """Who dies of the night, in order: the werewolves' victim, the poisoned."""
    deaths: list[tuple[str, Cause]] = []
    victim = s.victim
    if victim is not None and s.alive[victim]:
        # "Het onschuldige meisje wordt niet door de genezer beschermd."
        protected = s.protected == victim and s.role[victim] is not Role.LITTLE_GIRL
        # "Pas als de weerwolven hem voor een tweede keer kiezen zal hij worden verslonden."
        elder_resists = s.role[victim] is Role.ELDER and s.elder_chosen < 2
        if not (protected or elder_resists or s.saved):
            deaths.append((victim, Cause.WEREWOLVES))
    poisoned = s.poisoned
    # Poisoning the werewolves' victim too kills him once, by the werewolves.
    if poisoned is not None and s.alive[poisoned] and all(n != poisoned for n, _ in deaths):
        deaths.append((poisoned, Cause.POISON))
    return deaths


def dawn(s: State) -> Flow:
    deaths = night_deaths(s)
    s.protected = s.victim = s.poisoned = None
    s.saved = False
    s.emit("day_breaks", day=s.night)
    if not deaths:
        s.emit("no_death")
    # The night's dead are announced together, cards shown, causes kept
    # secret (a cause would tell whether the witch used her poison).
    for name, cause in deaths:
        kill(s, name, cause, announce=False)
        s.emit("death_night", name=name, role=s.role[name].value)
    for name, cause in deaths:
        yield from aftermath(s, name, cause)
