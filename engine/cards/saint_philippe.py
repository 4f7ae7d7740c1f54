"""Heilige Philippe (seed 000, direct): "Als het dorp al een burgemeester
heeft, wordt deze wegens wanbeleid afgezet. De burgers kiezen vervolgens een
nieuwe burgemeester. De nieuwe burgemeester spreekt de volgende beroepseed
uit: 'Ik volg het pad van Philippe en zal het dorp beschermen'." The mayor
(if any) is deposed and the usual election follows at once (two rounds,
then the lot); it counts as the game's election, so a later election day
holds none."""

from __future__ import annotations

from engine.cards.base import Card, card
from engine.day import mayor_election
from engine.rules import Flow
from engine.state import State


class SaintPhilippe(Card):
    id = "saint_philippe"

    def start(self, s: State) -> Flow:
        if s.mayor is not None:
            s.emit("mayor_deposed", name=s.mayor)
            s.mayor = None
        if not s.living():
            return False
        yield from mayor_election(s)
        _oath(s)
        return False


def _oath(s: State) -> None:
    """The new mayor's oath. (A function of its own: inside ``start`` mypy
    would still take ``s.mayor`` for the None set before the election, and
    the compiled engine checks what mypy believes.)"""
    if s.mayor is not None:
        s.emit("mayor_oath", name=s.mayor)


card(SaintPhilippe())
