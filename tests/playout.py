"""Random legal games for property tests: decks and invariant checks."""

from __future__ import annotations

import random
from dataclasses import replace

import config
from engine import Ask, EventDeck, Game, Role, Setup, SetupError, Winner, check_setup, events_data
from engine.cards import CARDS
from engine.cards.base import in_force
from engine.options import Options
from engine.registry import ROLES, secret_asks
from engine.variants import VARIANTS
from engine.vocab import Phase
from narrator.bots import Bots

#: every special character the engine knows (new role modules join by themselves)
SPECIALS = [r for r, card in ROLES.items() if card.special]
NAMES = [
    "Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet",
    "Kees", "Lot", "Mees", "Noor", "Otto", "Pien", "Quinten", "Roos",
]
#: asked of a player at the moment of his death, by the rules
DYING_ASKS = {Ask.HUNTER, Ask.MAYOR_SUCCESSOR, Ask.SCAPEGOAT, Ask("executioner_successor")}
#: event cards that ask the dead: the first or the last eliminated
DEAD_ASKS = {Ask("ally"), Ask("influence"), Ask("revenge"), Ask("spirit_answer"),
             Ask("black_death")}  # the black death's last victim chooses its next
#: card asks put to a player whatever his powers (the werewolves' victim of
#: an apparition points at a werewolf, an infected one too; on the night of
#: madness a werewolf holds a villager's card, which the elder's death may
#: have stripped, yet spies as the card says)
ANY_POWER_ASKS = {Ask("apparition"), Ask("ally"), Ask("madness_seer")}
#: private events of the cards
CARD_PRIVATE = {"executioner_sees", "ally_chosen", "apparition_swap", "turned_werewolf"}


