"""Seed 004's neutrals and extra roles (issue 28): the traits other parts ask
(the soulmates refuse a conversion and a switch, the drunk a switch, the
grave robber the shuffle), what the pyromaniac reads (an action used up),
the witch's potion given back, the corpse's partners; and the deck
proposals of ``wakkerdam balance --edition forum --propose``: proposals
near even, played again by ``simulate`` with the same wins."""

from __future__ import annotations

import json

import pytest

from engine import Setup
from engine.forum.fold import ORDER, Act
from engine.forum.game import ForumGame
from engine.forum.helpers import refused, spent
from engine.forum.registry import FORUM_ROLES
from engine.vocab import Role

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur")


def game(roles: dict[str, str], extra: dict[str, list[str]] | None = None) -> ForumGame:
    from narrator.scenario import parse

    doc = {"edition": "forum", "players": list(NAMES), "roles": roles, "extra": extra or {}, "seed": 1,
           "steps": []}
    return ForumGame(parse(doc).setup)


PLAIN = {"Anna": "werewolf", "Bram": "villager", "Cees": "villager", "Dirk": "villager", "Eva": "villager",
         "Fleur": "villager"}


def test_soulmates_refuse_a_conversion_and_a_switch_the_drunk_a_switch() -> None:
    g = game({**PLAIN, "Dirk": "seer"}, {"Bram": ["soulmate"], "Cees": ["soulmate"], "Dirk": ["drunk"]})
    s = g.state
    assert refused(s, "Bram", "convert") and refused(s, "Bram", "switch")
    assert refused(s, "Dirk", "switch") and not refused(s, "Dirk", "convert")
    assert not refused(s, "Eva", "convert") and not refused(s, "Eva", "switch")
    assert not refused(s, "Bram", "shuffle")


def test_the_grave_robber_refuses_the_shuffle() -> None:
    s = game({**PLAIN, "Bram": "grave_robber"}).state
    assert refused(s, "Bram", "shuffle") and not refused(s, "Cees", "shuffle")


def test_an_action_used_up_is_the_cards_own() -> None:
    """What the pyromaniac asks: "een actie die is opgebruikt"."""
    s = game({**PLAIN, "Bram": "hangman", "Cees": "witch", "Dirk": "pyromaniac"}).state
    assert not any(spent(s, p) for p in NAMES)
    s.memory("Bram")["used"] = True
    s.memory("Cees")["potions"] = {"save": False, "poison": True}
    assert spent(s, "Bram") and not spent(s, "Cees")
    s.memory("Cees")["potions"]["poison"] = False
    assert spent(s, "Cees")
    assert not FORUM_ROLES[Role.VILLAGER].acts  # no action at all: the fire leaves him be


def test_the_witch_gets_a_potion_back_when_a_meddler_gives_it() -> None:
    """"De heks krijgt zijn drankje(s) terug als de yeti zijn actie
    tegenhoudt. Hij krijgt hier een melding van" (the yeti marks the act:
    ``yeti.stopped``; the yeti's own scenarios play it through)."""
    from engine.forum.roles.witch import potion_back, potions

    g = game({**PLAIN, "Bram": "witch"})
    s = g.state
    potions(s, "Bram")["poison"] = False
    act = Act("witch", ORDER["kill_late"], ("Bram",), Role.WITCH, ["Anna"], lambda s, f, a: None,
              data={"potion": "poison"})
    potion_back(s, act)
    assert not potions(s, "Bram")["poison"]  # an ordinary failure gives nothing back
    act.data["yeti"] = True
    potion_back(s, act)
    assert potions(s, "Bram")["poison"]
    assert any(n[:2] == ("Bram", "forum_witch_potion_back") for n in s.store["_dawn_news"])


def test_the_corpse_and_its_digger_are_partners() -> None:
    """The oracle's "Een Lijk zal alleen een match vormen met de Grafdelver
    die het lijk heeft gemaakt" asks ``partners``."""
    from engine.forum.roles.corpse import digger_of, make_corpse, partners

    s = game({**PLAIN, "Bram": "gravedigger"}).state
    make_corpse(s, None, "Eva", "Bram")
    assert digger_of(s, "Eva") == "Bram" and partners(s, "Eva") == {"Bram"} and partners(s, "Bram") == {"Eva"}
    assert partners(s, "Cees") == set() and s.card["Eva"].value == "corpse"


def test_a_group_extra_role_is_dealt_to_two() -> None:
    from engine.forum.deck import check_deal, deal

    cards = [Role.WEREWOLF, Role.WEREWOLF, Role.VILLAGER, Role.VILLAGER, Role.VILLAGER, Role.VILLAGER]
    setup: Setup = deal(NAMES, cards, [Role.define("blood_brother")], 7)
    check_deal(setup)
    held = [p for p, tags in setup.extra.items() if Role.define("blood_brother") in tags]
    assert len(held) == 2 and all(setup.roles[p] is Role.WEREWOLF for p in held)


