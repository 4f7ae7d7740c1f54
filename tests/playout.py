"""Random legal games for property tests: decks and invariant checks."""

from __future__ import annotations

import random

import config
from engine import Ask, Game, Role, Setup, Winner
from engine.options import Options
from engine.registry import secret_asks
from narrator.bots import Bots

SPECIALS = [
    Role.WITCH, Role.HUNTER, Role.CUPID, Role.LITTLE_GIRL, Role.THIEF, Role.VILLAGE_IDIOT,
    Role.SCAPEGOAT, Role.PIED_PIPER, Role.HEALER, Role.ELDER,
]
NAMES = [
    "Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet",
    "Kees", "Lot", "Mees", "Noor", "Otto", "Pien", "Quinten", "Roos",
]
#: asked of a player at the moment of his death, by the rules
DYING_ASKS = {Ask.HUNTER, Ask.MAYOR_SUCCESSOR, Ask.SCAPEGOAT}


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
    options = Options(
        wolves_win_at_parity=rng.random() < 0.3,
        witch_single_potion=rng.random() < 0.3,
        mayor_election_day=rng.choice([1, 1, 1, 2, 3, None]),
    )
    return Setup(tuple(names), dict(zip(names, deck[:n], strict=True)), tuple(deck[n:]), options, rng.randrange(10**6))


def check_invariants(game: Game) -> None:
    """Checked before every answer."""
    s, req = game.state, game.request
    assert req is not None
    for actor in req.actors:
        if req.ask in DYING_ASKS:
            assert not s.alive[actor], f"{req.ask} asked of a living player"
        else:
            assert s.alive[actor], f"dead {actor} asked {req.ask}"
        if req.ask in secret_asks():
            assert s.has_power(actor), f"powerless {actor} asked {req.ask}"


def check_secrets(game: Game) -> None:
    """No public event states a living player's role, except the village idiot
    whose card the village turns over; private kinds are never public."""
    s = game.state
    private_kinds = {"seer_sees", "werewolves_know", "in_love", "cupid_chose", "thief_took", "charmed", "charmed_wake"}
    for e in game.events:
        if e.public:
            assert e.kind not in private_kinds, e
            if "role" in e.data and e.kind != "idiot_revealed":
                assert not s.alive[e.data["name"]], f"role of living {e.data['name']} made public: {e}"
        else:
            assert e.to, "private event to nobody"


def play(setup: Setup, seed: int, style: str = "random") -> Game:
    game = Game(setup)
    bots = Bots(seed, style)
    while game.request is not None:
        check_invariants(game)
        game.apply(bots.decide(game))
        assert len(game.decisions) < 5000, "game does not end"
    assert isinstance(game.winner, Winner)
    assert sum(1 for e in game.events if e.kind == "game_over") == 1
    check_secrets(game)
    return game
