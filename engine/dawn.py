"""Dawn: one pure fold of the night's intents into deaths, and their news.

Harms (a bite, a poison) are taken in the order they were chosen; each kills
its target unless a protection against its cause covers him (the healer, the
witch's potion of life, the guardian angel: intents with ``against``), a rule
spares him (the elder's first bite) or a rule gives the harm another effect
(an infection). The news says nothing the rules keep secret: the night's dead
in seat order, whatever their cause, cards shown, and only then what their
deaths set off (the elder's grief), each followed through in the order the
deaths happened — a hunter bitten before the elder was poisoned still shoots.

Private news of the dawn (an infection, the elder's lost powers) is marked
for sleepers and given in one round after the names: the ``morning`` cue,
emitted on every dawn that could bring such news or follows a night of
sleepers' news, whether or not there is any (a round only when there is news
would be news).
"""

from __future__ import annotations

from engine.deaths import Flow, aftermath, kill
from engine.night import news_at_dawn, sleepers_tonight
from engine.rules import Intent
from engine.state import Death, State
from engine.vocab import Cause


def protected(s: State, harm: Intent) -> bool:
    assert harm.cause is not None
    target, cause = harm.target, harm.cause
    for i in s.intents:
        if i.target == target and cause in i.against:
            return True
    return False


def night_deaths(s: State) -> list[tuple[str, Cause]]:
    """Who dies of the night, in the order the harms were chosen."""
    deaths: list[tuple[str, Cause]] = []
    rules, alive = s.rules, s.alive
    dying: set[str] = set()
    for harm in s.intents:
        if harm.cause is None:
            continue
        target = harm.target
        if not alive[target] or target in dying:
            continue  # one death a player (bitten and poisoned: by the first)
        if protected(s, harm) or (rules.spares and any(spares(s, harm) for spares in rules.spares)):
            continue
        if rules.instead_of_death and any(instead(s, harm) for instead in rules.instead_of_death):
            continue
        deaths.append((target, harm.cause))
        dying.add(target)
    return deaths


def shown_role(s: State, death: Death) -> str | None:
    """The card shown for a death, or None where a rule buries it."""
    reveals = s.rules.reveals
    return death.role.value if not reveals or all(r(s, death) for r in reveals) else None


def announce(s: State, deaths: list[Death]) -> None:
    """The night's dead in seat order, whatever their cause, cards shown."""
    seat = s.seat
    for death in sorted(deaths, key=lambda d: seat[d.name]) if len(deaths) > 1 else deaths:
        role = shown_role(s, death)
        if role is None:
            s.emit("death_night_buried", name=death.name)
        else:
            s.emit("death_night", name=death.name, role=role)


def dawn(s: State) -> Flow:
    harms = night_deaths(s)
    if s.recording:  # (a game that keeps no events skips the news)
        s.emit("day_breaks", day=s.night)
        if not harms:
            s.emit("no_death")
    # Mark every death first, holding back what they set off, so the news
    # names the dead before any consequence and never in an order of cause.
    s.held = []
    deaths = [kill(s, name, cause, announce=False) for name, cause in harms]
    consequences, s.held = s.held, None
    if s.recording:
        announce(s, deaths)
        s.events.extend(consequences)
    if s.cues and sleepers_tonight(s):
        # ``dawn_news``: a box taps a round now (the night's calls tapped
        # their own); a laptop holds its morning round for all of them.
        s.emit("morning", cue=True, dawn_news=news_at_dawn(s))
    s.intents = []
    for death in deaths:
        yield from aftermath(s, death)
