"""The variants of seed 000 (and seed 002's game for beginners), one module
each. Importing this package registers them; the lines below are the
registry. Ids are the scenario format's (``engine.catalog.VARIANT_IDS``)."""

from engine.variants import (  # noqa: F401
    beginners,
    black_death,
    double_me_big,
    double_me_small,
    full_moon,
    harvest_festival,
    lycanthropy,
    moonlight,
    not_him,
    talking_wall,
)
from engine.variants.base import VARIANTS, Variant, find_variant, option_specs, variants_of


def variant_options(ids: tuple[str, ...] | list[str]) -> dict[str, object]:
    """The options the named variants declare (name -> default)."""
    return option_specs(variants_of(ids))


__all__ = ["VARIANTS", "Variant", "find_variant", "variant_options", "variants_of"]
