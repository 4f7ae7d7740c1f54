"""Volle maan (seed 000): "Elke ochtend, met uitzondering van de eerste,
verstoort een gebeurtenis het gebruikelijke levensritme" — the cards are
shuffled (with the game's seed) or laid in an order a host chose, one is
drawn every morning from day 2 (every 2nd or 3rd morning for a first game:
"om de twee of drie ronden"), continuous cards a host chose hold from the
start. "de als laatste geëlimineerde speler leest de bovenste kaart" — the
box reads it. An empty pile: no more events (the seed has no reshuffle)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Final

from engine.cards.base import CARDS, end_spans, find_card, in_force, put_in_force
from engine.cards.common import HostsVariant
from engine.catalog import CARD_IDS
from engine.deck import Setup
from engine.errors import SetupError
from engine.rules import Flow
from engine.state import State
from engine.variants.base import Variant, variant, variants_of

ID: Final = "full_moon"


@dataclass(frozen=True, slots=True)
class EventDeck:
    """The Full Moon's cards (seed 000, Volle maan): ``deck`` in draw order,
    top first; a card is drawn every ``every``-th morning from day 2;
    ``from_start`` are continuous cards in force from the first night.
    A set-up carries it as the variant's data (``Setup.variant_data``)."""

    deck: tuple[str, ...] = ()
    every: int = 1
    from_start: tuple[str, ...] = ()


def event_deck(setup: Setup) -> EventDeck | None:
    """The event deck a set-up gives (None: the box shuffles every card)."""
    found = setup.variant_data.get(ID)
    return found if isinstance(found, EventDeck) else None


def events_data(events: EventDeck | None) -> dict[str, Any]:
    """A set-up's ``variant_data`` that carries this event deck."""
    return {} if events is None else {ID: events}


def with_events(setup: Setup, events: EventDeck | None) -> Setup:
    """``setup`` with this event deck (None: none given)."""
    data = {k: v for k, v in setup.variant_data.items() if k != ID}
    if events is not None:
        data[ID] = events
    return replace(setup, variant_data=data)


def check_events(setup: Setup) -> None:
    ev = setup.variant_data.get(ID)
    if ev is None:
        return
    if not isinstance(ev, EventDeck):
        raise SetupError(f"events: not an event deck: {ev!r}", "refusal.events_every", value=repr(ev))
    if ID not in setup.variants:
        raise SetupError("event cards are played only with the variant full_moon", "refusal.cards_need_full_moon")
    if isinstance(ev.every, bool) or not isinstance(ev.every, int) or not 1 <= ev.every <= 3:
        raise SetupError(f"events: every must be 1, 2 or 3, not {ev.every!r}", "refusal.events_every",
                         value=repr(ev.every))
    for cid in (*ev.deck, *ev.from_start):
        find_card(cid)
    for cid in ev.deck:
        if ev.deck.count(cid) > 1:
            raise SetupError(f"events: card {cid!r} is in the deck twice", "refusal.card_twice", card=cid)
    for cid in ev.from_start:
        if CARDS[cid].kind != "continuous":
            raise SetupError(f"events: {cid!r} is not a continuous card; only those hold from the start",
                             "refusal.card_not_continuous", card=cid)


class FullMoon(Variant):
    id = ID
    aliases: tuple[str, ...] = ("volle_maan",)
    order = 5  # the morning's card comes before anything else that morning
    #: a card reads what happened (spiritism): the game keeps its events
    keeps_events = True
    #: Stralende zondag may turn on the lycanthropy for a round: the host's
    #: choice, made before the game (engine.cards.sunny_sunday); likewise
    #: Donkere maandag may turn on "hij is het zeker niet!" for its day,
    #: Einde van het oogstfeest the harvest festival for its round
    options = {"sunny_sunday_lycanthropy": False, "dark_monday_not_him": False,
               "end_of_harvest_festival": False}

    def check_data(self, setup: Setup) -> None:
        check_events(setup)

    def check_setup(self, setup: Setup) -> None:
        """A card the host lets bring in a variant the game's own cannot be
        played with: refused before the game, as the pair would be."""
        for c in CARDS.values():
            if isinstance(c, HostsVariant) and setup.options.extra.get(c.option, False) \
                    and c.brings not in setup.variants:
                try:
                    variants_of((*setup.variants, c.brings))
                except SetupError as exc:
                    # the table hears which option brought the clash in
                    pair = (exc.params.get("variant"), exc.params.get("other"))
                    other = pair[1] if pair[0] == c.brings else pair[0]
                    raise SetupError(f"option {c.option}: {exc}", "refusal.option_brings_clash",
                                     option=c.option, variant=c.brings, other=other) from None

    def deck(self, s: State) -> EventDeck:
        return event_deck(s.setup) or EventDeck()

    def begin(self, s: State) -> None:
        ev = self.deck(s)
        pile = list(ev.deck)
        if not pile and event_deck(s.setup) is None:
            # "Schud de kaarten": every playable card, shuffled with the seed.
            pile = [cid for cid in CARD_IDS if cid in CARDS]
            random.Random(f"{s.setup.seed}:full_moon").shuffle(pile)
        s.store["full_moon"] = {"pile": pile, "drawn": []}
        for cid in ev.from_start:
            put_in_force(s, CARDS[cid])

    def morning(self, s: State) -> Flow:
        fm = s.store["full_moon"]
        day = s.night  # the morning after night N opens day N
        if day < 2 or (day - 2) % self.deck(s).every or not fm["pile"]:
            return False
        card = CARDS[fm["pile"].pop(0)]
        fm["drawn"].append(card.id)
        s.emit("event_card", card=card.id)
        yield from card.start(s)
        if card.span != "now":
            put_in_force(s, card)
        return False

    def span_end(self, s: State, moment: str) -> None:
        """The engine drops every card whose span ends with ``moment``."""
        end_spans(s, moment)


    def report(self, s: State) -> dict[str, Any]:
        """``events``: the cards drawn, in order; ``in_force``: those holding now."""
        fm = s.store.get("full_moon", {})
        return {"events": list(fm.get("drawn", [])), "in_force": list(in_force(s))}


variant(FullMoon())
