"""The Full Moon's event cards, one module each (ids:
``engine.catalog.CARD_IDS``). Importing this package registers them; the
lines below are the registry."""

from engine.cards import (  # noqa: F401
    apparition,
    buried,
    dark_monday,
    day_of_folly,
    deadly_touch,
    discontent,
    distrust,
    ecstasy,
    elders_banquet,
    end_of_harvest,
    executioner,
    flood,
    good_manners,
    heads_or_tails,
    herb_gathering,
    influence,
    lunar_eclipse,
    miracle,
    night_of_madness,
    nightmare,
    no_me_no_wolf,
    pact_with_the_devil,
    return_of_the_victim,
    saint_philippe,
    saturday_night_ball,
    secret_alliance,
    sleepwalker,
    spiritism,
    sunny_sunday,
    sweet_revenge,
    the_hunt,
    the_little_one,
)
from engine.cards.base import CARDS, Card, find_card

__all__ = ["CARDS", "Card", "find_card"]
