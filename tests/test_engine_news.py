"""What the engine makes public says nothing the rules keep secret (issue 10,
the engine's part): the night's dead in seat order whatever their cause, the
news of a death before what it sets off, a mayor's tie-break that offers
every tied player."""

from __future__ import annotations

import itertools

import pytest

from engine import Ask, Game, IllegalAnswer, Role, Setup

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")


def night_news(victim: str, poisoned: str) -> list[str]:
    roles = {n: Role.VILLAGER for n in NAMES} | {"Anna": Role.WEREWOLF, "Gijs": Role.WEREWOLF,
                                                "Hanna": Role.WITCH}
    game = Game(Setup(NAMES, roles))
    game.apply(victim)
    game.apply({"save": False, "poison": poisoned})
    return [e.data["name"] for e in game.events if e.kind == "death_night"]


@pytest.mark.parametrize("victim,poisoned", list(itertools.permutations(["Bram", "Eva", "Fleur"], 2)))
def test_the_nights_dead_are_named_in_seat_order_whatever_killed_them(victim: str, poisoned: str) -> None:
    named = night_news(victim, poisoned)
    assert named == sorted([victim, poisoned], key=NAMES.index)


def test_no_public_line_before_the_names_says_how_the_elder_died() -> None:
    roles = {n: Role.VILLAGER for n in NAMES} | {"Anna": Role.WEREWOLF, "Gijs": Role.WEREWOLF,
                                                "Hanna": Role.WITCH, "Bram": Role.ELDER,
                                                "Cees": Role.SEER}
    game = Game(Setup(NAMES, roles))
    game.apply("Dirk")                              # the seer looks
    game.apply("Eva")                               # the werewolves
    game.apply({"save": False, "poison": "Bram"})   # the witch poisons the elder
    public = [e.kind for e in game.events if e.public and not e.cue]
    assert public[:4] == ["night_falls", "day_breaks", "death_night", "death_night"]
    assert "village_powerless" not in public   # it would say the witch did it
    told = [e for e in game.events if e.kind == "powers_lost"]
    assert told and told[0].to == frozenset({"Cees", "Hanna"})


def test_the_mayors_tiebreak_offers_every_tied_player_and_refuses_his_lover_privately() -> None:
    roles = {n: Role.VILLAGER for n in NAMES} | {"Anna": Role.WEREWOLF, "Gijs": Role.WEREWOLF,
                                                "Hanna": Role.CUPID}
    game = Game(Setup(NAMES, roles))
    game.apply(["Bram", "Cees"])                    # cupid: Bram and Cees in love
    game.apply("Eva")                               # the werewolves
    game.apply({n: "Bram" for n in NAMES if n != "Eva"})   # Bram is mayor
    ballot = {"Anna": "Cees", "Cees": "Dirk", "Dirk": "Cees", "Fleur": "Dirk", "Gijs": "Anna",
              "Hanna": "Anna"}
    game.apply(ballot)                              # Cees 2, Dirk 2, Anna 2: a tie
    req = game.request
    assert req is not None and req.ask is Ask.MAYOR_TIEBREAK
    assert "Cees" in req.choices                    # his lover is offered like the others
    with pytest.raises(IllegalAnswer) as refused:
        game.check("Cees")
    assert refused.value.rule == "lover_vote" and not refused.value.public_safe
    assert game.check("Dirk") == "Dirk"