# -- the proposals ---------------------------------------------------------------------
SMALL = {"sketches": 8, "sketch_games": 10, "check_games": 20, "games": 40, "top": 2}


@pytest.fixture(scope="module")
def search():
    from narrator.balance.proposals import pool_of, propose

    return propose(8, pool_of(["seer", "witch", "hunter", "locksmith", "pyromaniac", "gravedigger", "cupid"]),
                   seed=3, jobs=1, **SMALL)


def test_proposals_are_decks_of_the_pool_best_first(search) -> None:
    from narrator.balance.proposals import order

    assert 1 <= len(search.proposals) <= 2
    allowed = {"seer", "witch", "hunter", "locksmith", "pyromaniac", "gravedigger", "cupid", "werewolf",
               "villager"}
    for p in search.proposals:
        assert len(p.deck.cards) == 8 and p.deck.wolves >= 1 and p.deck.deals()
        assert {r.value for r in p.deck.cards} | {r.value for r in p.deck.extras} <= allowed
        assert p.rates.games == 40 and sum(p.rates.wins.values()) == 40
        assert p.tips and any(t.role is Role.WEREWOLF and t.change < 0 for t in p.tips)
    keys = [order(p.deck, p.rates) for p in search.proposals]
    assert keys == sorted(keys)
    assert search.games >= 8 * 10 + 2 * 40


def test_a_proposal_holds_when_simulate_plays_it_again(search, capsys) -> None:
    """The same seed: the very same wins."""
    from narrator.demo import simulate_main

    p = search.proposals[0]
    assert simulate_main(["--edition", "forum", "--roles", ",".join(r.value for r in p.deck.cards),
                          "--extra", ",".join(r.value for r in p.deck.extras), "--games", "40",
                          "--seed", str(p.seed), "--bots", "sensible", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] == p.rates.wins


def test_the_same_question_the_same_answer_on_two_processes() -> None:
    from narrator.balance.proposals import pool_of, propose

    pool = pool_of(["seer", "witch", "hunter"])
    one = propose(9, pool, seed=5, jobs=1, **SMALL)
    two = propose(9, pool, seed=5, jobs=2, **SMALL)
    assert [(p.deck, p.rates) for p in one.proposals] == [(p.deck, p.rates) for p in two.proposals]


def test_the_cli_prints_the_decks_as_json(capsys) -> None:
    from narrator.balance.cli import main

    assert main(["--edition", "forum", "--players", "8", "--propose", "--roles-pool", "seer,witch,noble",
                 "--search-games", "10", "--games", "30", "--top", "2", "--jobs", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) >= {"decks", "games_per_estimate", "tips"}
    for deck in found["decks"]:
        assert set(deck) >= {"roles", "extra", "wins", "games"} and len(deck["roles"]) == 8
        assert deck["games"] == 30 and set(deck["wins"]) >= {"village", "werewolves"}
        assert deck["simulate"].startswith("wakkerdam simulate --edition forum")


@pytest.mark.parametrize(("argv", "key"), [
    (["--edition", "forum", "--players", "7", "--propose"], "8"),
    (["--edition", "forum", "--players", "31", "--propose"], "30"),
    (["--edition", "forum", "--players", "10", "--propose", "--roles-pool", "seer,dragon"], "dragon"),
    (["--players", "10", "--propose"], "--edition forum"),
])
def test_a_question_the_proposals_cannot_answer_is_one_line(capsys, argv, key) -> None:
    from narrator.balance.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("wakkerdam balance: ") and key in err[0]


def test_the_page_says_a_fairer_deck_of_the_same_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The set-up page's advisor: an unfair forum deck gets, beside its
    rates, the deck nearest to even the same search finds from the roles the
    group chose (``web.advice.forum_better``)."""
    import time

    import voices
    from web import choices
    from web.advice import Advice
    from web.app import advice_lines

    names = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet")
    form = {**{f"name_{i}": n for i, n in enumerate(names, 1)}, "edition": "forum",
            "fcount_werewolf": "4", "fcount_seer": "1", "fcount_witch": "1", "fcount_hunter": "1"}
    choice = choices.read(form).choice
    assert choice is not None
    advice = Advice(games=48)
    job = advice.ask(choice)
    deadline = time.monotonic() + 300
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.05)
    advice.close()
    assert job.estimate is not None and job.problem is None and job.done == job.total
    assert job.estimate.rates.rate("village") < 0.4  # four werewolves of ten: unfair
    best = job.estimate.proposals[0]
    assert best.rates.off_even < job.estimate.rates.off_even
    assert {r.value for r in best.deck.specials} <= {"seer", "witch", "hunter"}
    nl = voices.load("nl")
    lines = advice_lines(nl, job)
    assert lines["better"].startswith("Evener uit dezelfde rollen:") and not lines["fair"]
