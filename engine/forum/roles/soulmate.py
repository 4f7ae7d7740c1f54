"""De Zielsverwanten (seed 004), an extra role: "Twee spelers die
zielsverwanten zijn kennen elkaar. Deze spelers zijn altijd goed en kunnen
niet geconverteerd worden." Beperkingen: "De wisselaar kan niet met een
zielsverwant wisselen." "Enkel goede spelers kunnen zielsverwant zijn."
"Let op: Een zielsverwant kan wel gekoppeld zijn en dus deel uitmaken van
een goed-slecht koppel. Een zielsverwant kan ook lijk worden." And in the
conversion wolf's and the omega wolf's texts: "De conversiewolf kan geen
zielsverwanten converteren. Wanneer hij dit probeert zal de conversie
mislukken"; "Zoals gewoonlijk kan hij geen zielsverwant converteren".

Dealt to two players with a good card (``group``); they wake on the first
night and learn each other. A conversion or a switch on a soulmate is
refused (``ForumRules.refuses``, ``"convert"`` and ``"switch"``): the
conversion wolf's and the switcher's modules ask
``engine.forum.helpers.refused`` and fail their act.
"""

from __future__ import annotations

from typing import Final

from engine.forum.botkit import SIDE_BOARDS
from engine.forum.registry import ForumRole, ForumRules, ForumStep, role
from engine.forum.state import ForumState
from engine.vocab import Role, Side

SOULMATE: Final = Role.define("soulmate")
BOARD: Final = "soulmates"
#: the role changes a soulmate is spared
REFUSED: Final = frozenset({"convert", "switch"})
SIDE_BOARDS.add(BOARD)


def inform(s: ForumState) -> None:
    mates = [p for p in s.living() if p in s.on_board(BOARD)]
    if mates:
        s.emit("forum_soulmates_know", frozenset(mates), names=mates)


class SoulmateRules(ForumRules):
    id = "soulmate"

    def refuses(self, s: ForumState, name: str, change: str) -> bool:
        return change in REFUSED and s.has_extra(name, SOULMATE)


role(ForumRole(
    SOULMATE, None, kind="extra", board=BOARD, group=2, rules=SoulmateRules(),
    carries=lambda card: card.side is Side.GOOD,
    steps=(ForumStep("soulmates", 170, SOULMATE, nights=lambda n: n == 1, inform=inform),),
))
