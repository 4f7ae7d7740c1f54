"""IJzeren Hein (seed 004), an extra role: "De ijzeren hein is beschermd
tegen twee acties." "Als de jager de ijzeren hein mee het graf in wil nemen
zal er niets gebeuren, de identiteit van de ijzeren hein wordt ook niet
bekend gemaakt." "Als de beul de ijzeren hein wil vermoorden zal dit
mislukken en zal de beul zelf sterven, de identiteit van de ijzeren hein is
dan ook bekend." "De ijzeren hein kan elke gewone rol hebben, hij kan dus
ook weerwolf zijn." Beperkingen: "De ijzeren hein is enkel beschermd tegen
de beul en de jager, en dus niet tegen alle andere doodsoorzaken."

Dealt beside any card and told to its holder. What it does lives in the
texts it names: the hunter's module (his shot at the grim reaper does
nothing, and the box says no more than that) and the hangman's (the
hangman dies, and the box says why); the headsman's ("zal de actie
terugkaatsen") in his. Nothing else spares him.
"""

from __future__ import annotations

from typing import Final

from engine.forum.registry import ForumRole, role
from engine.forum.state import ForumState
from engine.vocab import Role

GRIM_REAPER: Final = Role.define("grim_reaper")


def is_grim_reaper(s: ForumState, name: str) -> bool:
    """Whether ``name`` is the grim reaper (the hunter, the hangman, the headsman ask)."""
    return s.has_extra(name, GRIM_REAPER)


role(ForumRole(GRIM_REAPER, None, kind="extra"))
