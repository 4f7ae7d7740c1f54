"""Players between villages (seed 000, Dorpen, verenigt U): the engine's
surface for the several-villages evening."""

from __future__ import annotations

import pytest

from engine import Game, IllegalAnswer, Role, Setup
from engine.travel import Traveller

A = ("Anna", "Bram", "Cees", "Dirk", "Eva")
B = ("Fleur", "Gijs", "Hanna", "Ids", "Jet")


def to_the_discussion(game: Game) -> None:
    while game.request is not None and not game.request.discussion:
        req = game.request
        game.apply(req.default if req.secret else None)


def test_a_player_takes_his_card_and_its_potions_to_the_other_village() -> None:
    # "neemt zijn kaart mee (deze houdt hij geheim)"
    a = Game(Setup(A, {"Anna": Role.WEREWOLF, "Bram": Role.WITCH, "Cees": Role.VILLAGER,
                       "Dirk": Role.VILLAGER, "Eva": Role.VILLAGER}))
    b = Game(Setup(B, {"Fleur": Role.WEREWOLF, "Gijs": Role.VILLAGER, "Hanna": Role.VILLAGER,
                       "Ids": Role.VILLAGER, "Jet": Role.VILLAGER}))
    with pytest.raises(IllegalAnswer, match="discussion"):
        a.leave("Bram")                   # night 1: nobody leaves
    a.apply("Cees")                       # the werewolves
    a.apply({"save": False, "poison": "Eva"})   # the witch spends her poison
    to_the_discussion(a)
    b.apply("Gijs")
    to_the_discussion(b)
    t = a.leave("Bram")
    assert t.role == "witch" and t.memory["potions"] == {"save": True, "poison": False}
    assert "Bram" not in a.state.alive and "Bram" not in a.request.actors
    b.join(Traveller.from_dict(t.to_dict()))
    assert b.state.role["Bram"] is Role.WITCH and "Bram" in b.request.actors
    assert [e.kind for e in b.events if e.public][-1] == "newcomer"
    # replaying each village's decisions rebuilds it, moves included
    for g in (a, b):
        again = Game.replay(g.setup, g.decisions)
        assert again.state.players == g.state.players and again.events == g.events


def test_a_village_left_by_every_werewolf_is_won_by_its_villagers_at_once() -> None:
    # "Het is zelfs mogelijk dat alle weerwolven een dorp ontvluchten. Als dat
    #  gebeurt, winnen de bewoners van het dorp direct."
    a = Game(Setup(A, {"Anna": Role.WEREWOLF, "Bram": Role.VILLAGER, "Cees": Role.VILLAGER,
                       "Dirk": Role.VILLAGER, "Eva": Role.VILLAGER}))
    a.apply("Cees")
    to_the_discussion(a)
    a.leave("Anna")
    assert a.over and a.winner is not None and a.winner.value == "village"
