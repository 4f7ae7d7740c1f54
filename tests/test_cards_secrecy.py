"""The cards that hide something (seed 000, Volle maan) keep it hidden: no
public event or line carries what they hide, and the box's public rhythm
(the night's calls) does not depend on it. Real games through the engine,
bots answering, each card in force from the first night."""

from __future__ import annotations

import random
from dataclasses import replace

import voices
from engine import EventDeck, Game, Setup, events_data
from narrator import announce
from tests.playout import play, random_setup

GAMES = 60


def games(card: str) -> list[Game]:
    """Games with ``card`` held from the start (continuous cards)."""
    found = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        setup: Setup = random_setup(rng, table=True)
        setup = replace(setup, variants=("full_moon",), variant_data=events_data(EventDeck((), 1, (card,))),
                        options=replace(setup.options, extra={}))  # no other variant's options
        found.append(play(setup, seed, "random" if seed % 2 else "sensible"))
    return found


def public(game: Game) -> list[str]:
    return announce.public_lines(game.events, voices.load("nl").playing(game.setup.variants))


def test_buried_victims_cards_never_public() -> None:
    for game in games("buried"):
        victims = {d.name for d in game.state.deaths if d.cause.value == "werewolves"}
        for e in game.public_events():
            if e.data.get("name") in victims and e.kind != "idiot_revealed":
                assert "role" not in e.data, e
        lines = public(game)
        for name in victims:
            assert not any(f"{name} was " in line for line in lines), name


def test_sleepwalker_says_the_card_never_the_name() -> None:
    for game in games("sleepwalker"):
        said = [e for e in game.public_events() if e.kind.startswith("sleepwalker_")]
        nights = game.state.night
        # one line every night, in the same place, whether the seer looked or not
        assert len(said) in (nights, nights - 1), (len(said), nights)
        for e in said:
            assert set(e.data) <= {"role"}, e


def test_executioner_alone_sees_the_villages_victim() -> None:
    for game in games("executioner"):
        s = game.state
        voted = {d.name for d in s.deaths if d.cause.value == "vote"}
        named = [e for e in game.events if e.kind == "executioner_sees"]
        assert len(named) == len(voted)
        for e in named:
            assert e.to is not None and len(e.to) == 1
        for e in game.public_events():
            if e.data.get("name") in voted and e.kind.startswith("death"):
                assert "role" not in e.data, e


def test_secret_alliance_ally_unnamed_until_the_end() -> None:
    allies = 0
    for game in games("secret_alliance"):
        ally = game.state.store.get("secret_alliance")
        if ally is None:
            continue
        allies += 1
        chosen = [e for e in game.events if e.kind == "ally_chosen"]
        assert len(chosen) == 1 and chosen[0].to == frozenset({ally})
        for e in game.public_events():
            assert not e.kind.startswith("ally_") or e.kind == "ally_wins", e
        wins = [e for e in game.public_events() if e.kind == "ally_wins"]
        assert len(wins) == (1 if game.winner is not None and game.winner.value == "werewolves" else 0)
        # the ally's step is called every night the card holds, chosen or not
        calls = [e for e in game.events if e.cue and e.data.get("step") == "secret_alliance"
                 and e.kind == "wake"]
        assert len(calls) == game.state.night
    assert allies > GAMES // 2


def test_day_of_folly_swaps_who_answers_not_what_the_table_hears() -> None:
    """Dag van de dwaasheid: "heks & ziener, jager & onschuldig meisje en
    genezer & dorpsoudste" trade powers, the cards stay put: the card's night
    asks other players, and calls the same steps with the same cues as the
    night before it."""
    from engine import Options, Role

    names = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
    cards = (Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.LITTLE_GIRL, Role.HEALER,
             Role.ELDER, Role.WEREWOLF)
    setup = Setup(names, dict(zip(names, cards, strict=True)), options=Options(mayor_election_day=None),
                  variants=("full_moon",), variant_data=events_data(EventDeck(("day_of_folly",), 1, ())))
    game = Game(setup)
    asked: list[tuple[int, str, tuple[str, ...]]] = []
    answers = {"seer": "Anna", "werewolves": None, "vote": {}, "witch": {"save": False, "poison": None}}
    while True:
        req, night = game.request, game.state.night
        assert req is not None
        asked.append((night, req.ask.value, req.actors))
        if night == 4 and req.ask.value == "vote":
            break
        game.apply(("Fleur" if night % 2 else "Bram") if req.ask.value == "healer" else answers[req.ask.value])
    night3 = {ask: actors for night, ask, actors in asked if night == 3}
    assert night3 == {"healer": ("Gijs",), "seer": ("Cees",), "werewolves": ("Anna", "Hanna"),
                      "witch": ("Bram",), "vote": tuple(n for n in names)}
    night4 = {ask: actors for night, ask, actors in asked if night == 4}
    assert night4["healer"] == ("Fleur",) and night4["seer"] == ("Bram",)  # back the next morning
    cues: dict[int, list[tuple[str, object]]] = {}
    falls = 0
    for e in game.events:
        if e.kind == "night_falls":
            falls = e.data["night"]
        if e.cue:
            cues.setdefault(falls, []).append((e.kind, e.data.get("step")))
    assert cues[3] == cues[2] and cues[4] == cues[2]