def random_setup(rng: random.Random, *, table: bool) -> Setup:
    if table:
        n = rng.randint(8, 18)
        specials = rng.sample(SPECIALS, rng.randint(0, len(SPECIALS)))
        row = next(r for r in config.deck_table() if r.players == n)
        specials = [r for r in specials if r is not Role.THIEF][: row.villagers] + (
            [Role.THIEF] if Role.THIEF in specials else []
        )
        deck = config.demo_deck(n, [r.value for r in specials])
    else:  # any mix the box's cards make, small games included
        n = rng.randint(3, 18)
        wolves = rng.randint(1, max(1, n // 3))
        specials = rng.sample(SPECIALS, min(len(SPECIALS), rng.randint(0, n - wolves)))
        deck = [Role.WEREWOLF] * wolves + specials
        total = n + (2 if Role.THIEF in specials else 0)
        deck += [Role.VILLAGER] * (total - len(deck))
        deck = deck[:total] if len(deck) > total else deck
        if Role.WEREWOLF not in deck:
            deck[0] = Role.WEREWOLF
    rng.shuffle(deck)
    names = NAMES[:n]
    variants = random_variants(rng)
    options = Options(
        wolves_win_at_parity=rng.random() < 0.3,
        witch_single_potion=rng.random() < 0.3,
        mayor_election_day=rng.choice([1, 1, 1, 2, 3, None]),
        extra={name: default for v in variants for name, default in VARIANTS[v].options.items()},
    )
    events = None
    if "full_moon" in variants and rng.random() < 0.7:
        cards = sorted(CARDS)
        continuous = [c for c in cards if CARDS[c].kind == "continuous"]
        events = EventDeck(tuple(rng.sample(cards, rng.randint(0, len(cards)))), rng.randint(1, 3),
                           tuple(rng.sample(continuous, rng.randint(0, min(2, len(continuous))))))
    setup = Setup(tuple(names), dict(zip(names, deck[:n], strict=True)), tuple(deck[n:]), options,
                  rng.randrange(10**6), variants, events_data(events))
    try:
        check_setup(setup)
    except SetupError:  # a mix the seeds rule out (a variant's own deck): the base game
        setup = Setup(setup.players, setup.roles, setup.middle, Options(), setup.seed)
    return setup


def random_variants(rng: random.Random) -> tuple[str, ...]:
    """None most of the time; else one to three variants that combine."""
    if rng.random() < 0.5:
        return ()
    chosen: list[str] = []
    for vid in rng.sample(sorted(VARIANTS), rng.randint(1, min(3, len(VARIANTS)))):
        v = VARIANTS[vid]
        if all(vid not in VARIANTS[c].excludes and c not in v.excludes for c in chosen):
            chosen.append(vid)
    return tuple(chosen)


def with_cards(rng: random.Random, setup: Setup) -> Setup:
    """The same deal with the Full Moon alone: a random deck of cards in a
    random order, drawn every 1st, 2nd or 3rd morning, continuous cards from
    the start now and then (a deal made for another variant is dealt again)."""
    while setup.variants or not any(ROLES[r].wolf for r in setup.deck):
        setup = random_setup(rng, table=len(setup.players) >= 8)
    ids = list(CARDS)
    rng.shuffle(ids)
    deck = ids[: rng.randint(1, len(ids))]
    rest = [c for c in ids if c not in deck and CARDS[c].kind == "continuous"]
    start = rest[: rng.randint(0, 1)] if rest and rng.random() < 0.3 else []
    options = replace(setup.options, extra={"sunny_sunday_lycanthropy": rng.random() < 0.5,
                                            "dark_monday_not_him": rng.random() < 0.5,
                                            "end_of_harvest_festival": rng.random() < 0.5})
    return replace(setup, variants=("full_moon",), options=options,
                   variant_data=events_data(EventDeck(tuple(deck), rng.choice([1, 1, 2, 3]), tuple(start))))


def with_random_variants(rng: random.Random, setup: Setup) -> Setup:
    """``setup`` with a random set of variants that combine, its deck fitted
    to them (no werewolves for the black death, no thief or cupid for the
    game for beginners) and random variant options."""
    ids = [v for v in sorted(VARIANTS) if v != "full_moon"]
    chosen: list[str] = []
    for vid in rng.sample(ids, rng.randint(1, min(3, len(ids)))):
        if all(vid not in VARIANTS[c].excludes and c not in VARIANTS[vid].excludes for c in chosen):
            chosen.append(vid)
    banned = set()
    if "black_death" in chosen:
        banned |= {r for r in ROLES if ROLES[r].wolf}
    if "beginners" in chosen:
        banned |= {Role.THIEF, Role.CUPID}
    if "double_me_small" in chosen:  # 7 to 9 players, open powers only
        from engine.variants.double_me_small import POWERS
        names = tuple(NAMES[:rng.randint(7, 8 if "beginners" in chosen else 9)])
        cards = list(POWERS) + [Role.VILLAGER] * (len(names) - len(POWERS))
        rng.shuffle(cards)
        setup = replace(setup, players=names, roles=dict(zip(names, cards, strict=True)), middle=())
        banned |= {Role.CUPID} if "beginners" in chosen else set()
    if "double_me_big" in chosen:  # 7 to 9 players, each one of variant a)'s cards; the box deals the rest
        from engine.variants.double_me_big import all_cards
        names = tuple(NAMES[:rng.randint(7, 9)])
        cards = all_cards(len(names))
        rng.shuffle(cards)
        setup = replace(setup, players=names, roles=dict(zip(names, cards, strict=False)), middle=())
    roles = {p: (Role.VILLAGER if r in banned else r) for p, r in setup.roles.items()}
    middle = tuple(Role.VILLAGER if r in banned else r for r in setup.middle)
    if Role.THIEF not in (*roles.values(), *middle):
        middle = ()  # the thief was banned: no middle cards without him
    if {"black_death", "double_me_small", "double_me_big"}.isdisjoint(chosen) and not any(ROLES[r].wolf for r in roles.values()):
        # the werewolves lay in the thief's middle: one player (not the thief) holds one
        roles[next(p for p in setup.players if roles[p] is not Role.THIEF)] = Role.WEREWOLF
    extra: dict[str, object] = {}
    if "moonlight" in chosen:
        extra["risky_candles"] = rng.random() < 0.5
    if "not_him" in chosen:
        extra["not_him_days"] = rng.choice([[], [1], [2, 3]])
    options = replace(setup.options, extra=extra)
    return replace(setup, roles=roles, middle=middle, options=options, variants=tuple(chosen), variant_data={})


def check_invariants(game: Game) -> None:
    """Checked before every answer."""
    s, req = game.state, game.request
    assert req is not None
    for actor in req.actors:
        if req.ask in DYING_ASKS:
            assert not s.alive[actor], f"{req.ask} asked of a living player"
        elif req.ask in DEAD_ASKS:
            assert not s.alive[actor], f"{req.ask} asked of a living player"
        else:
            assert s.alive[actor], f"dead {actor} asked {req.ask}"
        if req.ask in secret_asks() and req.ask not in ANY_POWER_ASKS | DEAD_ASKS:
            # a werewolf by his hidden card (de dubbele ik) keeps the pack's
            # power when the elder's death takes the village's
            faction = actor in s.faction_wolves and actor not in s.powerless
            assert s.has_power(actor) or faction, f"powerless {actor} asked {req.ask}"


def check_spans(game: Game, drawn: dict[str, int]) -> None:
    """No card is in force past its span: a card drawn on the morning of day
    ``d`` holds for the vote or the day of ``d`` (the little one: to the vote
    of ``d + 1``), for the night after it, or for the game."""
    s = game.state
    night = s.phase is Phase.NIGHT
    for cid in in_force(s):
        span, d = CARDS[cid].span, drawn.get(cid, 0)
        if span == "game":
            continue
        if cid == "the_little_one":
            ok = s.day <= d + 1 and not (night and s.night > d + 1)
        elif span in ("vote", "day"):
            ok = not night and s.day == d
        else:  # the night after the morning it was drawn
            ok = (not night and s.day == d) or (night and s.night == d + 1)
        assert ok, f"{cid} (span {span}, drawn day {d}) still in force at {s.when}"


def check_secrets(game: Game) -> None:
    """No public event states a living player's role, except the village idiot
    whose card the village turns over; private kinds are never public."""
    s = game.state
    private_kinds = {"seer_sees", "werewolves_know", "in_love", "cupid_chose", "thief_took", "charmed",
                     "charmed_wake", "infected", "powers_lost", *CARD_PRIVATE}
    #: a miracle's victim: his card was shown when he died
    revived = set(s.store.get("miracle", ()))
    for e in game.events:
        if e.public:
            assert e.kind not in private_kinds, e
            name = e.data.get("name")
            if "role" in e.data and name is not None and e.kind != "idiot_revealed" and name not in revived:
                assert not s.alive[name], f"role of living {name} made public: {e}"
        else:
            assert e.to, "private event to nobody"


def mixed_deal(i: int) -> Setup:
    """Game ``i`` of a mixed sample: plain deals, Full Moon cards (every third)
    and other variants (every third), table decks and random ones."""
    rng = random.Random(i)
    setup = random_setup(rng, table=i % 2 == 0)
    if i % 3 == 1:
        setup = with_cards(rng, setup)
    elif i % 3 == 2:
        setup = with_random_variants(rng, setup)
    return setup


def play(setup: Setup, seed: int, style: str = "random") -> Game:
    game = Game(setup)
    bots = Bots(seed, style)
    drawn: dict[str, int] = {}
    while game.request is not None:
        check_invariants(game)
        for e in game.apply(bots.decide(game)):
            if e.kind == "event_card":
                drawn[e.data["card"]] = game.state.day
        check_spans(game, drawn)
        assert len(game.decisions) < 5000, "game does not end"
    assert isinstance(game.winner, Winner)
    assert sum(1 for e in game.events if e.kind == "game_over") == 1
    check_secrets(game)
    return game
