"""The night's actions folded in one ordered pass (seed 004).

Every night choice of the forum edition, looks included, is recorded as an
:class:`Act` during the spoken night; nothing happens while the night is
told. At its end one pass takes the acts in their **fold order** (each act
carries its own place, ``docs/rules.md`` lists them with the sentences of
the seed that fix them) and resolves each. Before an act resolves, the
*meddlers* registered by earlier acts may change it: swap who is who (the
skin changer: acts on him reach his victim and the other way round),
reflect it (the mirror: a mirrored player's targeted act reaches himself),
send it to a random player (a drunk; the poisoner), or block it. Only then
are results given: private notes, told at dawn in each player's turn.

"Als de actie mislukt, krijgt X hier bericht van. Hij hoort niet wat zijn
actie heeft laten mislukken": a failed act of a role that is told says
only that it failed (``fold.failed``), never why. An act whose one actor
holds another card when it comes to resolve than when he sent it
(converted earlier in the same fold) fails: the card's powers went with
it.

Fold orders (``ORDER``): 10 who is who (skin changer, friend), 20 blocks
(locksmith, yeti), 30 the seed's "nachtvolgorde 3" (blessed, cursed,
mirror, poisoner), 35 screens (the apostate: after "nachtvolgorde 3",
which may stop him, before the protections and looks he screens), 40
protections and appearances, 50 role changes, 60
looks, 65 saves that wait for the lunch (the witch's potion of life), 70
kills (the lunch first), 75 kills after the lunch (the witch's poison, the
gambler's potion), 80 what watches the night (bets, stalker), 90 the end
of the night (grief, helpers, growth).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from engine.state import Death
from engine.vocab import Cause, Role

if TYPE_CHECKING:
    from engine.forum.state import ForumState

ORDER: Final = {"swap": 10, "block": 20, "meddle": 30, "screen": 35, "protect": 40, "change": 50,
                "look": 60, "save": 65, "kill": 70, "kill_late": 75, "watch": 80, "end": 90}

Resolve = Callable[["ForumState", "Fold", "Act"], None]
Meddler = Callable[["Fold", "Act"], None]


@dataclass(slots=True)
class Act:
    """One night action: who sent it, with whose power, at whom."""

    #: the night step that recorded it (its failure line, its role)
    step: str
    order: int
    #: who sent it (a pack's lunch: every wolf awake)
    actors: tuple[str, ...]
    #: the power used (the role, or "werewolves" for the lunch)
    power: Role
    #: the players chosen; ``reached`` is where the act lands after meddling
    targets: list[str]
    resolve: Resolve
    data: dict[str, Any] = field(default_factory=dict)
    #: aimed at a player (the mirror reflects only these); an untargeted act
    #: (the witch's potion of life) is left alone
    targeted: bool = True
    #: it kills (a drunk or poisoned actor "kan nooit iemand vermoorden")
    kills: bool = False
    #: what kind of act, where rules treat kinds alike: "look" (a seeing
    #: role's vision), "protect" (a guardian angel's), "fire" (a pyromaniac's);
    #: the friend's guest is reached by these and by kills ("Alle acties van
    #: moordende rollen, zienende rollen, beschermengels en pyromanen")
    kind: str = ""
    #: a failure is told to the actor
    told: bool = True
    failed: bool = False
    reached: list[str] = field(default_factory=list)
    #: what a failure gives back (the gambler's stakes)
    on_fail: Callable[[ForumState, Act], None] | None = None
    #: it fails when a player it reaches is dead at its moment ("dan mislukt
    #: het visioen"); an act that watches the night's deaths does not (a bet)
    needs_living: bool = True

    @property
    def actor(self) -> str:
        return self.actors[0]


class Fold:
    """One night's pass over its acts."""

    def __init__(self, s: ForumState, acts: list[Act], die: Callable[..., Any]) -> None:
        self.s = s
        #: how a player dies at night (``engine.forum.deaths.die``, given by
        #: the night, which runs the fold: deaths follow the fold, not the other way)
        self._die = die
        #: in fold order; acts of one order in the order they were sent
        self.acts = sorted(acts, key=lambda a: a.order)
        self.meddlers: list[Meddler] = []
        #: protections by player: against causes of death (the guardian angel,
        #: a save) and against other acts (a conversion, a look)
        self.shields: dict[str, set[str]] = {}
        #: who died tonight, in order, and of what
        self.deaths: list[Death] = []
        #: private results, told at dawn: (player, key, params)
        self.notes: list[tuple[str, str, dict[str, Any]]] = []
        #: what each act did, for those who watch the night (the stalker)
        self.done: list[Act] = []
        #: any rule's own memory of this night
        self.memo: dict[str, Any] = {}
        #: players a conversion took tonight: "Deze speler verliest dan zijn
        #: krachten", his acts of the night fail (only a conversion says so:
        #: a switched, burnt or shuffled player's acts sent tonight stand)
        self.lost: set[str] = set()

    def run(self) -> None:
        for act in self.acts:
            if self.lost_power(act):
                # his card changed earlier tonight (a conversion): "Deze speler
                # verliest dan zijn krachten"; his act of the card he had fails
                self.failed(act)
                continue
            for meddle in list(self.meddlers):
                if act.failed:
                    break
                meddle(self, act)
            if act.failed:
                self.failed(act)
                continue
            if act.targeted and act.needs_living and any(not self.s.alive[t] for t in act.reached):
                # "Als de ziener iemand bekijkt die op dat moment in de
                # nachtvolgorde dood is, dan mislukt het visioen" (any act);
                # marked, for a role that tells this failure apart (the bishop)
                act.data["dead_target"] = True
                self.failed(act)
                continue
            act.resolve(self.s, self, act)
            if act.failed:  # it failed as it resolved (``failed`` said so)
                continue
            self.done.append(act)
            for hook in self.s.rules.resolved:
                hook(self.s, self, act)

    def lost_power(self, act: Act) -> bool:
        """``act``'s one actor holds another card than the one he sent it
        with, and the change took his powers (a conversion, ``lost``)."""
        held = act.data.get("held")
        return held is not None and self.s.card[act.actor] is not held and act.actor in self.lost

    def failed(self, act: Act) -> None:
        """Tell the actor his act failed (never why), where his role is told."""
        act.failed = True
        if act.on_fail is not None:
            act.on_fail(self.s, act)
        if act.told:
            for actor in act.actors[:1]:
                self.note(actor, "forum_failed")

    def note(self, player: str, key: str, **params: Any) -> None:
        self.notes.append((player, key, params))

    def kill(self, act: Act, name: str, cause: Cause) -> bool:
        """``act`` kills ``name`` now, unless a shield holds, a rule spares
        him, or the actor "kan nooit iemand vermoorden" (drunk, poisoned);
        whether he died."""
        if act.data.get("harmless") or self.shielded(name, cause):
            return False
        return self._die(self.s, name, cause, self, by=act.actors) is not None

    def meddle(self, meddler: Meddler) -> None:
        """From now on, every act is first shown to ``meddler``."""
        self.meddlers.append(meddler)

    def shield(self, name: str, *against: str) -> None:
        """``name`` is protected tonight against these: causes of death (the
        lunch's, ``Cause.WEREWOLVES``) or other acts, named by the role that
        shields (a conversion, a look: ``sides.VISION``)."""
        self.shields.setdefault(name, set()).update(against)

    def shielded(self, name: str, against: str) -> bool:
        return against in self.shields.get(name, ())

    def sent_by(self, name: str) -> list[Act]:
        """Tonight's acts ``name`` sent or took part in, failed or not (those
        who watch the night: "Ook als diens actie mislukt, zal de stalker
        een actie zien")."""
        return [a for a in self.acts if name in a.actors]

    def pack_share(self, act: Act, member: str) -> bool:
        """Whether a meddling aimed at one member of a pack's act changes the
        whole act: "kans 1/aantal wolven" (the seed, for the mirror, the
        locksmith, the blessed, the poisoner), drawn with the game's lots."""
        if member not in act.actors:
            return False
        return len(act.actors) == 1 or self.s.rng.random() < 1 / len(act.actors)


def record(s: ForumState, act: Act) -> None:
    """Keep an act for tonight's fold (its targets are where it aims; the
    card its one actor sends it with, ``held``)."""
    act.reached = list(act.targets)
    if len(act.actors) == 1:
        act.data["held"] = s.card[act.actor]
    s.mine("_acts", []).append(act)
