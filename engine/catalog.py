"""The fixed ids of seed 000's variants and Full Moon event cards, as the
scenario format names them (``docs/scenario-format.md``).

This is the catalogue of what the seeds hold; which of them the engine can
play is the registry's business (``engine.variants``, ``engine.cards``).
"""

from __future__ import annotations

#: seed 000, *Varianten*, plus seed 002's game for beginners
VARIANT_IDS: tuple[str, ...] = (
    "moonlight", "villages_unite", "not_him", "talking_wall", "double_me_small",
    "double_me_big", "harvest_festival", "black_death", "lycanthropy", "full_moon",
    "beginners",
)

#: seed 000, *Volle maan*: continuous cards (a full moon on the card)
CONTINUOUS_CARDS: tuple[str, ...] = (
    "buried", "sleepwalker", "executioner", "secret_alliance", "deadly_touch",
)
#: temporary cards (a half moon)
TEMPORARY_CARDS: tuple[str, ...] = (
    "discontent", "ecstasy", "apparition", "night_of_madness", "return_of_the_victim",
    "influence", "the_little_one",
)
#: direct cards (a dark moon)
DIRECT_CARDS: tuple[str, ...] = (
    "miracle", "sweet_revenge", "saint_philippe", "spiritism", "distrust",
    "herb_gathering", "the_hunt", "day_of_folly", "flood", "heads_or_tails",
    "no_me_no_wolf", "nightmare", "dark_monday", "end_of_harvest", "good_manners",
    "saturday_night_ball", "lunar_eclipse", "elders_banquet", "sunny_sunday",
    "pact_with_the_devil",
)
CARD_IDS: tuple[str, ...] = CONTINUOUS_CARDS + TEMPORARY_CARDS + DIRECT_CARDS
