"""De Bloedbroeders (seed 004), an extra role: "Twee spelers die
bloedbroeders zijn kennen elkaar. Deze spelers zijn altijd slecht."
Beperkingen: "Enkel slechte spelers kunnen bloedbroeders zijn." "Let op:
Een bloedbroeder kan wel gekoppeld zijn en dus deel uitmaken van een
goed-slecht koppel. Een bloedbroeder kan ook lijk worden."

Dealt to two players with a bad card (``group``: named once, the deal gives
it to two); their board is their call on the first night, where they wake
and learn each other. A couple or a corpse changes nothing of it: the
extra role stays with its player (cupid couples anyone; the corpse keeps
his extra roles).
"""

from __future__ import annotations

from typing import Final

from engine.forum.botkit import SIDE_BOARDS
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.vocab import Role, Side

BLOOD_BROTHER: Final = Role.define("blood_brother")
BOARD: Final = "blood_brothers"
SIDE_BOARDS.add(BOARD)


def inform(s: ForumState) -> None:
    brothers = [p for p in s.living() if p in s.on_board(BOARD)]
    if brothers:
        s.emit("forum_blood_brothers_know", frozenset(brothers), names=brothers)


role(ForumRole(
    BLOOD_BROTHER, None, kind="extra", board=BOARD, group=2,
    carries=lambda card: card.side is Side.BAD,
    steps=(ForumStep("blood_brothers", 160, BLOOD_BROTHER, nights=lambda n: n == 1, inform=inform),),
))
