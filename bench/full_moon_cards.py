"""Every Full Moon card, drawn and carried out, over many simulated games.

Plays ``--games`` (default 2,000) bot games of 8-18 players with the variant
``full_moon`` and a deck of every playable card shuffled by the game's seed,
drawn every morning (every 2nd or 3rd morning for a third of the games), and
prints, per card: how often it was drawn, how often it was carried out (its
start ran to its end and it left the game when its span ended, or holds to
the end), and how often the effect it brings could be seen (a sign of its
own: an event it emits or an ask it puts). Ends with the games per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
from engine import EventDeck, Game, Setup, events_data  # noqa: E402  # noqa: E402
from engine.cards import CARDS  # noqa: E402
from engine.options import Options  # noqa: E402
from narrator.bots import Bots  # noqa: E402
from narrator.demo import NAMES  # noqa: E402

SPECIALS = ("witch", "hunter", "cupid", "little_girl", "village_idiot", "scapegoat", "pied_piper",
            "healer", "elder")


def random_setup(rng: random.Random) -> Setup:
    """A table deck of 8-18 players (seed 001) with a random choice of specials."""
    n = rng.randint(8, 18)
    cards = config.demo_deck(n, rng.sample(list(SPECIALS), rng.randint(0, 4)))
    rng.shuffle(cards)
    names = NAMES[:n]
    return Setup(tuple(names), dict(zip(names, cards[:n], strict=True)), tuple(cards[n:]), Options(),
                 rng.randrange(10**6))

#: the sign that a card did what it does: events it emits, asks it puts
SIGNS: dict[str, set[str]] = {
    "buried": {"death_night_buried"}, "sleepwalker": {"sleepwalker_saw", "sleepwalker_nothing"},
    "executioner": {"executioner_named"}, "secret_alliance": {"ask:ally"},
    "deadly_touch": {"ask:touch"}, "discontent": {"event_second_vote"}, "ecstasy": {"event_second_vote"},
    "apparition": {"ask:apparition"}, "night_of_madness": {"ask:madness_seer"},
    "return_of_the_victim": {"turned_werewolf", "death_return"}, "influence": {"influence_first"},
    "the_little_one": {"little_one_leaves"}, "miracle": {"miracle_revived", "miracle_none"},
    "sweet_revenge": {"revenge_named", "revenge_declined", "revenge_none"},
    "saint_philippe": {"mayor_oath"}, "spiritism": {"spirit_yes", "spirit_no", "spiritism_none"},
    "distrust": {"distrust_result"}, "herb_gathering": {"ask:herbs"}, "the_hunt": {"ask:hunt"},
    "flood": {"flood_no_vote", "flood_void"}, "heads_or_tails": {"coin_heads", "coin_tails"},
    "no_me_no_wolf": {"ask:said_forbidden"}, "good_manners": {"ask:interrupted"},
    "lunar_eclipse": {"ask:looked"}, "nightmare": {"ask:nightmare"},
    "saturday_night_ball": {"ask:ball"}, "elders_banquet": {"ask:banquet"},
    "pact_with_the_devil": {"pact_signed", "pact_refused"},
    "sunny_sunday": {"event_card"}, "dark_monday": {"event_card"}, "end_of_harvest": {"event_card"},
}


def one_game(seed: int) -> tuple[list[str], set[str], set[str]]:
    """(cards drawn, cards whose span ended or that hold to the end, signs seen)."""
    rng = random.Random(seed)
    setup = random_setup(rng)
    options = replace(setup.options, extra={"sunny_sunday_lycanthropy": seed % 2 == 0})
    setup = replace(setup, variants=("full_moon",), options=options)
    if seed % 3 == 0:  # "om de twee of drie ronden": a host's pile, every 2nd or 3rd morning
        pile = list(CARDS)
        rng.shuffle(pile)
        setup = replace(setup, variant_data=events_data(EventDeck(tuple(pile), 2 + seed % 2)))
    game, bots = Game(setup, cues=False), Bots(seed, "random" if seed % 2 else "sensible")
    seen: set[str] = set()
    while game.request is not None:
        seen.add(f"ask:{game.request.ask.value}")
        game.apply(bots.decide(game))
    seen |= {e.kind for e in game.events}
    drawn = [e.data["card"] for e in game.events if e.kind == "event_card"]
    ended = {e.data["card"] for e in game.events if e.kind == "event_card_ends"}
    held = set(game.state.store.get("_cards", ()))
    done = {c for c in drawn if CARDS[c].span == "now" or c in ended or c in held}
    return drawn, done, seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    drawn, done, signed = Counter[str](), Counter[str](), Counter[str]()
    start = time.perf_counter()
    for seed in range(args.games):
        got, finished, seen = one_game(seed)
        drawn.update(got)
        done.update(finished)
        signed.update(c for c in set(got) if SIGNS[c] & seen)
    took = time.perf_counter() - start
    print(f"{args.games} games with the Full Moon in {took:.1f} s ({args.games / took:.0f} games/s)")
    print(f"{'card':<22}{'drawn':>8}{'carried out':>13}{'effect seen':>13}")
    for cid in CARDS:
        print(f"{cid:<22}{drawn[cid]:>8}{done[cid]:>13}{signed[cid]:>13}")
    missing = [c for c in CARDS if not drawn[c] or done[c] < drawn[c]]
    print(f"cards: {len(CARDS)}; every card drawn and carried out: {'yes' if not missing else 'no ' + str(missing)}")
    return 0 if not missing else 1


if __name__ == "__main__":
    sys.exit(main())
